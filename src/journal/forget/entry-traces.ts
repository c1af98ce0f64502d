/**
 * Where an entry left traces in stored JSON (a conversation's turns, a raw Telegram update, a job's payload): its text,
 * or an entry object carrying its id, or a Telegram message that is its message. Forgetting removes every row this
 * recognises, so it errs on the side of recognising: a row that only shares a sentence with the entry goes too.
 */

/** Text compared in windows this long, overlapping by half: a quote of at least 1.5 windows always holds one whole. */
const WINDOW = 32;
const STRIDE = 16;
/** Texts shorter than this are too common to recognise by text alone (ids and message ids still match). */
const MIN_NEEDLE = 6;

export interface EntryTraceSource {
  id: number;
  chatId: number;
  messageId: number;
  /**
   * The current title and content, each revision's, and anything else the entry produced (an `ask` answer that read
   * it, a follow-up question asked about it).
   */
  texts: readonly string[];
  /** Chat messages that quoted the entry (the bot's own "Forget this entry?" prompt): updates about them go too. */
  alsoMessages?: readonly { chatId: number; messageId: number }[];
}

export interface EntryTraces {
  /** Whether a stored conversation (its turns, or its receipt), as JSON text, holds the entry's text or an entry object of it. */
  inConversation(json: string): boolean;
  /** Whether a raw Telegram update (an inbox row, a job's payload), as JSON text, holds the entry's text or its message. */
  inUpdate(json: string): boolean;
}

/** JSON-escaped `depth` times, as text sits inside a tool result inside a stored conversation (or a cut result in that). */
function escaped(text: string, depth: number): string {
  let out = text;
  for (let i = 0; i < depth; i++) out = JSON.stringify(out).slice(1, -1);
  return out;
}

/** Overlapping windows of a text, or the whole text when it is short. */
function windowsOf(text: string): string[] {
  const t = text.trim();
  if (t.length < MIN_NEEDLE) return [];
  if (t.length <= WINDOW) return [t];
  const out: string[] = [];
  for (let at = 0; at + WINDOW <= t.length; at += STRIDE) out.push(t.slice(at, at + WINDOW));
  out.push(t.slice(-WINDOW));
  return out;
}

/** The first line of a text, as a preview shows it (the bot's prompt, a title). */
const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

function walk(value: unknown, visit: (value: unknown) => boolean, depth = 0): boolean {
  if (visit(value)) return true;
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  for (const item of Object.values(value)) if (walk(item, visit, depth + 1)) return true;
  return false;
}

export function entryTraces(source: EntryTraceSource): EntryTraces {
  const needles = new Set<string>();
  for (const text of source.texts) {
    for (const piece of [...windowsOf(text), ...windowsOf(firstLine(text))]) {
      // Stored as is (a text block, a raw update), inside one JSON string (a tool result), or inside two (a cut result).
      for (let depth = 0; depth <= 2; depth++) needles.add(escaped(piece, depth));
    }
  }
  // An entry object in a result: {"id":12,"date":… or {"id":12,"time":…, possibly inside a JSON string (escaped quotes).
  const idPattern = new RegExp(`\\\\*"id\\\\*":${source.id}[,}]`);
  const messages = [{ chatId: source.chatId, messageId: source.messageId }, ...(source.alsoMessages ?? [])];
  const isMessage = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object') return false;
    const m = value as { message_id?: unknown; chat?: { id?: unknown } };
    return messages.some((k) => m.message_id === k.messageId && m.chat?.id === k.chatId);
  };
  const hasText = (value: unknown): boolean => {
    if (typeof value !== 'string') return false;
    for (const needle of needles) if (value.includes(needle)) return true;
    return false;
  };
  const inJson = (json: string, visit: (value: unknown) => boolean) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json) as unknown;
    } catch {
      return hasText(json);
    }
    return walk(parsed, visit);
  };
  return {
    // Only results carry entry objects; an update's numeric "id"s are users and chats.
    inConversation: (json) => idPattern.test(json) || inJson(json, hasText),
    inUpdate: (json) => inJson(json, (v) => isMessage(v) || hasText(v)),
  };
}
