// A small journal with known contents, for tests that check every method against hand-counted answers.
import type { JournalDb } from '../../src/db/journal-database.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import type { ObjectOperations } from '../../src/objects/operations.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

export const OWNER = 101;
export const OTHER_OWNER = 202;

/** [written at (UTC, also the local zone here), text]; 7 days, 8 entries, March to June 2024. */
export const KNOWN_ENTRIES: readonly (readonly [string, string])[] = [
  ['2024-03-31T23:30:00Z', 'Late note\nStill awake.'],
  ['2024-04-01T08:00:00Z', 'Coffee with Ana\nWe talked about the rain.'],
  ['2024-04-01T19:30:00Z', "Evening run\nRan 5 km in the park. Don't stop now."],
  ['2024-04-02T07:15:00Z', 'Café au lait\nA slow morning.'],
  ['2024-04-15T12:00:00Z', 'Work\nQuarterly report, AND a long meeting.'],
  ['2024-04-30T21:00:00Z', 'Rainy evening\nRain and coffee.'],
  ['2024-05-01T09:00:00Z', 'May Day\nCoffee in the garden.'],
  ['2024-06-10T10:00:00Z', 'Trip\nTrain to the lake.'],
];

export async function seedKnownJournal(db: JournalDb): Promise<void> {
  await seedEntries(db, OWNER, KNOWN_ENTRIES);
  await seedEntries(db, OTHER_OWNER, [['2024-04-01T10:00:00Z', "Other owner's coffee"]]);
}

/** A temp database (the running describeStores block's store) holding the known journal, and OWNER's operations on it. */
export async function openKnownJournal(): Promise<{ temp: TempDb; ops: ObjectOperations }> {
  const temp = await createTempDb();
  await seedKnownJournal(temp.db);
  return { temp, ops: createJournalOperations(temp.db, OWNER) };
}
