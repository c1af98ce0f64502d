/**
 * The one place where claiming a row differs by engine. Several instances may claim work at once; a claim is one
 * UPDATE whose WHERE picks the row with a sub-select. On SQLite that statement takes the database's single write
 * lock before it reads, so it is atomic as it stands. On PostgreSQL two claims would read the same row: the sub-select
 * locks what it picks (`FOR UPDATE`) and passes over rows another claim holds (`SKIP LOCKED`).
 */
import { PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import type { UntypedDb } from './untyped-db.ts';

export function isPostgres(db: UntypedDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `select` as the sub-select of a claim: locking and skipping on PostgreSQL, unchanged on SQLite. */
export function forClaim<DB, TB extends keyof DB, O>(db: UntypedDb, select: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? select.forUpdate().skipLocked() : select;
}
