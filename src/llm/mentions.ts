/**
 * Finds object references in a question: `@journal`, `@journal:<name>` (one word: a name with spaces is reached
 * through getJournal) and `@<handle id>` (a UUID, or what looks like a cut one).
 */
import type { ObjectSummary } from '../objects/operations.ts';

// A mention starting with 8 hex digits and a dash is an attempted handle, even when cut short: it must resolve or be reported.
const MENTION = /(?<![\w@])@(journal(?::[\p{L}\p{N}_]+)?|[0-9a-f]{8}-[0-9a-f-]*[0-9a-f])(?![\w-])/giu;

/** The handle ids mentioned, in order of first appearance, without duplicates. */
export function findMentions(text: string): string[] {
  const ids = [...text.matchAll(MENTION)].map((m) => (m[1] ?? '').toLowerCase());
  return [...new Set(ids)];
}

/** A message is a question when it mentions an object or starts with /ask. */
export function isQuestion(text: string): boolean {
  return /^\/ask(@\w+)?(\s|$)/i.test(text.trim()) || findMentions(text).length > 0;
}

/** The question without a leading /ask command. */
export function stripAskCommand(text: string): string {
  return text.trim().replace(/^\/ask(@\w+)?\s*/i, '');
}

/** The reply to a question that mentions handles the user does not hold: which ones, and what they do hold. */
export function unknownMentionsText(unknown: string[], held: ObjectSummary[], more: number): string {
  const shown = held.slice(0, 10);
  return [
    `I don't know ${unknown.map((id) => `@${id}`).join(', ')}. Your handles:`,
    ...shown.map((o) => `• @${o.objId}: ${o.description}`),
    ...(held.length > shown.length || more > 0 ? [`(and ${held.length - shown.length + more} more)`] : []),
    'Mention one of these, e.g. "@journal how many days did I write in April?"',
  ].join('\n');
}
