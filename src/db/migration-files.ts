/** Where the schema steps live and what they are called: read by the migrator and by the journal-file check. */
import { readdirSync } from 'node:fs';
import { runnablePath } from './code-location.ts';

/** migrations/ under tsx and vitest; their compiled twins in dist/migrations/ under node dist/…. */
export const MIGRATIONS_FOLDER = runnablePath('migrations');

/** A migration module (not a declaration file, not hidden). */
export const MIGRATION_FILE = /^[^.].*(?<!\.d)\.(ts|js|mjs)$/;

/** The migration files of a folder, in the order they apply. */
export function migrationFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort();
}

/** The names kysely records for them (the file name without its extension). */
export function knownMigrationNames(folder = MIGRATIONS_FOLDER): string[] {
  return migrationFiles(folder).map((file) => file.replace(/\.[^.]+$/, ''));
}
