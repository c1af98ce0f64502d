// PostgreSQL twin of migrations/2026_12_04_000500_entry_source_app_unchecked.ts: `source_app` loses its CHECK (the
// app is validated in code, src/journal/entry-source.ts), found by what it checks, whatever it was named.
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const checks = await sql<{ name: string }>`
    SELECT conname AS name FROM pg_constraint
    WHERE conrelid = 'entry'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%source_app%'`.execute(db);
  for (const { name } of checks.rows) await sql`ALTER TABLE entry DROP CONSTRAINT ${sql.id(name)}`.execute(db);
}

export async function down(): Promise<void> {
  // The CHECK is not put back: entries of apps added since would break it.
}
