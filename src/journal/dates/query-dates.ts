/**
 * The time a search query names ("in May 2023", "last summer", "two weeks ago", "вчера", "hace dos semanas"), as an
 * inclusive range of the owner's local days, and the query without those words. chrono-node reads the dates (English
 * and the other languages it knows: Russian, Spanish, French, German, Dutch, Portuguese, Italian, Japanese, Chinese…),
 * relative to the owner's today; seasons and bare years, which it leaves alone, are read here. Everything is calendar
 * arithmetic on local days (the owner's zone is already in `today`), through this layer's helpers.
 */
import * as chrono from 'chrono-node';
import { monthRange, weekRange } from './calendar-day.ts';
import { yearSpan } from './calendar-spans.ts';
import { instantOnDay } from './local-moment.ts';

export interface QueryDates {
  /** The words that name the time, as written. */
  words: string;
  startDate: string;
  endDate: string;
  /** The query without those words (and a preposition just before them); '' when nothing else was asked. */
  rest: string;
}

type Parser = { parse: typeof chrono.parse };
// English first (a question typed in English often holds a name another language's parser would take as a date).
const PARSERS: Parser[] = [
  chrono,
  chrono.ru,
  chrono.es,
  chrono.fr,
  chrono.de,
  chrono.nl,
  chrono.pt,
  chrono.it,
  chrono.ja,
  chrono.zh,
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOf = (c: chrono.ParsedComponents) => `${pad(c.get('year')!, 4)}-${pad(c.get('month')!)}-${pad(c.get('day')!)}`;

/** Words of a week, in the languages the parsers know: "two weeks ago" is that week, not one day of it. */
const WEEK = /week|недел|semana|semaine|woche|settiman|周|週/i;
/** A preposition left hanging before the time words ("in", "во", "durante"…): dropped with them. */
const PREPOSITION =
  /(?:^|\s)(?:in|on|during|since|from|at|of|в|во|на|за|en|durante|desde|em|no|na|de|à|au|pendant|im|am|vom|seit|op|sinds|nel|nella|a|di)\s*$/i;

/** "now" names the present moment, not a span of the journal to keep to ("Where does Lea work now?"). */
const NOW = /^(?:right now|now|сейчас|ahora|maintenant|jetzt|nu|agora|ora|今|现在)$/i;

interface Range {
  startDate: string;
  endDate: string;
}

/** The range a chrono result covers, at the precision it was certain of; null for a time of day alone. */
function rangeOf(result: chrono.ParsedResult, today: string): Range | null {
  const s = result.start;
  let range: Range;
  if (s.isCertain('day')) {
    const day = dayOf(s);
    range = WEEK.test(result.text) && !result.end ? weekRange(day) : { startDate: day, endDate: day };
    if (result.end?.isCertain('day')) range = { startDate: day, endDate: dayOf(result.end) };
  } else if (s.isCertain('month')) {
    range = monthRange(`${pad(s.get('year')!, 4)}-${pad(s.get('month')!)}-01`);
    // "in September", asked in June: the journal holds the past, so last September.
    if (!s.isCertain('year') && range.startDate > today)
      range = monthRange(`${pad(s.get('year')! - 1, 4)}-${pad(s.get('month')!)}-01`);
  } else if (s.isCertain('year')) {
    const { from, to } = yearSpan(s.get('year')!);
    range = { startDate: from, endDate: to };
  } else return null;
  return range.startDate > range.endDate ? null : range;
}

const SEASONS: Record<string, [number, number]> = {
  spring: [3, 5],
  summer: [6, 8],
  autumn: [9, 11],
  fall: [9, 11],
  winter: [12, 2],
};
const SEASON = /\b(?:(last|this|past)\s+)?(spring|summer|autumn|fall|winter)(?:\s+(?:of\s+)?((?:19|20)\d{2}))?\b/i;
const YEAR = /(?<![\p{L}\p{N}])((?:19|20)\d{2})(?![\p{L}\p{N}])/u;

/** A season (meteorological, northern), as named: "summer 2023", "last winter" (the last one over by today). */
function seasonRange(match: RegExpExecArray, today: string): Range {
  const [first, last] = SEASONS[match[2]!.toLowerCase()]!;
  const span = (year: number): Range => ({
    startDate: `${pad(year, 4)}-${pad(first)}-01`,
    endDate: monthRange(`${pad(last < first ? year + 1 : year, 4)}-${pad(last)}-01`).endDate,
  });
  if (match[3]) return span(Number(match[3]));
  let year = Number(today.slice(0, 4));
  // "this winter" asked in June: the one that is past (a journal holds the past), as for "last".
  if (match[1]?.toLowerCase() === 'this' && span(year).startDate <= today) return span(year);
  while (span(year).endDate >= today) year--;
  return span(year);
}

function withoutWords(query: string, index: number, length: number): string {
  const before = query.slice(0, index).replace(PREPOSITION, '');
  return `${before} ${query.slice(index + length)}`.replace(/\s+/g, ' ').trim();
}

/** Words that make the range run on to today: "since January". */
const SINCE = /(?:^|\s)(?:since|desde|depuis|seit|sinds|с|da)\s*$/i;

/** The found words and range as the query has them: a range "since" a time runs to today. */
function found(query: string, index: number, words: string, range: Range, today: string): QueryDates {
  // chrono may end a match inside a word ("2023 г" of "2023 гуляли"): the match stops before that word.
  words = words.trimEnd(); // chrono's zh parser takes the space after "2023年5月"
  const next = query.slice(index + words.length);
  if (/^[\p{L}\p{N}]/u.test(next) && /[\p{L}\p{N}]$/u.test(words)) words = words.replace(/\s*[\p{L}\p{N}]+$/u, '');
  const since = SINCE.test(query.slice(0, index)) && range.endDate < today;
  return {
    words,
    startDate: range.startDate,
    endDate: since ? today : range.endDate,
    rest: withoutWords(query, index, words.length),
  };
}

// Month names chrono reads only with a day in some languages ("en mai 2023", "im Mai 2023", "em maio de 2023").
const MONTH_NAMES: string[][] = [
  [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  [
    'januar',
    'februar',
    'märz',
    'april',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'dezember',
  ],
  [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
];
const MONTH_YEAR = new RegExp(
  `(?<![\\p{L}])(${[...new Set(MONTH_NAMES.flat())].join('|')})(?:\\s+de)?\\s+((?:19|20)\\d{2})(?![\\p{N}])`,
  'iu',
);

function monthYear(query: string): { index: number; words: string; range: Range } | null {
  const m = MONTH_YEAR.exec(query);
  if (!m) return null;
  const month = MONTH_NAMES.map((names) => names.indexOf(m[1]!.toLowerCase())).find((i) => i >= 0)! + 1;
  return { index: m.index, words: m[0], range: monthRange(`${m[2]}-${pad(month)}-01`) };
}

/** The first time the query names, in local days, relative to the owner's `today` (YYYY-MM-DD); null when none. */
export function datesInQuery(query: string, today: string): QueryDates | null {
  const season = SEASON.exec(query);
  if (season) return found(query, season.index, season[0], seasonRange(season, today), today);
  const named = monthYear(query);
  if (named) return found(query, named.index, named.words, named.range, today);
  const reference = { instant: instantOnDay(today, '12:00', 'UTC'), timezone: 0 };
  for (const parser of PARSERS) {
    for (const result of parser.parse(query, reference, { forwardDate: false })) {
      if (NOW.test(result.text.trim())) continue;
      const range = rangeOf(result, today);
      if (range) return found(query, result.index, result.text, range, today);
    }
  }
  const year = YEAR.exec(query);
  if (year && Number(year[1]) <= Number(today.slice(0, 4))) {
    const { from, to } = yearSpan(Number(year[1]));
    return found(query, year.index, year[1]!, { startDate: from, endDate: to }, today);
  }
  return null;
}
