// When a reminder comes due: its local time within the owner's journal day, across the day's start and DST changes.
import { describe, expect, it } from 'vitest';
import { dueReminderDay, nextReminderDue, reminderDueAt } from '../../src/daily/reminder-schedule.ts';

const berlin = { timeZone: 'Europe/Berlin', dayStartsAt: '00:00' };
const since = '2026-01-01T00:00:00Z';

describe('reminder schedule', () => {
  it('is due at the local time of the journal day; a time before the day starts is the night after it', () => {
    expect(reminderDueAt('2026-03-03', '21:00', berlin).toISOString()).toBe('2026-03-03T20:00:00.000Z');
    const nightOwl = { timeZone: 'Europe/Berlin', dayStartsAt: '04:00' };
    expect(reminderDueAt('2026-03-03', '02:00', nightOwl).toISOString()).toBe('2026-03-04T01:00:00.000Z');
    // 01:30 on the 4th is still the 3rd's journal day: that day's reminder is due, once.
    expect(dueReminderDay({ localTime: '01:00', since }, new Date('2026-03-04T00:30:00Z'), nightOwl)).toEqual({
      day: '2026-03-03',
      due: new Date('2026-03-04T00:00:00Z'),
    });
  });

  it('in a skipped hour (the last Sunday of March) is due just after it, once that day', () => {
    // 02:30 does not exist on 2026-03-29 in Berlin: 03:30 CEST, 01:30 UTC.
    expect(reminderDueAt('2026-03-29', '02:30', berlin).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(dueReminderDay({ localTime: '02:30', since }, new Date('2026-03-29T00:59:00Z'), berlin)).toBeNull();
    expect(dueReminderDay({ localTime: '02:30', since }, new Date('2026-03-29T01:30:00Z'), berlin)?.day).toBe(
      '2026-03-29',
    );
  });

  it('in a repeated hour (the last Sunday of October) is due at its first occurrence; the second is the same day', () => {
    expect(reminderDueAt('2026-10-25', '02:30', berlin).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(dueReminderDay({ localTime: '02:30', since }, new Date('2026-10-25T00:30:00Z'), berlin)?.day).toBe(
      '2026-10-25',
    );
    // An hour later the wall clock reads 02:30 again: the same journal day, so the same claim.
    expect(dueReminderDay({ localTime: '02:30', since }, new Date('2026-10-25T01:30:00Z'), berlin)?.day).toBe(
      '2026-10-25',
    );
  });

  it('is not due before it was asked for, nor hours late, and the next time is always ahead', () => {
    expect(
      dueReminderDay({ localTime: '08:00', since: '2026-03-03T08:00:00Z' }, new Date('2026-03-03T08:30:00Z'), berlin),
    ).toBeNull();
    expect(dueReminderDay({ localTime: '08:00', since }, new Date('2026-03-03T10:00:00Z'), berlin)).toBeNull();
    expect(nextReminderDue('08:00', new Date('2026-03-03T06:00:00Z'), berlin).toISOString()).toBe(
      '2026-03-03T07:00:00.000Z',
    );
    expect(nextReminderDue('08:00', new Date('2026-03-03T07:00:00Z'), berlin).toISOString()).toBe(
      '2026-03-04T07:00:00.000Z',
    );
  });
});
