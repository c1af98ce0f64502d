// When digests come due: local times in the journal's zone, across midnight and daylight-saving changes.
import { describe, expect, it } from 'vitest';
import { dueAt, dueDays, nextDue } from '../../src/daily/digest-schedule.ts';
import { parseTimeOfDay as parseLocalTime } from '../../src/journal/dates/wall-time.ts';

describe('digest schedule', () => {
  it('reads times of day and nothing else', () => {
    expect(['8:05', '08:05', ' 23:59 ', '0:00'].map(parseLocalTime)).toEqual(['08:05', '08:05', '23:59', '00:00']);
    expect(['24:00', '8', '08:60', '8:5', 'off', '08:00:00'].map(parseLocalTime)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('is due at the local time in the zone, also on the days the clocks change', () => {
    expect(dueAt('2026-03-03', '08:00', 'Europe/Berlin').toISOString()).toBe('2026-03-03T07:00:00.000Z');
    expect(dueAt('2026-07-03', '08:00', 'Europe/Berlin').toISOString()).toBe('2026-07-03T06:00:00.000Z');
    // 02:30 does not exist on 2026-03-29 in Berlin: the digest still comes that day, once.
    expect(dueAt('2026-03-29', '02:30', 'Europe/Berlin').toISOString().slice(0, 10)).toBe('2026-03-29');
  });

  it("counts yesterday's digest as due just after midnight, and never one from before it was asked for", () => {
    const schedule = { localTime: '23:30', since: '2026-03-01T00:00:00Z' };
    const due = dueDays(schedule, new Date('2026-03-04T00:10:00Z'), 'UTC');
    expect(due.map((d) => [d.day, d.lateMs / 60_000])).toEqual([['2026-03-03', 40]]);
    expect(dueDays({ ...schedule, since: '2026-03-03T23:45:00Z' }, new Date('2026-03-04T00:10:00Z'), 'UTC')).toEqual(
      [],
    );
  });

  it('the next time is today if still ahead, else tomorrow', () => {
    expect(nextDue('08:00', new Date('2026-03-03T06:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-03T07:00:00.000Z',
    );
    expect(nextDue('08:00', new Date('2026-03-03T07:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-04T07:00:00.000Z',
    );
  });
});
