/**
 * The fixed question set: what people ask of a journal, each with the calls a model would make, the value its
 * answer rests on, the same value computed in SQL, and the entries a pasted context would need to hold.
 */
import { addDays, monthEnd, monthName } from './calendar.ts';
import { invoke, type Results, type Step } from './script.ts';
import { busiest, countByMonth, distinctDays, ids, missedDays, shownItems, spanOf } from './answer-readers.ts';
import type { Anchors, EntryRef, TruthDb } from './truth-db.ts';

export interface Question {
  id: string;
  /** `count`: counts, ranges and dates (the aims apply); `content`: the answer quotes entries. */
  kind: 'count' | 'content';
  text: string;
  steps: Step[];
  /** The value the scripted answer states, read from the tool results. */
  answer(r: Results): unknown;
  /** The same value, straight from SQL. */
  truth(t: TruthDb): unknown;
  /** Whether the answer states the truth; deep equality unless a question says otherwise. */
  agrees?(answer: unknown, truth: unknown): boolean;
  /** The entries a pasted context must contain for the answer to be in it. */
  needed(t: TruthDb): EntryRef[];
}

const J = 'journal';
const range = (startDate: string, endDate: string) => ({ startDate, endDate });
const monthRange = (m: string) => range(`${m}-01`, monthEnd(m));
const yearRange = (y: string) => range(`${y}-01-01`, `${y}-12-31`);

/** Word-search questions use words the generator writes at every size. */
export const WORDS = { first: 'piano', last: 'Marek', monthly: 'coffee', inMonth: 'swim' } as const;

