/** Finds object references in a question: `@journal` and `@<handle id>` (a UUID). */

const MENTION = /(?<![\w@])@(journal|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/gi;

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
