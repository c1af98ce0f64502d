/**
 * Questions that need reading, each with the calls a model would make (narrow, then ask on the view), the view's
 * filter (for the truth: which entries the reader must read) and the planted facts a right answer states.
 */
import { monthEnd, monthName } from './calendar.ts';
import { summerOf, type PlantedFact, type PlantedFacts } from './planted-facts.ts';
import { invoke, type Step } from './script.ts';
import type { Anchors } from './truth-db.ts';

export interface ReadingQuestion {
  id: string;
  text: string;
  /** The question ask passes to the reader. */
  readerQuestion: string;
  steps: Step[];
  /** The entries the final view holds: an inclusive day range, optionally those containing a word. */
  view: { from: string; to: string; word?: string };
  facts: PlantedFact[];
}

const J = 'journal';

/** The scripted model: narrow with `narrow` (one call a turn), ask the last handle, answer with what the reader said. */
function narrowThenAsk(narrow: { method: string; args: Record<string, unknown> }[], question: string): Step[] {
  return [
    ...narrow.map((n, i): Step => (r) => ({
      text: i === 0 ? 'Narrowing first, then asking the view.' : '',
      calls: [invoke(i === 0 ? J : r.handle(i - 1), n.method, n.args)],
    })),
    (r) => ({ text: '', calls: [invoke(r.handle(narrow.length - 1), 'ask', { question })] }),
    (r) => ({ answer: String(r.value(narrow.length)?.answer ?? 'The reader could not answer.') }),
  ];
}

export function buildReadingQuestions(a: Anchors, facts: PlantedFacts): ReadingQuestion[] {
  const month = { startDate: `${a.month}-01`, endDate: monthEnd(a.month) };
  const year = { startDate: `${a.year}-01-01`, endDate: `${a.year}-12-31` };
  const summer = summerOf(a.year);
  return [
    {
      id: 'month-worries',
      text: `@journal What was worrying me in ${monthName(a.month)}?`,
      readerQuestion: 'What was worrying me?',
      steps: narrowThenAsk([{ method: 'getDateRangeView', args: month }], 'What was worrying me?'),
      view: { from: month.startDate, to: month.endDate },
      facts: facts.worries,
    },
    {
      id: 'year-summary',
      text: `@journal Summarise my ${a.year}.`,
      readerQuestion: 'What were the main events of the year?',
      steps: narrowThenAsk([{ method: 'getDateRangeView', args: year }], 'What were the main events of the year?'),
      view: { from: year.startDate, to: year.endDate },
      facts: facts.yearEvents,
    },
    {
      id: 'person-over-season',
      text: `@journal How did I feel about Marek over the summer of ${a.year}?`,
      readerQuestion: 'How did I feel about Marek?',
      steps: narrowThenAsk(
        [
          { method: 'getDateRangeView', args: summer },
          { method: 'search', args: { query: 'Marek' } },
        ],
        'How did I feel about Marek?',
      ),
      view: { from: summer.startDate, to: summer.endDate, word: 'Marek' },
      facts: facts.marekSummer,
    },
  ];
}