export function buildQuestions(a: Anchors): Question[] {
  const M = monthRange(a.month);
  const P = monthRange(a.prevMonth);
  const Y = yearRange(a.year);
  const R = range(addDays(a.day, -4), addDays(a.day, 5));
  const around = range(addDays(a.day, -3), addDays(a.day, 3));
  const inRange = (t: TruthDb, r: { startDate: string; endDate: string }, word?: string) =>
    t.entries({ from: r.startDate, to: r.endDate, word });

  return [
    {
      id: 'days-in-month',
      kind: 'count',
      text: `@journal On how many days did I write in ${monthName(a.month)}?`,
      steps: [
        () => ({
          text: `I'll narrow the journal to ${monthName(a.month)} and count its days.`,
          calls: [invoke(J, 'getDateRangeView', M)],
        }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getDayCount')] }),
        (r) => ({ answer: `You wrote on ${r.value(1)} days in ${monthName(a.month)}.` }),
      ],
      answer: (r) => r.value(1),
      truth: (t) => distinctDays(inRange(t, M)).length,
      needed: (t) => inRange(t, M),
    },
    {
      id: 'entries-in-year',
      kind: 'count',
      text: `@journal How many entries did I write in ${a.year}?`,
      steps: [
        () => ({ text: `Narrowing to ${a.year}.`, calls: [invoke(J, 'getDateRangeView', Y)] }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getTotalEntryCount')] }),
        (r) => ({ answer: `You wrote ${r.value(1)} entries in ${a.year}.` }),
      ],
      answer: (r) => r.value(1),
      truth: (t) => inRange(t, Y).length,
      needed: (t) => inRange(t, Y),
    },
    {
      id: 'entries-in-range',
      kind: 'count',
      text: `@journal How many entries did I write between ${R.startDate} and ${R.endDate}?`,
      steps: [
        () => ({ text: 'Narrowing to those days.', calls: [invoke(J, 'getDateRangeView', R)] }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getTotalEntryCount')] }),
        (r) => ({ answer: `${r.value(1)} entries between ${R.startDate} and ${R.endDate}.` }),
      ],
      answer: (r) => r.value(1),
      truth: (t) => inRange(t, R).length,
      needed: (t) => inRange(t, R),
    },
    {
      id: 'month-vs-month',
      kind: 'count',
      text: `@journal Did I write more in ${monthName(a.month)} than in ${monthName(a.prevMonth)}?`,
      steps: [
        () => ({
          text: 'Making a view of each month.',
          calls: [invoke(J, 'getDateRangeView', M), invoke(J, 'getDateRangeView', P)],
        }),
        (r) => ({
          text: '',
          calls: [invoke(r.handle(0, 0), 'getTotalEntryCount'), invoke(r.handle(0, 1), 'getTotalEntryCount')],
        }),
        (r) => ({
          answer: `${monthName(a.month)}: ${r.value(1, 0)} entries; ${monthName(a.prevMonth)}: ${r.value(1, 1)}.`,
        }),
      ],
      answer: (r) => [r.value(1, 0), r.value(1, 1)],
      truth: (t) => [inRange(t, M).length, inRange(t, P).length],
      needed: (t) => [...inRange(t, M), ...inRange(t, P)],
    },
    {
      id: 'busiest-month',
      kind: 'count',
      text: `@journal Which month of ${a.year} did I write the most?`,
      steps: [
        () => ({
          text: `Narrowing to ${a.year}, then the overview by month.`,
          calls: [invoke(J, 'getDateRangeView', Y)],
        }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getOverview', { groupBy: 'month' })] }),
        (r) => ({ answer: `Your busiest month was ${busiest(r.value(1).groups)}.` }),
      ],
      answer: (r) => busiest(r.value(1).groups),
      truth: (t) =>
        busiest(Object.entries(countByMonth(inRange(t, Y))).map(([period, entries]) => ({ period, entries }))),
      needed: (t) => inRange(t, Y),
    },
    {
      id: 'days-missed-in-month',
      kind: 'count',
      text: `@journal Which days in ${monthName(a.month)} did I not write?`,
      steps: [
        () => ({ text: 'Narrowing to the month, then listing its days.', calls: [invoke(J, 'getDateRangeView', M)] }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getOverview', { groupBy: 'day' })] }),
        (r) => ({
          answer: `Days without entries: ${
            missedDays(
              a.month,
              r.value(1).groups.map((g: any) => g.period),
            ).join(', ') || 'none'
          }.`,
        }),
      ],
      answer: (r) =>
        missedDays(
          a.month,
          r.value(1).groups.map((g: any) => g.period),
        ),
      truth: (t) => missedDays(a.month, distinctDays(inRange(t, M))),
      needed: (t) => inRange(t, M),
    },
    {
      id: 'journal-span',
      kind: 'count',
      text: '@journal Since when have I kept this journal, and how many entries are in it?',
      // The injected interface already says it: no call needed.
      steps: [(r) => ({ answer: `Since ${spanOf(r.questionText).first}, ${spanOf(r.questionText).entries} entries.` })],
      answer: (r) => spanOf(r.questionText),
      truth: (t) => {
        const all = t.entries({});
        return { days: distinctDays(all).length, entries: all.length, first: all[0]?.day, last: all.at(-1)?.day };
      },
      needed: (t) => t.entries({}),
    },
    {
      id: 'mentions-in-month',
      kind: 'count',
      text: `@journal How many times did I go for a ${WORDS.inMonth} in ${monthName(a.month)}?`,
      steps: [
        () => ({ text: '', calls: [invoke(J, 'getDateRangeView', M)] }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'search', { query: WORDS.inMonth })] }),
        (r) => ({ text: '', calls: [invoke(r.handle(1), 'getTotalEntryCount')] }),
        (r) => ({ answer: `${r.value(2)} entries mention a swim in ${monthName(a.month)}.` }),
      ],
      answer: (r) => r.value(2),
      truth: (t) => inRange(t, M, WORDS.inMonth).length,
      needed: (t) => inRange(t, M, WORDS.inMonth),
    },
    {
      id: 'word-per-month',
      kind: 'count',
      text: `@journal How often did I mention ${WORDS.monthly} each month in ${a.year}?`,
      steps: [
        () => ({ text: '', calls: [invoke(J, 'search', { query: WORDS.monthly })] }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getDateRangeView', Y)] }),
        (r) => ({ text: '', calls: [invoke(r.handle(1), 'getOverview', { groupBy: 'month' })] }),
        (r) => ({
          answer: r
            .value(2)
            .groups.map((g: any) => `${g.period}: ${g.entries}`)
            .join('; '),
        }),
      ],
      answer: (r) => Object.fromEntries(r.value(2).groups.map((g: any) => [g.period, g.entries])),
      truth: (t) => countByMonth(inRange(t, Y, WORDS.monthly)),
      needed: (t) => inRange(t, Y, WORDS.monthly),
    },
    {
      id: 'last-mention',
      kind: 'count',
      text: `@journal When did I last write about ${WORDS.last}?`,
      // A search handle's description states its last day only while it counts every match (up to 1,000): past
      // that it says "more than 1,000 entries", so the newest match is asked for, at every size alike.
      steps: [
        () => ({ text: '', calls: [invoke(J, 'search', { query: WORDS.last })] }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getEntries', { limit: 1, order: 'newest' })] }),
        (r) => ({ answer: `The last time was ${r.value(1)[0]?.date}.` }),
      ],
      answer: (r) => r.value(1)[0]?.date,
      truth: (t) => t.entries({ word: WORDS.last }).at(-1)?.day,
      needed: (t) => t.entries({ word: WORDS.last }).slice(-1),
    },
    {
      id: 'first-mention',
      kind: 'content',
      text: `@journal When did I first mention ${WORDS.first}, and what did I write?`,
      steps: [
        () => ({ text: '', calls: [invoke(J, 'search', { query: WORDS.first })] }),
        // A search view lists best matches first: the first mention is the oldest.
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getEntries', { limit: 1, order: 'oldest' })] }),
        (r) => ({ answer: `First on ${r.value(1)[0]?.date}: "${String(r.value(1)[0]?.title ?? '')}".` }),
      ],
      answer: (r) => r.value(1)[0]?.id,
      truth: (t) => t.entries({ word: WORDS.first })[0]?.id,
      needed: (t) => t.entries({ word: WORDS.first }).slice(0, 1),
    },
    {
      id: 'one-day',
      kind: 'content',
      text: `@journal What did I write on ${a.day}?`,
      steps: [
        () => ({ text: '', calls: [invoke(J, 'getEntriesForDay', { date: a.day })] }),
        (r) => ({
          answer: `On ${a.day} you wrote ${shownItems(r.value(0)).total} entries; the first: "${shownItems(r.value(0)).items[0]?.title ?? ''}".`,
        }),
      ],
      // A day longer than the result budget comes back cut, saying how many there are: the ids shown and the total must match.
      answer: (r) => ({
        total: shownItems(r.value(0)).total,
        shownIds: shownItems(r.value(0)).items.map((e: any) => e.id),
      }),
      truth: (t) => {
        const day = t.entries({ from: a.day, to: a.day });
        return { total: day.length, shownIds: ids(day) };
      },
      agrees: (answer: any, truth: any) =>
        answer.total === truth.total &&
        answer.shownIds.length > 0 &&
        answer.shownIds.every((id: number, i: number) => id === truth.shownIds[i]),
      needed: (t) => t.entries({ from: a.day, to: a.day }),
    },
    {
      id: 'around-a-date',
      kind: 'content',
      text: `@journal What happened around ${a.day}?`,
      steps: [
        () => ({ text: 'Looking at the week around that day.', calls: [invoke(J, 'getDateRangeView', around)] }),
        (r) => ({ text: '', calls: [invoke(r.handle(0), 'getEntries', { limit: 20 })] }),
        (r) => ({
          answer: `Around ${a.day}: ${shownItems(r.value(1))
            .items.map((e: any) => e.title)
            .slice(0, 5)
            .join('; ')}…`,
        }),
      ],
      answer: (r) => shownItems(r.value(1)).items.map((e: any) => e.id),
      truth: (t) => ids(inRange(t, around).slice(0, 20)),
      needed: (t) => inRange(t, around),
    },
  ];
}
