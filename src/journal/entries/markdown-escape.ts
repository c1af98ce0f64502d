/**
 * Plain text as Markdown that shows the same words: a character is escaped only where Markdown would otherwise read
 * it as formatting (`2*3*4`, `_init_`, a backtick, `](` of a link, a `# ` heading or a `---` underline at a line's
 * start, `&amp;`), so `snake_case`, `2 * 3` and most text stay as they were typed. Entries are Markdown: the web view
 * renders them, exports keep them as they are.
 */

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;
const MAYBE_SPECIAL = /[\\`*_~\]&#=-]/;

const isWord = (c: string | undefined) => c !== undefined && WORD.test(c);
const isSpaceOrEdge = (c: string | undefined) => c === undefined || SPACE.test(c);

const twice = new Map<string, RegExp>([
  ['*', /\*[\s\S]*\*/],
  ['_', /_[\s\S]*_/],
  ['~', /~[\s\S]*~/],
]);
const hasTwo = (text: string, c: string) => twice.get(c)!.test(text);

/** Whether `text[i]` starts a line (ignoring up to three spaces, as Markdown does). */
function atLineStart(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && i - j <= 3 && text[j] === ' ') j--;
  return j < 0 || text[j] === '\n';
}

/** Whether the character at `i` of `text` needs a backslash to stay itself (Markdown would read it otherwise). */
export function needsEscape(text: string, i: number, paired = false): boolean {
  const c = text[i]!;
  // A lone `*`, `_` or `~` has nothing to pair with, so it formats nothing (`5*3`, `~5 minutes`); `paired` says the
  // Markdown around it adds delimiters (an entity's `**`) that it could pair with.
  if ((c === '*' || c === '_' || c === '~') && !paired && !hasTwo(text, c)) return false;
  const before = text[i - 1];
  const after = text[i + 1];
  switch (c) {
    case '\\':
      return after !== undefined && ASCII_PUNCTUATION.test(after);
    case '`':
      return true;
    case '*':
      // ` * ` can neither open nor close emphasis, and `* ` at a line's start is a list the owner typed.
      return !(isSpaceOrEdge(before) && isSpaceOrEdge(after));
    case '_':
      // Inside a word (`snake_case`) an underscore never emphasises.
      return !(isWord(before) && isWord(after));
    case '~':
      // GitHub's Markdown strikes through between single tildes too.
      return !(isSpaceOrEdge(before) && isSpaceOrEdge(after));
    case ']':
      return after === '(';
    case '&':
      return /^&#?\w+;/.test(text.slice(i, i + 34));
    case '#':
      return atLineStart(text, i) && /^#{1,6}(?:[ \t]|$|\n)/.test(text.slice(i, i + 8));
    case '-':
    case '=': {
      // A line of only dashes or equals signs under text makes that text a heading (or is a rule).
      if (!atLineStart(text, i)) return false;
      const end = text.indexOf('\n', i);
      const line = text.slice(i, end < 0 ? undefined : end);
      return new RegExp(`^\\${c}+[ \\t]*$`).test(line) || (c === '-' && /^(?:- *){3,}$/.test(line.trimEnd()));
    }
    default:
      return false;
  }
}

/**
 * `text.slice(start, end)` escaped for Markdown, read in the context of the whole `text` (the characters around the
 * slice decide, as they do for the renderer). Whole text when no range is given; `paired`: see needsEscape.
 */
export function escapeMarkdown(text: string, start = 0, end = text.length, paired = false): string {
  // Most text holds none of these: no need to look at each character (every imported message comes through here).
  if (!MAYBE_SPECIAL.test(text.slice(start, end))) return text.slice(start, end);
  let out = '';
  let plainFrom = start;
  for (let i = start; i < end; i++) {
    // A backslash ending a slice may be followed by a delimiter (`**`, `](`) that it would escape.
    if (!needsEscape(text, i, paired) && !(paired && i === end - 1 && text[i] === '\\')) continue;
    out += `${text.slice(plainFrom, i)}\\`;
    plainFrom = i;
  }
  return out + text.slice(plainFrom, end);
}
