/** Applies the migrations in migrations/ with kysely's Migrator; reports each, never half-silent. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { FileMigrationProvider, Migrator, type MigrationResult } from 'kysely/migration';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Brings the schema to the latest migration; throws (with cause) if one fails. */
export async function migrateToLatest(db: Kysely<any>, folder = MIGRATIONS_FOLDER): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({
      fs,
      path,
      migrationFolder: folder,
      // Our own import() so vitest and tsx transform the .ts migrations (kysely's would not).
      import: (file: string) => import(pathToFileURL(file).href),
    }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return results;
}
