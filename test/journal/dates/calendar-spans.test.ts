// The date layer of the stats picture and the web calendar: spans, week columns (Monday first), streaks, and a DST
// day that is still one day.
import { describe, expect, it } from 'vitest';
import { daysOf, lastTwelveMonths, monthSpan, shiftDay, streaksOf, weekColumns, weekdayIndex, yearSpan } from '../../../src/journal/dates/calendar-spans.ts';

describe('calendar days', () => {
  it('moves across a DST change and a leap day one calendar day at a time', () => {
    expect(shiftDay('2024-03-30', 1, 'Europe/Berlin')).toBe('2024-03-31');
    expect(shiftDay('2024-03-31', 1, 'Europe/Berlin')).toBe('2024-04-01');
    expect(shiftDay('2024-10-27', 1, 'America/Sao_Paulo')).toBe('2024-10-28');
    expect(daysOf({ from: '2024-02-27', to: '2024-03-01' }, 'Pacific/Auckland')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('spans the last twelve months, a year and a month', () => {
    expect(lastTwelveMonths('2024-06-20', 'UTC')).toEqual({ from: '2023-07-01', to: '2024-06-20' });
    expect(yearSpan(2024)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(monthSpan('2024-02', 'Asia/Tokyo')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('lays a month out in Monday-first weeks', () => {
    const weeks = weekColumns(monthSpan('2024-04', 'UTC'), 'UTC');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual(['2024-04-01', '2024-04-02', '2024-04-03', '2024-04-04', '2024-04-05', '2024-04-06', '2024-04-07']);
    expect(weeks[4]).toEqual(['2024-04-29', '2024-04-30', null, null, null, null, null]);
    expect(weekdayIndex('2024-04-07', 'UTC')).toBe(6);
  });

  it('counts the current streak up to today (or yesterday) and the longest run', () => {
    const days = ['2024-04-01', '2024-04-02', '2024-04-03', '2024-04-05', '2024-04-06', '2024-04-03'];
    expect(streaksOf(days, '2024-04-06', 'UTC')).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(days, '2024-04-07', 'UTC')).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(days, '2024-04-08', 'UTC')).toEqual({ current: 0, longest: 3 });
    expect(streaksOf(['2024-03-30', '2024-03-31', '2024-04-01'], '2024-04-01', 'Europe/Berlin')).toEqual({ current: 3, longest: 3 });
    expect(streaksOf([], '2024-04-01', 'UTC')).toEqual({ current: 0, longest: 0 });
  });
});
