// The date layer against an independent oracle (Intl.DateTimeFormat per instant, Date.UTC day arithmetic), over zones
// with odd histories: half-hour and 45-minute offsets, Monrovia's −0:44:30, Apia's skipped 2011-12-30, Lord Howe's
// 30-minute DST, every DST transition of four zones minute by minute, JOURNAL_DAY_STARTS_AT across midnight and DST.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantFromLocal, localMoment } from '../../../src/journal/dates/local-moment.ts';
import { zoneOffset } from '../../../src/journal/dates/zone-offset.ts';
import { journalDayAt, transitions, wallAt } from './intl-oracle.ts';

const ODD_ZONES = [
  'Asia/Kolkata', // +5:30
  'Asia/Kathmandu', // +5:30, then +5:45 since 1986
  'Australia/Eucla', // +8:45, with DST some years
  'Pacific/Chatham', // +12:45 / +13:45
  'Africa/Monrovia', // −0:44:30 until 1972
  'Pacific/Apia', // −11 → +13 by skipping 2011-12-30
  'Australia/Lord_Howe', // +10:30 / +11, a 30-minute DST
  'America/St_Johns', // −3:30 with DST
  'Asia/Tehran',
  'Pacific/Kiritimati', // +14, after skipping 1994-12-31
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago', // DST changes at local midnight
  'Australia/Sydney',
  'UTC',
];
const DST_ZONES = ['Europe/Berlin', 'America/New_York', 'America/Santiago', 'Australia/Sydney'];
const DAY_STARTS = ['00:00', '00:30', '03:00', '04:00', '05:45'];

const MIN_MS = Date.UTC(1900, 0, 1);
const MAX_MS = Date.UTC(2100, 11, 31, 23, 59);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const instant = fc.integer({ min: MIN_MS / MINUTE, max: MAX_MS / MINUTE }).map((m) => m * MINUTE);

describe('localMoment against Intl', () => {
  it('agrees on random instants 1900–2100 in zones with odd histories, with any day start', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ODD_ZONES), fc.constantFrom(...DAY_STARTS), (ms, zone, start) => {
        expect(localMoment(new Date(ms), zone, start)).toEqual(journalDayAt(ms, zone, start));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the offset exactly, seconds and sign included (zoneOffset)', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ODD_ZONES), (ms, zone) => {
        expect(zoneOffset(ms, zone)).toBe(wallAt(ms, zone).offsetMs);
      }),
      { numRuns: 2000 },
    );
  });

  it('Africa/Monrovia 1971 is −0:44:30 (not +0:44:30, the sign @date-fns/tz drops), then UTC from 1972', () => {
    expect(zoneOffset(Date.UTC(1971, 5, 1, 12), 'Africa/Monrovia')).toBe(-(44 * MINUTE + 30_000));
    expect(localMoment(new Date(Date.UTC(1971, 5, 1, 12)), 'Africa/Monrovia')).toEqual({
      day: '1971-06-01',
      time: '11:15',
    });
    expect(localMoment(new Date(Date.UTC(1971, 0, 1, 0, 30)), 'Africa/Monrovia')).toEqual({
      day: '1970-12-31',
      time: '23:45',
    });
    expect(localMoment(new Date(Date.UTC(1973, 0, 1)), 'Africa/Monrovia')).toEqual({
      day: '1973-01-01',
      time: '00:00',
    });
    for (let ms = Date.UTC(1971, 11, 1); ms < Date.UTC(1972, 5, 1); ms += 37 * MINUTE) {
      expect(localMoment(new Date(ms), 'Africa/Monrovia')).toEqual(journalDayAt(ms, 'Africa/Monrovia'));
    }
  });

  it('Pacific/Apia skipped 2011-12-30: no instant has that day; the last minute of the 29th is followed by the 31st', () => {
    for (let ms = Date.UTC(2011, 11, 29); ms < Date.UTC(2012, 0, 2); ms += MINUTE) {
      const moment = localMoment(new Date(ms), 'Pacific/Apia');
      expect(moment.day).not.toBe('2011-12-30');
      expect(moment).toEqual(journalDayAt(ms, 'Pacific/Apia'));
    }
    expect(localMoment(new Date(Date.UTC(2011, 11, 30, 9, 59)), 'Pacific/Apia')).toEqual({
      day: '2011-12-29',
      time: '23:59',
    });
    expect(localMoment(new Date(Date.UTC(2011, 11, 30, 10, 0)), 'Pacific/Apia')).toEqual({
      day: '2011-12-31',
      time: '00:00',
    });
    // A wall clock on the skipped day reads with the offset before the change (−10), landing on the 31st.
    expect(instantFromLocal('2011-12-30T12:00', 'Pacific/Apia')?.toISOString()).toBe('2011-12-30T22:00:00.000Z');
  });

  it('Australia/Lord_Howe: its 30-minute DST, minute by minute, and wall clocks in the gap and the repeat', () => {
    for (const at of transitions('Australia/Lord_Howe', 2023, 2024)) {
      for (let ms = at - 2 * HOUR; ms <= at + 2 * HOUR; ms += MINUTE) {
        expect(localMoment(new Date(ms), 'Australia/Lord_Howe', '02:00')).toEqual(
          journalDayAt(ms, 'Australia/Lord_Howe', '02:00'),
        );
      }
    }
    // 2024-10-06 02:00 → 02:30 (+10:30 → +11): 02:15 does not exist, read with +10:30.
    expect(instantFromLocal('2024-10-06T02:15', 'Australia/Lord_Howe')?.toISOString()).toBe('2024-10-05T15:45:00.000Z');
    // 2024-04-07 02:00 → 01:30 (+11 → +10:30): 01:45 happens twice, the first is meant.
    expect(instantFromLocal('2024-04-07T01:45', 'Australia/Lord_Howe')?.toISOString()).toBe('2024-04-06T14:45:00.000Z');
  });
});

