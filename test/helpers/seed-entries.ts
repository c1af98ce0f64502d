// Writes entries through the live capture path (saveEntry), in UTC, for tests that need a journal with known contents.
import type { JournalDb } from '../../src/db/journal-database.ts';
import { saveEntry } from '../../src/journal/entries/entry-store.ts';

/** [written at (ISO, UTC), text] */
export type SeedEntry = readonly [string, string];

// Far from the message ids updates.ts hands out, so a seeded entry never takes the id of a message a test sends
// (the same (owner, chat, message) would be a duplicate, and that message silently not stored).
let messageId = 1_000_000_001;

export async function seedEntries(db: JournalDb, ownerId: number, entries: readonly SeedEntry[]): Promise<void> {
  for (const [at, text] of entries) {
    await saveEntry(
      db,
      { ownerId, source: 'live', chatId: ownerId, messageId: messageId++, writtenAt: new Date(at), text },
      { timeZone: 'UTC', now: new Date('2024-07-01T00:00:00Z') },
    );
  }
}
