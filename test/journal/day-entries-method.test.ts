// getEntriesForDay gives a day whole in one call: each entry with its media listed (index and kind, for viewMedia),
// so a reader of a day (the MCP App) needs no getEntry per entry; an entry without media reads as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import type { InvokeResult, ObjectOperations } from '../../src/objects/operations.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 7;
let temp: TempDb;
let ops: ObjectOperations;
beforeEach(async () => {
  temp = await createTempDb();
  ops = createJournalOperations(temp.db, OWNER);
});
afterEach(() => temp.cleanup());

const value = (r: InvokeResult): any => {
  if (r.type !== 'value') throw new Error(`expected a value, got ${JSON.stringify(r)}`);
  return r.value;
};

const photo = (fileId: string) => ({
  kind: 'photo' as const,
  fileId,
  fileName: null,
  durationSeconds: null,
  fileSize: 1000,
  width: 800,
  height: 600,
});

describe('getEntriesForDay', () => {
  it("lists each entry's media with its index and kind, and none for an entry without", async () => {
    const at = (time: string) => new Date(`2024-05-02T${time}:00Z`);
    const draft = (messageId: number, time: string, text: string) => ({
      ownerId: OWNER,
      source: 'live' as const,
      chatId: OWNER,
      messageId,
      writtenAt: at(time),
      text,
    });
    await storeEntry(temp.db, draft(1, '08:00', 'Plain morning'), { timeZone: 'UTC', now: at('08:00') });
    await storeEntry(
      temp.db,
      { ...draft(2, '09:00', 'Two photos'), media: [photo('a'), photo('b')] },
      { timeZone: 'UTC', now: at('09:00') },
    );
    const day = value(await ops.invokeMethod('journal', 'getEntriesForDay', { date: '2024-05-02' }));
    expect(day).toHaveLength(2);
    expect(day[0]).not.toHaveProperty('media');
    expect(day[0]).toMatchObject({ time: '08:00', title: 'Plain morning', content: 'Plain morning' });
    expect(day[1].media).toEqual([
      expect.objectContaining({ index: 0, kind: 'photo', dimensions: '800×600', kept: false }),
      expect.objectContaining({ index: 1, kind: 'photo', kept: false }),
    ]);
  });
});
