// JOURNAL_DAY_STARTS_AT: a note written before the day starts counts to the previous day; changing the setting
// moves every stored entry's day once, at start, and running it again changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.ts';
import { applyDayStart } from '../../src/journal/entries/day-start.ts';
import { addDays } from '../../src/journal/dates/calendar-day.ts';
import { localMoment } from '../../src/journal/dates/local-moment.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { textUpdate } from '../helpers/updates.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('journal day start', () => {
  describe('journal day start', () => {
    it('counts a moment before the start to the previous day, keeping its wall-clock time', () => {
      const at = new Date('2024-03-01T01:30:00Z');
      expect(localMoment(at, 'UTC')).toEqual({ day: '2024-03-01', time: '01:30' });
      expect(localMoment(at, 'UTC', '04:00')).toEqual({ day: '2024-02-29', time: '01:30' });
      expect(localMoment(new Date('2024-03-01T04:00:00Z'), 'UTC', '04:00')).toEqual({
        day: '2024-03-01',
        time: '04:00',
      });
      // On the night the clocks go forward (Berlin, 2024-03-31 02:00 → 03:00) 03:30 is still before 04:00.
      expect(localMoment(new Date('2024-03-31T01:30:00Z'), 'Europe/Berlin', '04:00')).toEqual({
        day: '2024-03-30',
        time: '03:30',
      });
      expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
      expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
      expect(addDays('2024-12-25', 7)).toBe('2025-01-01');
    });

    it('JOURNAL_DAY_STARTS_AT is validated and normalised', () => {
      expect(parseConfig({}).journalDayStartsAt).toBe('00:00');
      expect(parseConfig({ JOURNAL_DAY_STARTS_AT: '4:00' }).journalDayStartsAt).toBe('04:00');
      expect(() => parseConfig({ JOURNAL_DAY_STARTS_AT: '25:00' })).toThrow(
        /JOURNAL_DAY_STARTS_AT must be a time HH:MM/,
      );
    });

    it('a live note at 02:00 with the day starting at 04:00 belongs to the evening before', async () => {
      const t = await createTestApp({ JOURNAL_DAY_STARTS_AT: '04:00' });
      try {
        await t.send(textUpdate('Cannot sleep', { date: Date.UTC(2024, 3, 16, 2, 0) / 1000 }));
        expect(await t.temp.db.selectFrom('entry').select(['local_day', 'local_time']).execute()).toEqual([
          { local_day: '2024-04-15', local_time: '02:00' },
        ]);
      } finally {
        await t.close();
      }
    });

    describe('changing it', () => {
      let temp: TempDb;
      beforeEach(async () => {
        temp = await createTempDb();
        await seedEntries(temp.db, 1, [
          ['2024-04-15T23:00:00Z', 'late evening'],
          ['2024-04-16T01:30:00Z', 'after midnight'],
          ['2024-04-16T03:59:00Z', 'just before four'],
          ['2024-04-16T09:00:00Z', 'morning'],
        ]);
      });
      afterEach(() => temp.cleanup());
      const days = async () =>
        (await temp.db.selectFrom('entry').select('local_day').orderBy('written_at').execute()).map((r) => r.local_day);

      it('recomputes every entry once, is idempotent, and can go back', async () => {
        expect(await days()).toEqual(['2024-04-15', '2024-04-16', '2024-04-16', '2024-04-16']);
        expect(await applyDayStart(temp.db, '04:00')).toEqual({ previous: '00:00', current: '04:00', moved: 2 });
        expect(await days()).toEqual(['2024-04-15', '2024-04-15', '2024-04-15', '2024-04-16']);
        expect(await applyDayStart(temp.db, '04:00')).toBeNull();
        expect(await days()).toEqual(['2024-04-15', '2024-04-15', '2024-04-15', '2024-04-16']);
        expect(await applyDayStart(temp.db, '02:00')).toEqual({ previous: '04:00', current: '02:00', moved: 1 });
        expect(await days()).toEqual(['2024-04-15', '2024-04-15', '2024-04-16', '2024-04-16']);
        expect(await applyDayStart(temp.db, '00:00')).toMatchObject({ moved: 1 });
        expect(await days()).toEqual(['2024-04-15', '2024-04-16', '2024-04-16', '2024-04-16']);
      });

      it('the first start with the default only records it', async () => {
        expect(await applyDayStart(temp.db, '00:00')).toBeNull();
        expect(await temp.db.selectFrom('journal_setting').selectAll().execute()).toEqual([
          { key: 'day_starts_at', value: '00:00' },
        ]);
      });
    });
  });
});
