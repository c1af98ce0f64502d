// Calendar days through date-fns against Date.UTC arithmetic: adding days, weekdays, weeks, months, validation,
// Feb 29 on this day; times of day; instants written for file names; the review ranges built on them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysOnMonthDays,
  eachDay,
  isCalendarDay,
  monthDaysOf,
  monthName,
  monthRange,
  previousMonthRange,
  weekdayName,
  weekdayOf,
  weekRange,
} from '../../../src/journal/dates/calendar-day.ts';
import { utcDay, utcFileStamp, utcMinute, zonelessWallClock } from '../../../src/journal/dates/instant-format.ts';
import { parseTimeOfDay } from '../../../src/journal/dates/wall-time.ts';
import { reviewRange } from '../../../src/journal/review-range.ts';
import { shiftDay } from './intl-oracle.ts';

const DAY_MS = 24 * 3_600_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const day = fc
  .integer({ min: Date.UTC(1900, 0, 1) / DAY_MS, max: Date.UTC(2100, 11, 31) / DAY_MS })
  .map((n) => dayText(n * DAY_MS));

describe('calendar days', () => {
  it('adds days, counts them and names weekdays as Date.UTC does (1900–2100)', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -1000, max: 1000 }), (d, n) => {
        expect(addDays(d, n)).toBe(shiftDay(d, n));
        expect(daysBetween(d, addDays(d, n))).toBe(n);
        expect(weekdayOf(d)).toBe(new Date(`${d}T00:00:00Z`).getUTCDay());
        expect(isCalendarDay(d)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts only real days written YYYY-MM-DD', () => {
    expect(['2024-02-29', '2000-02-29', '1900-02-28', '2100-12-31', '0999-01-01'].map(isCalendarDay)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      [
        '2023-02-29',
        '1900-02-29',
        '2100-02-29',
        '2024-02-30',
        '2024-04-31',
        '2024-13-01',
        '2024-4-1',
        ' 2024-04-01',
        '2024-04-01T00:00',
        '',
      ].map(isCalendarDay),
    ).toEqual(Array(10).fill(false));
  });

  it('months, weeks and ranges', () => {
    expect(monthRange('2024-02-10')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(monthRange('2100-02-10')).toEqual({ startDate: '2100-02-01', endDate: '2100-02-28' });
    expect(previousMonthRange('2024-03-31')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(previousMonthRange('2024-01-15')).toEqual({ startDate: '2023-12-01', endDate: '2023-12-31' });
    expect(weekRange('2024-03-31')).toEqual({ startDate: '2024-03-25', endDate: '2024-03-31' });
    expect(weekRange('2024-03-31', 0)).toEqual({ startDate: '2024-03-31', endDate: '2024-04-06' });
    expect(weekRange('2024-12-31')).toEqual({ startDate: '2024-12-30', endDate: '2025-01-05' });
    expect(eachDay('2024-02-27', '2024-03-02')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(eachDay('2024-03-02', '2024-03-01')).toEqual([]);
    expect([monthName('2026-03-09'), weekdayName('2024-02-29')]).toEqual(['March 2026', 'Thursday']);
  });

  it('a week range always holds 7 days starting on a Monday, containing the day', () => {
    fc.assert(
      fc.property(day, (d) => {
        const { startDate, endDate } = weekRange(d);
        expect(weekdayOf(startDate)).toBe(1);
        expect(daysBetween(startDate, endDate)).toBe(6);
        expect(startDate <= d && d <= endDate).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('on this day: Feb 29', () => {
  it('Feb 28 of a common year also shows Feb 29; a leap year’s Feb 28 and Feb 29 show themselves', () => {
    expect(monthDaysOf('2023-02-28')).toEqual(['02-28', '02-29']);
    expect(monthDaysOf('2100-02-28')).toEqual(['02-28', '02-29']);
    expect(monthDaysOf('2024-02-28')).toEqual(['02-28']);
    expect(monthDaysOf('2000-02-28')).toEqual(['02-28']);
    expect(monthDaysOf('2024-02-29')).toEqual(['02-29']);
    expect(monthDaysOf('2024-03-01')).toEqual(['03-01']);
  });

  it('lists only days that exist: Feb 29 in leap years only', () => {
    expect(daysOnMonthDays(['02-28', '02-29'], 1999, 2001)).toEqual([
      '1999-02-28',
      '2000-02-28',
      '2000-02-29',
      '2001-02-28',
    ]);
    expect(daysOnMonthDays(['02-29'], 1896, 1904)).toEqual(['1896-02-29', '1904-02-29']);
    expect(daysOnMonthDays(['12-31'], 2023, 2024)).toEqual(['2023-12-31', '2024-12-31']);
  });
});

describe('reviews', () => {
  it('the week is the last 7 days up to today; the month the last whole month', () => {
    expect(reviewRange('week', '2024-03-03')).toEqual({
      period: 'week',
      startDate: '2024-02-26',
      endDate: '2024-03-03',
      label: 'the last 7 days',
    });
    expect(reviewRange('month', '2024-03-01')).toEqual({
      period: 'month',
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      label: 'February 2024',
    });
    expect(reviewRange('month', '2025-01-31')).toEqual({
      period: 'month',
      startDate: '2024-12-01',
      endDate: '2024-12-31',
      label: 'December 2024',
    });
  });
});

describe('times of day and instants for people', () => {
  it('parses H:mm and HH:mm, nothing else', () => {
    expect(['8:05', '08:05', ' 23:59 ', '0:00'].map(parseTimeOfDay)).toEqual(['08:05', '08:05', '23:59', '00:00']);
    expect(['24:00', '8', '08:60', '8:5', 'off', '08:00:00', '-1:00', '123:00'].map(parseTimeOfDay)).toEqual(
      Array(8).fill(null),
    );
  });

  it('writes instants in UTC, and a zone’s wall clock (Monrovia included)', () => {
    const at = new Date('2024-03-31T01:30:05.250Z');
    expect([utcDay(at), utcMinute(at), utcFileStamp(at)]).toEqual([
      '2024-03-31',
      '2024-03-31 01:30',
      '20240331-013005',
    ]);
    expect(zonelessWallClock(at, 'Europe/Berlin')).toBe('2024-03-31T03:30:05');
    expect(zonelessWallClock(new Date('1971-06-01T12:00:00Z'), 'Africa/Monrovia')).toBe('1971-06-01T11:15:30');
  });
});
