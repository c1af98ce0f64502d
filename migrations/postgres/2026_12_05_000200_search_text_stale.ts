// PostgreSQL twin of migrations/2026_12_05_000200_search_text_stale.ts: a title or text changed from outside the app
// (psql, a script) without search_text marks search_text null before the row is written, so the generated
// search_vector drops the old words, and the app indexes the entry at its next start (src/db/search-reindex.ts).
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION entry_search_text_stale() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.search_text IS NOT NULL AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text
        AND (NEW.title IS DISTINCT FROM OLD.title OR NEW.content IS DISTINCT FROM OLD.content) THEN
        NEW.search_text := NULL;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER entry_search_text_stale BEFORE UPDATE OF title, content ON entry
    FOR EACH ROW EXECUTE FUNCTION entry_search_text_stale()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS entry_search_text_stale ON entry`.execute(db);
  await sql`DROP FUNCTION IF EXISTS entry_search_text_stale()`.execute(db);
}
