/**
 * Hard wraps undone: text typed in an editor that breaks lines at a fixed width (jrnl's files, some Day One entries)
 * has paragraphs cut into ragged lines. A line break is a wrap when the line is long and the next line's first word
 * would not have fitted after it at the width the text was wrapped to (its longest line); a short line, a list item,
 * a quote, a heading, a table row, code, or a Markdown hard break (two spaces, a backslash) ends its line for real.
 * Only a text showing at least two such breaks at one width of 40 to 100 characters is unwrapped: one long line
 * followed by a short one is a line the owner ended.
 */

const WIDEST_WRAP = 100;
const NARROWEST_WRAP = 40;
/** A wrapped line fills most of the width. */
const FILLED = 0.6;

/** A line that is a block of its own in Markdown, or blank. */
const SPECIAL =
  /^\s*$|^\s{0,3}(?:[-*+]\s|\d{1,9}[.)]\s|>|#{1,6}(?:\s|$)|```|~~~|\||[-=_*]{3,}\s*$)|^(?: {4}|\t)|^\s*(?:-\s*)?\[[ xX]\]/;

const firstWord = (line: string) => /^\S+/.exec(line.trimStart())?.[0] ?? '';

export function unwrapHardWraps(text: string): string {
  const lines = text.split('\n');
  let inFence = false;
  const prose = lines.map((line) => {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence;
      return false;
    }
    return !inFence && !SPECIAL.test(line);
  });
  const width = Math.max(0, ...lines.filter((_, i) => prose[i]).map((l) => [...l].length));
  if (width < NARROWEST_WRAP || width > WIDEST_WRAP) return text;
  const isWrap = (i: number) => {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (next === undefined || !prose[i] || !prose[i + 1]) return false;
    if (/ {2}$|\\$/.test(line)) return false;
    const length = [...line.trimEnd()].length;
    return length >= width * FILLED && length + 1 + [...firstWord(next)].length > width;
  };
  const wraps = lines.map((_, i) => isWrap(i));
  if (wraps.filter(Boolean).length < 2) return text;
  let out = '';
  lines.forEach((line, i) => {
    out += i === 0 ? line : wraps[i - 1] ? ` ${line.trimStart()}` : `\n${line}`;
    if (wraps[i]) out = out.trimEnd();
  });
  return out;
}
