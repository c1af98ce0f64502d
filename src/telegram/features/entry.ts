/** Plain messages and captions become entries; edits revise them. The acknowledgement is a reaction. */
import { Composer } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';
import { errorMessage } from '../../logger.ts';
import type { EntryDraft } from '../../journal/entry.ts';

const SAVED_REACTION = '✍';

function draftOf(message: Message, ownerId: number): EntryDraft | null {
  const text = message.text ?? message.caption;
  if (!text || text.trim() === '') return null;
  return { ownerId, source: 'live', chatId: message.chat.id, messageId: message.message_id, writtenAt: new Date(message.date * 1000), text };
}

export function entryFeature(deps: Pick<BotDeps, 'capture' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.on(['message:text', 'message:caption'], async (ctx) => {
    const draft = draftOf(ctx.message, ctx.from.id);
    if (!draft) return;
    const result = await deps.capture.save(draft);
    deps.logger.info('entry.saved', { update_id: ctx.update.update_id, message_id: draft.messageId, result, chars: draft.text.length });
    if (result === 'duplicate') return; // Telegram re-delivered it; it was acknowledged the first time
    try {
      await ctx.react(SAVED_REACTION);
    } catch (error) {
      // The entry is safe; a missing reaction must not turn into an apology.
      deps.logger.error('entry.reaction_failed', { update_id: ctx.update.update_id, error: errorMessage(error) });
    }
  });

  composer.on(['edited_message:text', 'edited_message:caption'], async (ctx) => {
    const edited = ctx.editedMessage;
    const draft = draftOf(edited, ctx.from.id);
    if (!draft) return;
    const editedAt = new Date((edited.edit_date ?? edited.date) * 1000);
    const result = await deps.capture.edit(draft, editedAt);
    deps.logger.info('entry.edited', { update_id: ctx.update.update_id, message_id: draft.messageId, result });
  });

  return composer;
}
