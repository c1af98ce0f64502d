/**
 * Turns the model's search text into a safe FTS5 expression. Text is words, never FTS syntax: each word is
 * quoted, so `don't "x` or `AND` cannot break the query. Two things are kept: OR between words, and word* for a prefix.
 */

const HAS_WORD = /[\p{L}\p{N}]/u;

function term(token: string): string | null {
  const prefix = /\*+$/.test(token);
  const core = token.replace(/\*+$/, '').replaceAll('"', '');
  if (!HAS_WORD.test(core)) return null;
  return `"${core}"${prefix ? '*' : ''}`;
}

/** The FTS5 MATCH expression for one search, or null when the text holds no word. */
export function toFtsQuery(text: string): string | null {
  const tokens = text.split(/\s+/).filter((t) => term(t) !== null);
  const groups: string[][] = [[]];
  tokens.forEach((token, i) => {
    // OR is an operator only between two words; alone or at an edge it is just the word "or".
    const between = i > 0 && i < tokens.length - 1 && tokens[i - 1] !== 'OR' && tokens[i + 1] !== 'OR';
    if (token === 'OR' && between) groups.push([]);
    else groups.at(-1)!.push(term(token)!);
  });
  const nonEmpty = groups.filter((g) => g.length > 0).map((g) => g.join(' '));
  if (nonEmpty.length === 0) return null;
  return nonEmpty.length === 1 ? nonEmpty[0]! : nonEmpty.map((g) => `(${g})`).join(' OR ');
}

/** Every search of a view, ANDed; null when the view has none. */
export function combinedFtsQuery(searches: readonly string[] | undefined): string | null {
  const parts = (searches ?? []).map(toFtsQuery).filter((q): q is string => q !== null);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : parts.map((q) => `(${q})`).join(' AND ');
}
