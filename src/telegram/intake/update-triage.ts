/**
 * What the inbox must know of a raw update before handling it: the lane (chat) it belongs to, whether it is an owner's
 * (owners' chats go first; anyone else's keeps no text), and whether it can be handled at all (a malformed update is
 * parked, never retried forever nor dropped).
 */
import { z } from 'zod';
import type { Update } from 'grammy/types';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object an update carries (its `message`, `callback_query`, …) and the chat and sender in it. */
function partsOf(update: Update): { kind: string | null; chat: Loose | null; from: Loose | null } {
  for (const [kind, value] of Object.entries(update as unknown as Loose)) {
    if (kind === 'update_id' || !isObject(value)) continue;
    const message = isObject(value.message) ? value.message : null;
    const chat = isObject(value.chat) ? value.chat : message && isObject(message.chat) ? message.chat : null;
    const from = isObject(value.from) ? value.from : null;
    return { kind, chat, from };
  }
  return { kind: null, chat: null, from: null };
}

/** The chat an update belongs to; updates without one are keyed by their user, else share one lane. */
export function chatKeyOf(update: Update): string {
  const { chat, from } = partsOf(update);
  if (chat && typeof chat.id === 'number') return `chat:${chat.id}`;
  if (from && typeof from.id === 'number') return `user:${from.id}`;
  return 'none';
}

/** The private chat a lane's notices go to (a group's or an unknown lane gets none). */
export function privateChatOf(chatKey: string): number | null {
  const match = /^(?:chat|user):(\d+)$/.exec(chatKey);
  return match ? Number(match[1]) : null;
}

/** The access rule (features/access.ts) on a raw update: an owner writing in a private chat. */
export function isOwners(update: Update, owners: readonly number[]): boolean {
  const { kind, chat, from } = partsOf(update);
  // A Stop press names only its private chat, whose id is the user's.
  const userId = kind === 'stopped_message_generation' ? chat?.id : from?.id;
  return chat?.type === 'private' && typeof userId === 'number' && owners.includes(userId);
}

/**
 * A stranger's (or a group's) update as stored: only what the access feature needs to turn it away (who, which chat,
 * which message or button), no text, caption, media or names.
 */
export function withoutText(update: Update): Update {
  const { kind, chat, from } = partsOf(update);
  if (kind === null) return { update_id: update.update_id };
  const value = (update as unknown as Loose)[kind] as Loose;
  const kept: Loose = {};
  if (from) kept.from = { id: from.id, is_bot: from.is_bot ?? false, first_name: '' };
  const slimChat = chat ? { id: chat.id, type: chat.type } : undefined;
  if (typeof value.message_id === 'number')
    Object.assign(kept, { message_id: value.message_id, date: value.date, chat: slimChat });
  else if (typeof value.id === 'string') {
    kept.id = value.id;
    if (typeof value.chat_instance === 'string') kept.chat_instance = value.chat_instance;
    if (isObject(value.message) && slimChat)
      kept.message = { message_id: value.message.message_id, date: value.message.date, chat: slimChat };
  } else if (slimChat) kept.chat = slimChat;
  return { update_id: update.update_id, [kind]: kept };
}

const chat = z.object({ id: z.number().int(), type: z.string() });
const user = z.object({ id: z.number().int() });
const message = z.object({ message_id: z.number().int(), date: z.number().int(), chat, from: user.optional() });
const MESSAGE_KINDS = [
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_message',
  'edited_business_message',
];
const SHAPES: Record<string, z.ZodType> = {
  ...Object.fromEntries(MESSAGE_KINDS.map((k) => [k, message])),
  callback_query: z.object({ id: z.string(), from: user }),
  inline_query: z.object({ id: z.string(), from: user }),
  my_chat_member: z.object({ chat, from: user }),
  chat_member: z.object({ chat, from: user }),
  stopped_message_generation: z.object({ chat, draft_id: z.number().int() }),
};

/** Why an update cannot be handled as it stands (what was expected), or null when it can. */
export function malformedReason(update: unknown): string | null {
  if (!isObject(update)) return 'expected a JSON object (a Telegram Update)';
  if (!Number.isSafeInteger(update.update_id)) return 'expected an integer update_id';
  const kinds = Object.keys(update).filter((k) => k !== 'update_id');
  if (kinds.length !== 1)
    return `expected exactly one kind of update besides update_id (got ${kinds.length ? kinds.join(', ') : 'none'})`;
  const kind = kinds[0] as string;
  if (!isObject(update[kind])) return `expected ${kind} to be an object`;
  const shape = SHAPES[kind];
  if (!shape) return null; // a kind the bot does not handle: it passes through untouched
  const parsed = shape.safeParse(update[kind]);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `${[kind, ...(issue?.path ?? []).map(String)].join('.')}: ${issue?.message ?? 'unexpected shape'}`;
}
