// The importers' batch writer: batches gathered into larger commits, counted only once committed, a failing batch
// taking its open commit with it, dry runs writing nothing, and SQLite's checkpoint cadence given back at the end.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createBatchWriter } from '../../src/importer/batch-writer.ts';
import { batchRowOf, type BatchRow } from '../../src/journal/entries/batch-row.ts';
import type { BatchResult } from '../../src/journal/entries/entry-batch.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('batch writer', (store) => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
  });
  afterEach(() => temp.cleanup());

  const NOW = new Date('2024-06-01T12:00:00Z');
  const rows = (from: number, count: number, text = (id: number) => `note ${id} #tag${id % 3}`): BatchRow[] =>
    Array.from({ length: count }, (_, i) =>
      batchRowOf(
        {
          ownerId: 111,
          source: 'import',
          chatId: 500,
          messageId: from + i,
          writtenAt: new Date(Date.UTC(2024, 0, 1, 0, from + i)),
          text: text(from + i),
          editedAt: null,
        },
        'UTC',
        NOW,
      ),
    );
  const count = async () =>
    Number(
      (
        await temp.db
          .selectFrom('entry')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('commits every commitRows rows, counting each batch once its commit is made, and tags what it stored', async () => {
    const counted: BatchResult[] = [];
    const writer = createBatchWriter(temp.db, { commitRows: 1_000, commitMs: Infinity });
    for (let from = 0; from < 2_500; from += 500) {
      await writer.write(rows(from, 500), (r) => counted.push(r));
      // Two batches make a commit: counts arrive in pairs.
      expect(counted.length).toBe(Math.floor((from + 500) / 1_000) * 2);
    }
    await writer.finish();
    expect(counted.reduce((n, r) => n + r.inserted, 0)).toBe(2_500);
    expect(await count()).toBe(2_500);
    const tagged = await temp.db
      .selectFrom('entry_tag')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tag', '=', 'tag1')
      .executeTakeFirstOrThrow();
    expect(Number(tagged.n)).toBe(833);
  });

  it('a batch the database refuses undoes its open commit, uncounted; the commits before it stay', async () => {
    const counted: BatchResult[] = [];
    const writer = createBatchWriter(temp.db, { commitRows: 1_000, commitMs: Infinity });
    await writer.write(rows(0, 500), (r) => counted.push(r));
    await writer.write(rows(500, 500), (r) => counted.push(r));
    await writer.write(rows(1_000, 500), (r) => counted.push(r));
    const bad = rows(1_500, 2).map((r) => ({ ...r, values: r.values.map((v, i) => (i === 1 ? 'elsewhere' : v)) })); // violates the CHECK on source
    await expect(writer.write(bad, (r) => counted.push(r))).rejects.toThrow();
    await writer.finish();
    expect(counted.map((r) => r.inserted)).toEqual([500, 500]);
    expect(await count()).toBe(1_000);
  });

  it('a dry run counts what it would write and writes nothing', async () => {
    const counted: BatchResult[] = [];
    const writer = createBatchWriter(temp.db, { dryRun: true });
    await writer.write(rows(0, 300), (r) => counted.push(r));
    await writer.finish();
    expect(counted).toEqual([{ inserted: 300, alreadyPresent: 0, revised: 0 }]);
    expect(await count()).toBe(0);
  });

  it.skipIf(store !== 'sqlite')(
    'on SQLite the -wal is checkpointed every 64 MB during the import, and every 1 MB again after it',
    async () => {
      const autocheckpoint = async () =>
        (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(temp.db)).rows[0]!
          .wal_autocheckpoint;
      const everyday = await autocheckpoint();
      const writer = createBatchWriter(temp.db, { commitRows: 500 });
      await writer.write(rows(0, 500), () => undefined);
      expect(await autocheckpoint()).toBe(16_384);
      await writer.finish();
      expect(await autocheckpoint()).toBe(everyday);
      // Two imports at once: the mode lasts until the last one ends.
      const [first, second] = [
        createBatchWriter(temp.db, { commitRows: 500 }),
        createBatchWriter(temp.db, { commitRows: 500 }),
      ];
      await first.write(rows(1_000, 500), () => undefined);
      await second.write(rows(2_000, 500), () => undefined);
      await first.finish();
      expect(await autocheckpoint()).toBe(16_384);
      await second.finish();
      expect(await autocheckpoint()).toBe(everyday);
    },
  );
});
