/** Plain messages, captions and media (voice notes, photos, files) become entries; edits revise them. The acknowledgement is a reaction. */
import { Composer } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { mediaOf } from '../message-media.ts';
import { errorMessage } from '../../log/error-message.ts';
import { textOrLabel, type EntryDraft } from '../../journal/entries/entry.ts';
import { hashtagEntities } from '../../journal/tags/hashtags.ts';
import { markdownOf, shiftEntities, type TextEntity } from '../../journal/entries/entity-markdown.ts';
import { fromUnixSeconds } from '../../journal/dates/local-moment.ts';
import { journalOfUpdate } from '../topic-journal.ts';
import { offerReflection } from './reflect.ts';
import { MAIN_JOURNAL } from '../../journal/journal-names.ts';

const SAVED_REACTION = '✍';

/** Messages that can be entries: text, a caption, or media without either. */
const KEPT: (
  | 'message:text'
  | 'message:caption'
  | 'message:voice'
  | 'message:video_note'
  | 'message:photo'
  | 'message:document'
  | 'message:video'
  | 'message:audio'
  | 'message:animation'
)[] = [
  'message:text',
  'message:caption',
  'message:voice',
  'message:video_note',
  'message:photo',
  'message:document',
  'message:video',
  'message:audio',
  'message:animation',
];

/** The draft of a message; `journal` is its topic's (journal-names.ts), undefined outside topics (the main journal). */
function draftOf(message: Message, ownerId: number, journal: string | undefined): EntryDraft | null {
  let written = message.text ?? message.caption;
  let entities: readonly TextEntity[] | undefined = message.entities ?? message.caption_entities;
  // `//etc/hosts…` is how an entry that starts with a slash is sent (unknown-command.ts): kept with one slash.
  if (written?.startsWith('//')) [written, entities] = [written.slice(1), shiftEntities(entities, -1)];
  const media = mediaOf(message);
  const hasText = written !== undefined && written.trim() !== '';
  if (!hasText && !media) return null;
  // The entry keeps the message's formatting as Markdown (entity-markdown.ts).
  const formatted = hasText ? markdownOf(written!, entities) : written;
  const text = media ? textOrLabel(formatted, media) : formatted!;
  const hashtags = hasText ? hashtagEntities(written!, entities) : [];
  const album = message.media_group_id === undefined ? {} : { mediaGroupId: message.media_group_id };
  const draft: EntryDraft = {
    ownerId,
    source: 'live',
    chatId: message.chat.id,
    messageId: message.message_id,
    writtenAt: fromUnixSeconds(message.date),
    text,
    media: media ? [media] : [],
    hashtags,
    ...album,
  };
  return journal === undefined ? draft : { ...draft, journal };
}

export function entryFeature(
  deps: Pick<BotDeps, 'capture' | 'logger' | 'journals'> & Partial<Pick<BotDeps, 'reflect' | 'questions' | 'jobs'>>,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.on(KEPT, async (ctx, next) => {
    // Outside topics a message goes to the owner's default journal (/journal default), the main one unless set.
    const journal = (await journalOfUpdate(ctx, deps.journals)) ?? (await deps.journals.defaultOf(ctx.from.id));
    const draft = draftOf(ctx.message, ctx.from.id, journal === MAIN_JOURNAL ? undefined : journal);
    if (!draft) return next(); // a sticker, or a caption of blanks: the catch-all explains
    const result = await deps.capture.save(draft, ctx.message.reply_to_message?.message_id);
    deps.logger.info('entry.saved', {
      update_id: ctx.update.update_id,
      message_id: draft.messageId,
      result,
      chars: draft.text.length,
      media: draft.media?.[0]?.kind ?? null,
    });
    if (result === 'duplicate') return; // Telegram re-delivered it; it was acknowledged the first time
    try {
      await ctx.react(SAVED_REACTION);
    } catch (error) {
      // The entry is safe; a missing reaction must not turn into an apology.
      deps.logger.error('entry.reaction_failed', { update_id: ctx.update.update_id, error: errorMessage(error) });
    }
    await offerReflection(ctx, deps, draft); // a job: the question (if any) comes later, capture is done
  });

  composer.on(['edited_message:text', 'edited_message:caption'], async (ctx) => {
    const edited = ctx.editedMessage;
    const draft = draftOf(edited, ctx.from.id, await journalOfUpdate(ctx, deps.journals));
    if (!draft) return;
    const editedAt = fromUnixSeconds(edited.edit_date ?? edited.date);
    const result = await deps.capture.edit(draft, editedAt);
    deps.logger.info('entry.edited', { update_id: ctx.update.update_id, message_id: draft.messageId, result });
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'entry',
  help: '• Write anything: every message is saved as an entry, and so are voice notes, video notes, photos and files ([voice note 0:42], or the caption). Edits are kept, with the earlier text. #hashtags are kept per entry. With transcription set up, a voice note’s words become its text.',
  welcome: () => '• Edits keep the earlier text; #tags are kept per entry.',
  phase: 'messages',
  compose: (deps) => entryFeature(deps),
};