describe('every DST transition, minute by minute', () => {
  it.each(DST_ZONES)('%s, 2000–2030: local day and time, journal day at 04:00, and wall clocks read back', (zone) => {
    const found = transitions(zone, 2000, 2030);
    expect(found.length).toBeGreaterThan(40);
    for (const at of found) {
      for (let ms = at - 2 * HOUR; ms <= at + 2 * HOUR; ms += 5 * MINUTE) {
        const expected = journalDayAt(ms, zone);
        expect(localMoment(new Date(ms), zone)).toEqual(expected);
        expect(localMoment(new Date(ms), zone, '04:00')).toEqual(journalDayAt(ms, zone, '04:00'));
        // Every wall clock that exists reads back to an instant showing it; a repeated one to its first occurrence.
        const back = instantFromLocal(`${expected.day}T${expected.time}`, zone);
        expect(back && wallAt(back.getTime(), zone)).toMatchObject(expected);
        expect(back!.getTime()).toBeLessThanOrEqual(ms);
      }
      // A wall clock the change skips reads with the offset in force before it.
      const before = wallAt(at - MINUTE, zone);
      const after = wallAt(at, zone);
      if (after.offsetMs > before.offsetMs) {
        // Halfway into the gap, on the clocks: a time no instant shows.
        const wallMs = at + before.offsetMs + (after.offsetMs - before.offsetMs) / 2;
        const text = new Date(wallMs).toISOString().slice(0, 16);
        expect(instantFromLocal(text, zone)?.getTime()).toBe(wallMs - before.offsetMs);
      }
    }
  });
});

describe('JOURNAL_DAY_STARTS_AT across midnight and DST', () => {
  it('a note before the day start counts to the evening before, also on the nights clocks change', () => {
    // Berlin, 2024-03-31: 02:00 → 03:00. 03:30 CEST with the day starting at 04:00 is still March 30.
    expect(localMoment(new Date('2024-03-31T01:30:00Z'), 'Europe/Berlin', '04:00')).toEqual({
      day: '2024-03-30',
      time: '03:30',
    });
    expect(localMoment(new Date('2024-03-31T02:00:00Z'), 'Europe/Berlin', '04:00')).toEqual({
      day: '2024-03-31',
      time: '04:00',
    });
    // Santiago, 2024-09-08: midnight does not exist (00:00 → 01:00); 01:10 is still September 7 with a 04:00 start.
    expect(localMoment(new Date('2024-09-08T04:10:00Z'), 'America/Santiago')).toEqual({
      day: '2024-09-08',
      time: '01:10',
    });
    expect(localMoment(new Date('2024-09-08T04:10:00Z'), 'America/Santiago', '04:00')).toEqual({
      day: '2024-09-07',
      time: '01:10',
    });
    // Santiago, 2024-04-07: 00:00 → 23:00 the day before; 23:30 happens twice, both on April 6.
    expect(localMoment(new Date('2024-04-07T02:30:00Z'), 'America/Santiago')).toEqual({
      day: '2024-04-06',
      time: '23:30',
    });
    expect(localMoment(new Date('2024-04-07T03:30:00Z'), 'America/Santiago')).toEqual({
      day: '2024-04-06',
      time: '23:30',
    });
    // Across the year: 2025-01-01 02:00 belongs to 2024-12-31.
    expect(localMoment(new Date('2025-01-01T01:00:00Z'), 'Europe/Berlin', '04:00')).toEqual({
      day: '2024-12-31',
      time: '02:00',
    });
    // Across Feb 29: 2024-03-01 01:30 belongs to Feb 29, 2023-03-01 01:30 to Feb 28.
    expect(localMoment(new Date('2024-03-01T01:30:00Z'), 'UTC', '04:00').day).toBe('2024-02-29');
    expect(localMoment(new Date('2023-03-01T01:30:00Z'), 'UTC', '04:00').day).toBe('2023-02-28');
  });
});
