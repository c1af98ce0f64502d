// An embedded PGlite (PostgreSQL compiled to WASM) shaped like the `pg` pool kysely's PostgresDialect drives, so the
// tests run the app's own PostgreSQL path (db/postgres/open-postgres.ts) with no server. PGlite has one session: the
// shim lends it to one kysely connection at a time (a transaction holds it until it ends), as a pool of size one would.
// Written here instead of adding kysely-pglite, whose package pulls in a CLI toolkit (oclif, chokidar, kysely-codegen).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PostgresDialect, type Dialect } from 'kysely';
import { NUMBER_PARSERS } from '../../src/db/postgres/open-postgres.ts';

/** Parses as the app's pool does: int8 and numeric as JS numbers, an int8 beyond 2^53 an error. */
const parsers = { ...NUMBER_PARSERS };

/** The dump's name changes with the migrations, so a changed schema is never loaded from an old dump. */
function dumpFile(migrationFolder: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationFolder).sort())
    hash.update(name).update(readFileSync(path.join(migrationFolder, name)));
  return path.join(tmpdir(), `journal-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A PGlite with the migrations applied. A fresh PGlite runs initdb (seconds of CPU, ~12 s on a busy machine); loading
 * a data directory dumped after the migrations takes under 2 s, so the first file of a run dumps one to the temp dir
 * and every later one starts from it.
 */
export async function migratedPglite(
  migrationFolder: string,
  migrate: (pglite: PGlite) => Promise<void>,
): Promise<PGlite> {
  const file = dumpFile(migrationFolder);
  if (existsSync(file)) {
    const pglite = new PGlite({ parsers, loadDataDir: new Blob([readFileSync(file)]) });
    await pglite.waitReady;
    return pglite;
  }
  const pglite = new PGlite({ parsers });
  await pglite.waitReady;
  await migrate(pglite);
  const dump = await pglite.dumpDataDir('none');
  // Written aside, then renamed: a file running alongside never reads half a dump.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return pglite;
}

interface PooledClient {
  query(sql: string, parameters?: unknown[]): Promise<{ command?: string; rowCount?: number; rows: unknown[] }>;
  release(): void;
}

/** Whose turn it is on each PGlite's one session: every dialect over the same PGlite waits in one line. */
const turns = new WeakMap<PGlite, Promise<void>>();

/**
 * A kysely dialect over a shared PGlite; destroying the kysely instance leaves the PGlite open for the next test.
 * Two dialects over one PGlite (two "processes" on one database) take turns on its session, a transaction at a time.
 */
export function pgliteDialect(pglite: PGlite): Dialect {
  const pool = {
    async connect(): Promise<PooledClient> {
      let release!: () => void;
      const previous = turns.get(pglite) ?? Promise.resolve();
      turns.set(pglite, new Promise<void>((resolve) => (release = resolve)));
      await previous;
      return {
        query: (sql, parameters) => pglite.query(sql, parameters),
        release: () => release(),
      };
    },
    async end() {},
  };
  return new PostgresDialect({ pool: pool as never });
}
