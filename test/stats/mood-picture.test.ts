// The stats pictures show mood when there is any: the caption's mean, the year's weekly mood line, the week's bands.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readJournalStats } from '../../src/stats/journal-stats.ts';
import { statsPicture } from '../../src/stats/stats-picture.ts';
import { statsSvg } from '../../src/stats/stats-svg.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';

const OWNER = 3;
const NOW = new Date('2024-06-20T12:00:00Z');

describeStores('mood in the stats pictures', () => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
    await seedEntries(temp.db, OWNER, [
      ['2024-06-10T08:00:00Z', 'Monday'],
      ['2024-06-12T08:00:00Z', 'Wednesday'],
      ['2024-06-16T08:00:00Z', 'Sunday'],
    ]);
  });
  afterEach(() => temp.cleanup());

  it('shows none without moods', async () => {
    const stats = await readJournalStats(temp.db, OWNER, { kind: 'year', year: 2024 }, '2024-06-20');
    expect(statsSvg(stats)).not.toContain('Mood');
    const picture = await statsPicture(temp.db, OWNER, { kind: 'year', year: 2024 }, { today: '2024-06-20' });
    expect(picture.type === 'picture' && picture.caption).toBe(
      '3 entries on 3 days in 2024; longest streak 1, current 0.',
    );
  });

  it('adds the mean to the caption, a weekly line to the year, and a band per day to the week', async () => {
    await setMood(temp.db, OWNER, '2024-06-10', 2, NOW);
    await setMood(temp.db, OWNER, '2024-06-11', 4, NOW); // a day with a mood and no entry counts too
    await setMood(temp.db, OWNER, '2024-06-16', 5, NOW);
    await setMood(temp.db, OWNER, '2024-05-01', 3, NOW);
    const picture = await statsPicture(temp.db, OWNER, { kind: 'year', year: 2024 }, { today: '2024-06-20' });
    expect(picture.type === 'picture' && picture.caption).toBe(
      '3 entries on 3 days in 2024; longest streak 1, current 0; mood 3.5 of 5 on 4 days.',
    );
    const year = statsSvg(await readJournalStats(temp.db, OWNER, { kind: 'year', year: 2024 }, '2024-06-20'));
    expect(year).toContain('Mood, weekly mean');
    // Two weeks with moods (May 1; June 10–16): two points joined by one line.
    expect(year.match(/<circle /g)).toHaveLength(2);
    expect(year).toContain('<polyline');
    const week = statsSvg(
      await readJournalStats(temp.db, OWNER, { kind: 'week', endingOn: '2024-06-16' }, '2024-06-20'),
    );
    expect(week.match(/>mood \d</g)).toEqual(['>mood 2<', '>mood 4<', '>mood 5<']);
    expect(week).toContain('mood 3.7 of 5 on 3 days');
  });
});
