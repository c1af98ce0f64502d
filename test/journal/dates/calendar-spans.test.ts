// The date layer of the stats picture and the web calendar: spans, week columns (Monday first), streaks, months
// across a year's end, and a DST day that is still one day (days are zone-less, whatever zone the process runs in).
import { describe, expect, it } from 'vitest';
import { addDays, dayTitle, eachDay } from '../../../src/journal/dates/calendar-day.ts';
import {
  lastTwelveMonths,
  monthSpan,
  monthsOf,
  monthTitle,
  shiftMonth,
  streaksOf,
  weekColumns,
  weekdayIndex,
  yearSpan,
} from '../../../src/journal/dates/calendar-spans.ts';

describe('calendar days', () => {
  it('moves across a DST change and a leap day one calendar day at a time', () => {
    expect(addDays('2024-03-30', 1)).toBe('2024-03-31');
    expect(addDays('2024-03-31', 1)).toBe('2024-04-01');
    expect(addDays('2024-10-27', 1)).toBe('2024-10-28');
    expect(eachDay('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('spans the last twelve months, a year and a month', () => {
    expect(lastTwelveMonths('2024-06-20')).toEqual({ from: '2023-07-01', to: '2024-06-20' });
    expect(lastTwelveMonths('2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(yearSpan(2024)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(monthSpan('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthsOf({ from: '2023-11-15', to: '2024-02-01' })).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect([shiftMonth('2024-01', -1), shiftMonth('2024-12', 1), shiftMonth('0001-01', -1)]).toEqual([
      '2023-12',
      '2025-01',
      '0000-12',
    ]);
  });

  it('names days and months as page titles read them', () => {
    expect(dayTitle('2024-04-01')).toBe('Monday, 1 April 2024');
    expect(monthTitle('2024-04')).toBe('April 2024');
  });

  it('lays a month out in Monday-first weeks', () => {
    const weeks = weekColumns(monthSpan('2024-04'));
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      '2024-04-01',
      '2024-04-02',
      '2024-04-03',
      '2024-04-04',
      '2024-04-05',
      '2024-04-06',
      '2024-04-07',
    ]);
    expect(weeks[4]).toEqual(['2024-04-29', '2024-04-30', null, null, null, null, null]);
    expect(weekdayIndex('2024-04-07')).toBe(6);
  });

  it('counts the current streak up to today (or yesterday) and the longest run', () => {
    const days = ['2024-04-01', '2024-04-02', '2024-04-03', '2024-04-05', '2024-04-06', '2024-04-03'];
    expect(streaksOf(days, '2024-04-06')).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(days, '2024-04-07')).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(days, '2024-04-08')).toEqual({ current: 0, longest: 3 });
    expect(streaksOf(['2024-03-30', '2024-03-31', '2024-04-01'], '2024-04-01')).toEqual({ current: 3, longest: 3 });
    expect(streaksOf([], '2024-04-01')).toEqual({ current: 0, longest: 0 });
  });
});
