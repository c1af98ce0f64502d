/**
 * The most text one tool result carries. Claude reads up to 150,000 characters of a result on claude.ai and 25,000
 * tokens in Claude Code (JSON runs near 3 characters a token); methods already cap their values far lower
 * (objects/bound-result.ts), so this is the last guard, never the usual bound.
 */
export const MAX_RESULT_CHARS = 60_000;

/** The text whole when it fits, else its start and a note saying how to ask for less. */
export function withinResultLimit(text: string, limit = MAX_RESULT_CHARS): string {
  if (text.length <= limit) return text;
  const note = `\n[Result cut at ${limit} of ${text.length} characters. Narrow the view first (getDateRangeView, search) or page with limit and offset.]`;
  return text.slice(0, limit - note.length) + note;
}
