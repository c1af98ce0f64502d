/** The days a review covers: the last 7 days up to today, or the last whole calendar month. */
import { addDays, monthName, previousMonthRange } from './dates/calendar-day.ts';

export type ReviewPeriod = 'week' | 'month';

export interface ReviewRange {
  period: ReviewPeriod;
  startDate: string;
  endDate: string;
  /** How the range reads, e.g. "the last 7 days" or "March 2026". */
  label: string;
}

/** `today` is the owner's local day, YYYY-MM-DD. */
export function reviewRange(period: ReviewPeriod, today: string): ReviewRange {
  if (period === 'week') return { period, startDate: addDays(today, -6), endDate: today, label: 'the last 7 days' };
  const { startDate, endDate } = previousMonthRange(today);
  return { period, startDate, endDate, label: monthName(startDate) };
}
