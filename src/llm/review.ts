/** Reviews of a period: exact counts from a date view, and what stood out from the question loop on that view. */
import type { ObjectOperations } from '../objects/operations.ts';
import type { AskOptions, AskOutcome, Questions } from './ask.ts';

export interface ReviewRequest {
  startDate: string;
  endDate: string;
  /** e.g. "the last 7 days", "March 2026". */
  label: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function countOf(ops: ObjectOperations, objId: string, method: string): Promise<number> {
  const result = await ops.invokeMethod(objId, method, {});
  if (result.type !== 'value' || typeof result.value !== 'number')
    throw new Error(`${method} on ${objId} did not return a number`);
  return result.value;
}

/** The question put to the model about the view; the counts are given so it spends its steps on the content. */
export function reviewQuestion(objId: string, r: ReviewRequest, days: number, entries: number): string {
  return (
    `Review @${objId}, my journal for ${r.label} (${r.startDate} to ${r.endDate}; ${plural(days, 'day', 'days')} written, ${plural(entries, 'entry', 'entries')}). ` +
    'What stood out: recurring themes, notable events, moods, anything that changed or was new? Read them through that handle ' +
    '(ask on it reads every entry for you). A few short points, quoting sparingly; the counts are already shown to me.'
  );
}

/**
 * Asks for a review in a new conversation; a period without entries never reaches the model. Asked in a place that
 * stands for a narrower object (`options.about`, a journal's topic), the review is of that object's period.
 */
export async function askReview(
  ops: ObjectOperations,
  questions: Questions,
  ownerId: number,
  r: ReviewRequest,
  options: AskOptions = {},
): Promise<AskOutcome> {
  const { about, ...asked } = options;
  const view = await ops.invokeMethod(about ?? 'journal', 'getDateRangeView', {
    startDate: r.startDate,
    endDate: r.endDate,
  });
  if (view.type !== 'object') throw new Error('getDateRangeView did not return a view');
  const [days, entries] = [
    await countOf(ops, view.objId, 'getDayCount'),
    await countOf(ops, view.objId, 'getTotalEntryCount'),
  ];
  const heading = `Review of ${r.label} (${r.startDate} to ${r.endDate}): ${plural(days, 'day', 'days')} written, ${plural(entries, 'entry', 'entries')}.`;
  if (entries === 0)
    return { type: 'rejected', text: `${heading}\nNothing to review yet: write a line and it counts.` };
  // The question names the period's own view, which already holds the place's narrowing.
  const outcome = await questions.ask(ownerId, reviewQuestion(view.objId, r, days, entries), undefined, asked);
  return outcome.type === 'answer' ? { ...outcome, text: `${heading}\n\n${outcome.text}` } : outcome;
}
