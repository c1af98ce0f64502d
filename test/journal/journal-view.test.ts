// A view's state is a small filter: calendar-checked days, intersected ranges, sorted searches.
import { describe, expect, it } from 'vitest';
import { isCalendarDay } from '../../src/journal/dates/calendar-day.ts';
import { dayArgument, hasEmptyRange, withDateRange, withSearch } from '../../src/journal/views/journal-view.ts';

describe('journal view state', () => {
  it('accepts only real calendar days written as YYYY-MM-DD', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-02-30')).toBe(false);
    expect(isCalendarDay('2024-4-1')).toBe(false);
    expect(dayArgument('date').safeParse(' 2024-04-01 ')).toEqual({ success: true, data: '2024-04-01' });
  });

  it('intersects date ranges, possibly to nothing', () => {
    const april = withDateRange({}, '2024-04-01', '2024-04-30');
    expect(withDateRange(april, '2024-04-15', '2024-06-30')).toEqual({ from: '2024-04-15', to: '2024-04-30' });
    expect(withDateRange(april, '2024-01-01', '2024-12-31')).toEqual(april);
    const none = withDateRange(april, '2024-07-01', '2024-07-31');
    expect(hasEmptyRange(none)).toBe(true);
    expect(hasEmptyRange(april)).toBe(false);
  });

  it('keeps searches sorted and unique, so the same view has the same state', () => {
    const a = withSearch(withSearch({}, 'tea'), 'coffee');
    const b = withSearch(withSearch(withSearch({}, 'coffee'), ' tea '), 'coffee');
    expect(a).toEqual({ search: ['coffee', 'tea'] });
    expect(b).toEqual(a);
  });
});
