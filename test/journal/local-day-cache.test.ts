// localMoment's cached offsets give exactly what TZDate + format give, including in the hours where clocks change.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localMoment } from '../../src/journal/local-day.ts';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns', 'Pacific/Chatham', 'UTC'];
const reference = (ms: number, zone: string) => {
  const local = new TZDate(ms, zone);
  return { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
};

describe('localMoment', () => {
  it('matches TZDate for any instant between 1970 and 2100 in zones with odd offsets and DST', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        expect(localMoment(new Date(ms), zone)).toEqual(reference(ms, zone));
      }),
      { numRuns: 3000 },
    );
  });

  it('matches TZDate minute by minute around DST changes (including Lord Howe’s half-hour shift)', () => {
    const around = [
      ['Europe/Berlin', Date.UTC(2024, 2, 31, 1)],
      ['Europe/Berlin', Date.UTC(2024, 9, 27, 1)],
      ['America/New_York', Date.UTC(2024, 10, 3, 6)],
      ['Australia/Lord_Howe', Date.UTC(2024, 3, 6, 15)],
      ['Australia/Lord_Howe', Date.UTC(2024, 9, 5, 15, 30)],
    ] as const;
    for (const [zone, change] of around) {
      for (let ms = change - 2 * 3_600_000; ms <= change + 2 * 3_600_000; ms += 60_000) {
        expect(localMoment(new Date(ms), zone)).toEqual(reference(ms, zone));
      }
    }
  });
});
