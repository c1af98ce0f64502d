/**
 * The one normalisation of search: what an entry's text is indexed as, and what a query's word is looked up as, on
 * both stores. An entry's title and text become `entry.search_text`: its words in order, split as the index splits
 * them (scripts written without spaces, Chinese, Japanese, Thai and their neighbours, cut into words by Intl.Segmenter),
 * each lower-cased, stemmed by the entry's language (Snowball, chosen by a small detector) and folded (accents off),
 * joined by single spaces. SQLite's FTS5 (unicode61) and PostgreSQL's to_tsvector('simple') then read the same
 * tokens. A query's word is looked up in every form a language could have stored it as (queryForms).
 */
import snowball from 'snowball-stemmers';
import { detect } from 'tinyld/light';
import { foldWord } from './fold-word.ts';
import { languageByStopWords } from './stop-words.ts';

export { foldWord };

/**
 * The languages stemmed, by the detector's code, with their Snowball stemmer's name. Each is also a form every query
 * word is looked up in, so each more adds false matches (Finnish stems "coffee" to "cof"): eight, the journal's
 * common languages, and an entry in another is detected as its nearest of them, at index and query time alike.
 */
export const STEM_LANGUAGES = {
  en: 'english',
  ru: 'russian',
  es: 'spanish',
  fr: 'french',
  pt: 'portuguese',
  it: 'italian',
  de: 'german',
  nl: 'dutch',
} as const;

export type StemLanguage = keyof typeof STEM_LANGUAGES;

const LANGUAGE_CODES = Object.keys(STEM_LANGUAGES) as StemLanguage[];

/** Letters of the scripts written without spaces between words: cut by Intl.Segmenter, not at spaces. */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/u;
const UNSPACED_RUNS = new RegExp(UNSPACED.source, 'gu');
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const THAI_LIKE = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/**
 * A word: a run of letters, digits and the marks that belong to them, cut every 256 code points. The bound keeps the
 * match's backtracking shallow (an unbounded run over a 5 MB entry of one "word" overflows V8's regexp stack) and each
 * index word under PostgreSQL's 2047-byte limit for a word (a longer one is dropped from to_tsvector); a query's long
 * word is cut at the same places, so it still finds itself as a phrase.
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]{0,255}/gu;
const LETTER = /\p{L}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Lower-case ASCII letters and digits: already folded. */
const ASCII_WORD = /^[a-z0-9]+$/;
/** The shortest stem kept: a word whose stem is shorter is indexed and looked up whole. */
const MIN_STEM = 3;
/** Text the detector reads: enough to tell a language, little enough to stay fast on a long entry. */
const DETECT_CHARS = 600;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

const stemmers = new Map<StemLanguage, snowball.Stemmer>();
function stemmerFor(language: StemLanguage): snowball.Stemmer {
  let stemmer = stemmers.get(language);
  if (!stemmer) {
    stemmer = snowball.newStemmer(STEM_LANGUAGES[language]);
    stemmers.set(language, stemmer);
  }
  return stemmer;
}

/** The words of a text, lower-cased but not yet folded or stemmed, in order; unspaced scripts cut into words. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  const lower = text.normalize('NFC').toLowerCase();
  let at = 0;
  const spaced = (part: string) => {
    for (const m of part.matchAll(WORD)) words.push(m[0]);
  };
  for (const run of lower.matchAll(UNSPACED_RUNS)) {
    spaced(lower.slice(at, run.index));
    const locale = THAI_LIKE.test(run[0]) ? 'th' : KANA.test(run[0]) ? 'ja' : 'zh';
    for (const s of segmenterFor(locale).segment(run[0])) if (s.isWordLike) spaced(s.segment);
    at = run.index + run[0].length;
  }
  spaced(lower.slice(at));
  return words;
}

/**
 * The stemmed language of a text, or null (no letters, an unspaced script, or a language without a stemmer here).
 * Cyrillic is Russian; otherwise the language whose stop words the text holds clearly most of (stop-words.ts), and
 * only when that says nothing (a short note) the detector's guess among the stemmed languages (tinyld, ~0.5 ms).
 */
export function detectLanguage(text: string): StemLanguage | null {
  const sample = text.slice(0, DETECT_CHARS);
  if (!LETTER.test(sample) || UNSPACED.test(sample)) return null;
  const words = wordsOf(sample).map(foldCached);
  const cyrillic = words.filter((w) => CYRILLIC.test(w)).length;
  if (cyrillic * 2 > words.length) return 'ru';
  const voted = languageByStopWords(words);
  if (voted !== null && voted in STEM_LANGUAGES) return voted as StemLanguage;
  const code = detect(sample, { only: LANGUAGE_CODES });
  return code in STEM_LANGUAGES ? (code as StemLanguage) : null;
}

/** Index forms by language and word, remembered: a journal repeats its words, and stemming is most of indexing. */
const forms = new Map<string, string>();
const MAX_REMEMBERED = 200_000;

function remembered(key: string, compute: () => string): string {
  let form = forms.get(key);
  if (form === undefined) {
    if (forms.size >= MAX_REMEMBERED) forms.clear();
    form = compute();
    forms.set(key, form);
  }
  return form;
}

const foldCached = (word: string) => (ASCII_WORD.test(word) ? word : remembered(`:${word}`, () => foldWord(word)));

/** A lower-cased word in its index form: stemmed in `language` (when it has letters), then folded. */
export function indexForm(word: string, language: StemLanguage | null): string {
  if (language === null || !LETTER.test(word) || UNSPACED.test(word)) return foldCached(word);
  return remembered(`${language}:${word}`, () => {
    const stem = foldWord(stemmerFor(language).stem(word) || word);
    // A stem of one or two letters ("tea" → "te" in Spanish) is another language's common word more often than the
    // same word: such a word is kept whole.
    return stem.length < MIN_STEM ? foldWord(word) : stem;
  });
}

/** What the index stores for an entry: its title's and text's words in index form, space-separated. */
export function searchTextOf(title: string, content: string): string {
  const text = title === '' ? content : `${title}\n${content}`;
  const language = detectLanguage(text);
  return wordsOf(text)
    .map((w) => indexForm(w, language))
    .join(' ');
}

/**
 * Every form a query's word (or phrase) may be stored in: its words folded as typed (an unstemmed entry, a tag, a
 * place) and stemmed in each language, each form a list of index words; no two forms alike. `caminar` → [[caminar],
 * [camin]]; "walking" → [[walking], [walk]].
 */
export function queryForms(text: string): string[][] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const forms = new Map<string, string[]>();
  const asTyped = words.map((w) => indexForm(w, null));
  forms.set(asTyped.join(' '), asTyped);
  for (const language of LANGUAGE_CODES) {
    const form = words.map((w) => indexForm(w, language));
    forms.set(form.join(' '), form);
  }
  return [...forms.values()];
}
