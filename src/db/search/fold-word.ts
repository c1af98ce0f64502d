/** The last step of search's normalisation (search-text.ts), on its own so the stop lists (stop-words.ts) share it. */

/** Accents on Latin, Greek and Cyrillic letters, removed as FTS5's remove_diacritics does (é → e, й → и). */
const ACCENT = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]\p{M}*)\p{M}/gu;
/** The longest token kept: PostgreSQL refuses words over 2 KB, and no word is this long. */
const MAX_TOKEN = 60;

/** A lower-cased word without its accents, compatibility forms folded (ｆｕｌｌ → full, ² → 2). */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(ACCENT, '').normalize('NFC').slice(0, MAX_TOKEN);
}
