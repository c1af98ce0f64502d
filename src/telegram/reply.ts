/** Splits plain text into Telegram messages: at most 4096 UTF-16 units each, cut at paragraph, line or word boundaries. */

export const TELEGRAM_TEXT_LIMIT = 4096;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Where to cut `text` so the head fits `limit`: the last blank line, newline or space in its second half, else a hard cut. */
function cutPoint(text: string, limit: number): { at: number; skip: number } {
  for (const sep of ['\n\n', '\n', ' ']) {
    const at = text.lastIndexOf(sep, limit - sep.length);
    if (at >= limit / 2) return { at, skip: sep.length };
  }
  // Never split a surrogate pair (an emoji would turn into two broken halves).
  return { at: isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit, skip: 0 };
}

/** The chunks, in order; only the separator at each cut is dropped. */
export function splitForTelegram(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const { at, skip } = cutPoint(rest, limit);
    chunks.push(rest.slice(0, at));
    rest = rest.slice(at + skip);
  }
  chunks.push(rest);
  return chunks.filter((c, i) => c.trim() !== '' || (i === 0 && chunks.length === 1));
}
