// The prepared-statement seam: a statement is prepared once per SQL text, bounded, and a write through it belongs
// to the kysely transaction it runs in (a rollback undoes it), because both share the one connection. kysely's own
// queries go through it too, so a query asked again is not prepared again, and a schema change under a kept
// statement is SQLite's to handle.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SqliteStore } from '../../../src/db/sqlite/sqlite-store.ts';
import { createTempDb, type TempDb } from '../../helpers/temp-db.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

// The temp db is SQLite: its store carries the cache its bulk path uses.
const statements = () => (temp.db.store as SqliteStore).statements;
const INSERT = `insert into object_handle (owner_id, id, kind, state, created_at) values (?, ?, 'k', '{}', '2024-01-01')`;
const ids = async () =>
  (await temp.db.selectFrom('object_handle').select('id').orderBy('id').execute()).map((r) => r.id);

describe('StatementCache', () => {
  it('prepares a statement once per SQL text and reports the rows it changed', async () => {
    const first = statements().write(INSERT);
    expect(statements().write(INSERT)).toBe(first);
    await temp.db.transaction().execute(async () => {
      expect(first.run([1, 'a']).changes).toBe(1);
      expect(first.run([1, 'b']).changes).toBe(1);
    });
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('a write inside a transaction that fails is rolled back with it', async () => {
    const write = statements().write(INSERT);
    await expect(
      temp.db.transaction().execute(async (trx) => {
        write.run([1, 'gone']);
        await trx
          .insertInto('object_handle')
          .values({ owner_id: 1, id: 'also-gone', kind: 'k', state: '{}', created_at: '2024-01-01' })
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await ids()).toEqual([]);
  });

  it('keeps at most its bound of statements', () => {
    for (let i = 0; i < 40; i++) statements().write(`select ${i}`);
    expect(statements().size).toBeLessThanOrEqual(32);
    expect(statements().size).toBeGreaterThan(0);
  });

  it("prepares each of kysely's SQL texts once, and a kept statement survives a schema change", async () => {
    const owners = (owner: number) =>
      temp.db.selectFrom('object_handle').select('id').where('owner_id', '=', owner).orderBy('id');
    await temp.db.transaction().execute(async () => {
      statements().write(INSERT).run([1, 'a']);
      statements().write(INSERT).run([2, 'b']);
    });
    expect((await owners(1).execute()).map((r) => r.id)).toEqual(['a']);
    const prepared = statements().queries;
    // The same text with other values: no new statement, the right rows.
    expect((await owners(2).execute()).map((r) => r.id)).toEqual(['b']);
    expect(statements().queries).toBe(prepared);
    await sql`alter table object_handle add column note text`.execute(temp.db);
    expect((await owners(1).execute()).map((r) => r.id)).toEqual(['a']);
    // A stream holds the connection until it is done; the same text runs again after it.
    const streamed: string[] = [];
    for await (const row of owners(1).stream()) streamed.push(row.id);
    expect(streamed).toEqual(['a']);
    expect((await owners(1).execute()).map((r) => r.id)).toEqual(['a']);
  });

  it("bounds kysely's statements too", async () => {
    for (let i = 0; i < 300; i++) await sql`select ${sql.lit(i)} as n`.execute(temp.db);
    expect(statements().queries).toBeLessThanOrEqual(256);
    expect((await sql<{ n: number }>`select ${sql.lit(7)} as n`.execute(temp.db)).rows).toEqual([{ n: 7 }]);
  });
});
