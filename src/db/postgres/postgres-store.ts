/**
 * PostgreSQL's side of the store seam: the tsvector search (postgres-search.ts), the bulk INSERT through kysely in
 * the caller's transaction, date arithmetic on text days, and the demo's mark as a setting row.
 */
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { MIGRATIONS_FOLDER } from '../migration-files.ts';
import { combinedTsquery, postgresScores, postgresWindow } from './postgres-search.ts';
import { ENTRY_KEY, type Database, type NewEntryRow } from '../schema.ts';
import type { SearchQuery } from '../search/search-query.ts';
import { chunksOf, ENTRY_COLUMNS, withSearchText, type EntryValues, type SearchAccess, type Store } from '../store.ts';
import type { UntypedDb } from '../untyped-db.ts';

export const POSTGRES_MIGRATIONS_FOLDER = path.join(MIGRATIONS_FOLDER, 'postgres');

const DEMO_MARK_KEY = 'demo_mark';

/**
 * After rows were written with explicit ids: moves the serial column's sequence past the highest stored, so new rows
 * get the ids after them. is_called = false: the next nextval() returns exactly max + 1 (1 in an empty table).
 */
async function resumeSerialAfterMax(db: UntypedDb, table: string, column: string): Promise<void> {
  await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce((SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}

export function postgresStore(): Store {
  return {
    dialect: 'postgres',
    migrationFolder: POSTGRES_MIGRATIONS_FOLDER,
    walksSearchPages: false,

    // The tsvector is a column of the entry row itself: one condition on it, and the planner picks the GIN index
    // (listing every match, for counts) or checks each row it already reads (a short walk) without a second lookup.
    searchScores: postgresScores,
    searchWindow: postgresWindow,
    searchMatches(searches: readonly SearchQuery[]) {
      return sql<{ id: number }>`(SELECT id FROM entry WHERE search_vector @@ ${combinedTsquery(searches)}::tsquery)`;
    },

    searchCondition(searches: readonly SearchQuery[], entry: string, _access: SearchAccess) {
      return sql<boolean>`${sql.ref(`${entry}.search_vector`)} @@ ${combinedTsquery(searches)}::tsquery`;
    },

    async insertEntryRows(trx: Kysely<Database>, rows: readonly EntryValues[]) {
      let inserted = 0;
      for (const slice of chunksOf(rows.map(withSearchText))) {
        // Every row names every column, so the multi-row VALUES lines up.
        const chunk = slice.map(
          (values) => Object.fromEntries(ENTRY_COLUMNS.map((c, i) => [c, values[i]])) as NewEntryRow,
        );
        const result = await trx
          .insertInto('entry')
          .values(chunk)
          .onConflict((oc) => oc.columns(ENTRY_KEY).doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      return inserted;
    },

    // The server manages its own write-ahead log.
    async beginBulkWrite() {
      return async () => {};
    },

    async shiftLocalDays(trx: Kysely<Database>, previous: string, current: string) {
      // Undo the old rule (a time before it had been moved back a day), then apply the new one; days stay text.
      const result = await sql`UPDATE entry SET local_day = to_char(local_day::date
          + (CASE WHEN local_time < ${previous} THEN 1 ELSE 0 END)
          - (CASE WHEN local_time < ${current} THEN 1 ELSE 0 END), 'YYYY-MM-DD')
        WHERE (local_time < ${previous}) <> (local_time < ${current})`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    },

    async afterExplicitIds(db: UntypedDb, table: string, column = 'id') {
      await resumeSerialAfterMax(db, table, column);
    },

    claimable: (select) => select.forUpdate().skipLocked(),

    async writeAloneDurably(db, lockKey, write) {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${lockKey})`.execute(trx);
        return write(trx);
      });
    },

    async emptyLogNow() {},

    async migrationSchema(db: UntypedDb) {
      return (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema;
    },

    oneMigrationAtATime: (db, run) => run(db),

    // Deleted rows stay in the table's pages until VACUUM reclaims them (autovacuum does, in its time): not run here,
    // as it cannot run inside a transaction and a hosted database schedules its own.
    async purgeDeleted() {
      return { complete: true };
    },

    async deleteOwnerEntries(trx: Kysely<Database>, ownerId: number) {
      const result = await trx.deleteFrom('entry').where('owner_id', '=', ownerId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async writeDemoMark(db: Kysely<Database>, mark: number) {
      await db
        .insertInto('journal_setting')
        .values({ key: DEMO_MARK_KEY, value: String(mark) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(mark) }))
        .execute();
    },

    async readDemoMark(db: Kysely<Database>) {
      const present = await sql<{
        present: boolean;
      }>`SELECT to_regclass('journal_setting') IS NOT NULL AS present`.execute(db);
      if (!present.rows[0]?.present) return null;
      const row = await db
        .selectFrom('journal_setting')
        .select('value')
        .where('key', '=', DEMO_MARK_KEY)
        .executeTakeFirst();
      return row ? Number(row.value) : null;
    },

    async hasEntryTable(db: Kysely<Database>) {
      const present = await sql<{ present: boolean }>`SELECT to_regclass('entry') IS NOT NULL AS present`.execute(db);
      return Boolean(present.rows[0]?.present);
    },
  };
}
