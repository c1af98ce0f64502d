// localMoment (with its per-hour offset cache) agrees with Intl.DateTimeFormat formatting each instant on its own,
// across zones with odd, historical and sub-hour offsets and across years; instantFromLocal reads its output back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantFromLocal, localMoment } from '../../../src/journal/dates/local-moment.ts';

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Pacific/Chatham',
  'Africa/Monrovia',
  'Europe/Amsterdam',
  'Asia/Singapore',
  'Pacific/Kiritimati',
  'America/Caracas',
  'UTC',
];

const referenceFormats = new Map<string, Intl.DateTimeFormat>();
/** The day and time Intl gives for this very instant: no cache, no offset arithmetic. */
function reference(ms: number, zone: string) {
  let f = referenceFormats.get(zone);
  if (!f)
    referenceFormats.set(
      zone,
      (f = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })),
    );
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

describe('localMoment', () => {
  it('matches Intl for any instant between 1900 and 2100 in zones with odd offsets, DST and historical changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          expect(localMoment(new Date(ms), zone)).toEqual(reference(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('matches Intl throughout 1970–1972 in Africa/Monrovia (−0:44:30, then UTC from May 1972)', () => {
    const zone = 'Africa/Monrovia';
    let checked = 0;
    for (let ms = Date.UTC(1970, 0, 1); ms < Date.UTC(1973, 0, 1); ms += 240 * 60_000 + 7_000) {
      expect(localMoment(new Date(ms), zone)).toEqual(reference(ms, zone));
      checked += 1;
    }
    expect(localMoment(new Date(Date.UTC(1971, 5, 1, 12)), zone)).toEqual({ day: '1971-06-01', time: '11:15' });
    expect(checked).toBeGreaterThan(6_000);
  });

  it('matches Intl second by second around the change of offset itself and minute by minute around DST changes', () => {
    const around = [
      ['Europe/Berlin', Date.UTC(2024, 2, 31, 1)],
      ['Europe/Berlin', Date.UTC(2024, 9, 27, 1)],
      ['America/New_York', Date.UTC(2024, 10, 3, 6)],
      ['Australia/Lord_Howe', Date.UTC(2024, 3, 6, 15)],
      ['Australia/Lord_Howe', Date.UTC(2024, 9, 5, 15, 30)],
      ['Africa/Monrovia', Date.UTC(1972, 4, 1, 0, 44, 30)],
    ] as const;
    for (const [zone, change] of around) {
      for (let ms = change - 2 * 3_600_000; ms <= change + 2 * 3_600_000; ms += 60_000) {
        expect(localMoment(new Date(ms), zone)).toEqual(reference(ms, zone));
      }
      for (let ms = change - 120_000; ms <= change + 120_000; ms += 1_000) {
        expect(localMoment(new Date(ms), zone)).toEqual(reference(ms, zone));
      }
    }
  });
});

describe('instantFromLocal', () => {
  it('reads a wall-clock time back to an instant with that local day and time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }),
        fc.constantFrom(...ZONES),
        (minute, zone) => {
          const { day, time } = localMoment(new Date(minute * 60_000), zone);
          const back = instantFromLocal(`${day}T${time}`, zone);
          expect(back && localMoment(back, zone)).toEqual({ day, time });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes the first of a repeated hour and moves a skipped time forward', () => {
    expect(instantFromLocal('2024-10-27T02:30', 'Europe/Berlin')?.toISOString()).toBe('2024-10-27T00:30:00.000Z');
    expect(instantFromLocal('2024-03-31T02:30', 'Europe/Berlin')?.toISOString()).toBe('2024-03-31T01:30:00.000Z');
    expect(instantFromLocal('1971-06-01T11:15:30', 'Africa/Monrovia')?.toISOString()).toBe('1971-06-01T12:00:00.000Z');
    expect(instantFromLocal('not a time', 'UTC')).toBeNull();
  });
});
