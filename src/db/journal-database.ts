/**
 * The app's database whatever the engine: a kysely instance over the schema (schema.ts) and the store seam (store.ts)
 * it was opened with. sqlite/open-database.ts and postgres/open-postgres.ts make one; everything else takes it.
 */
import { Kysely, type Dialect, type KyselyConfig } from 'kysely';
import { CompiledQueries } from './compiled-queries.ts';
import type { Database } from './schema.ts';
import type { Store } from './store.ts';

/**
 * The app's database: kysely for every query, hot reads compiled once per shape, and the store seam (db/store.ts) for
 * what SQLite and PostgreSQL do differently.
 */
export class JournalDatabase extends Kysely<Database> {
  readonly store: Store;
  /** Hot reads compiled once per shape (a view's page listing). */
  readonly compiled = new CompiledQueries();

  constructor(dialect: Dialect, store: Store, log?: KyselyConfig['log']) {
    super({ dialect, log });
    this.store = store;
  }
}

export type JournalDb = JournalDatabase;
