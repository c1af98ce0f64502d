/** The days a review covers: the last 7 days up to today, or the last whole calendar month. */
import { addDays } from './local-day.ts';

export type ReviewPeriod = 'week' | 'month';

export interface ReviewRange {
  period: ReviewPeriod;
  startDate: string;
  endDate: string;
  /** How the range reads, e.g. "the last 7 days" or "March 2026". */
  label: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `today` is the owner's local day, YYYY-MM-DD. */
export function reviewRange(period: ReviewPeriod, today: string): ReviewRange {
  if (period === 'week') return { period, startDate: addDays(today, -6), endDate: today, label: 'the last 7 days' };
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const endDate = addDays(firstOfThisMonth, -1);
  const startDate = `${endDate.slice(0, 7)}-01`;
  return { period, startDate, endDate, label: `${MONTHS[Number(endDate.slice(5, 7)) - 1]} ${endDate.slice(0, 4)}` };
}
