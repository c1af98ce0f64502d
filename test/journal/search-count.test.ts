// A search view's description counts its matches only up to a cap (search-count.ts): past it, "more than N entries",
// and the count still honours the view's other filters (owner, dates) below it, on every store.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeView } from '../../src/journal/views/describe-view.ts';
import { describedCounts } from '../../src/journal/views/search-count.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 11;
const OTHER = 12;

describeStores('a search view described with a capped count', () => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb();
    await seedEntries(temp.db, OWNER, [
      ['2024-03-01T08:00:00Z', 'A walk by the river'],
      ['2024-03-02T08:00:00Z', 'Walking to work'],
      ['2024-03-03T08:00:00Z', 'Rain, no walk today'],
      ['2024-04-01T08:00:00Z', 'A long walk in April'],
      ['2024-04-02T08:00:00Z', 'Tea at home'],
    ]);
    // Another owner's matches come first in the index and never count for this owner.
    await seedEntries(temp.db, OTHER, [
      ['2024-03-01T09:00:00Z', 'walk walk'],
      ['2024-03-01T10:00:00Z', 'a walk'],
      ['2024-03-01T11:00:00Z', 'walked'],
    ]);
  });
  afterAll(() => temp.cleanup());

  it('says "more than" past the cap, without counting every match', async () => {
    const view = { search: ['walk'] };
    const counts = await describedCounts(temp.db, OWNER, view, 3);
    expect(counts).toEqual({ more: 3 });
    expect(describeView(view, counts)).toBe(
      'Journal entries containing "walk": more than 3 entries (getOverview counts them); getEntries lists best matches first',
    );
  });

  it("counts exactly at or under the cap, by the view's owner and dates", async () => {
    expect(await describedCounts(temp.db, OWNER, { search: ['walk'] }, 4)).toEqual({
      entries: 4,
      days: 4,
      firstDate: '2024-03-01',
      lastDate: '2024-04-01',
    });
    const march = { search: ['walk'], from: '2024-03-01', to: '2024-03-31' };
    expect(await describedCounts(temp.db, OWNER, march, 3)).toMatchObject({ entries: 3, days: 3 });
    expect(await describedCounts(temp.db, OTHER, { search: ['walk'] }, 2)).toEqual({ more: 2 });
  });

  it('counts a view without a search exactly, whatever its size', async () => {
    expect(await describedCounts(temp.db, OWNER, {}, 1)).toMatchObject({ entries: 5, days: 5 });
  });
});
