// PostgreSQL twin of migrations/2026_12_03_000100_search_tags_place.ts: search also finds an entry by its tags and its
// place's names. `entry.search_more` holds those words (the tags its text does not carry as #tag, and the place's
// name, locality, area and country), kept by triggers; the generated tsvector is made anew to cover it. Frozen:
// imports nothing from src/.
import { sql, type Kysely } from 'kysely';

/** lower → NFD → combining accents removed → every run of non-letters/digits one space → words (as the schema's). */
const searchWords = (column: string) =>
  `to_tsvector('simple', regexp_replace(regexp_replace(normalize(lower(${column}), NFD), '[\\u0300-\\u036f]', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))`;

async function makeSearchVector(db: Kysely<any>, columns: string[]): Promise<void> {
  await sql`ALTER TABLE entry DROP COLUMN IF EXISTS search_vector`.execute(db);
  await sql
    .raw(
      `ALTER TABLE entry ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${columns.map(searchWords).join(' || ')}) STORED`,
    )
    .execute(db);
  await sql`CREATE INDEX entry_search ON entry USING gin (search_vector)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE entry ADD COLUMN search_more text NOT NULL DEFAULT ''`.execute(db);
  // The words of one entry beyond its text; metadata that is not JSON gives no place (a write never fails on it).
  await sql`CREATE FUNCTION entry_search_more(entry_id bigint, content text, metadata text) RETURNS text
    LANGUAGE plpgsql STABLE AS $$
    DECLARE
      tags text;
      place jsonb;
    BEGIN
      SELECT string_agg(t.tag, ' ' ORDER BY t.tag) INTO tags FROM entry_tag AS t
        WHERE t.entry_id = entry_search_more.entry_id AND strpos(lower(content), '#' || t.tag) = 0;
      BEGIN
        place := metadata::jsonb -> 'place';
      EXCEPTION WHEN others THEN
        place := NULL;
      END;
      RETURN trim(coalesce(tags, '') || ' ' || coalesce(place ->> 'name', '') || ' ' || coalesce(place ->> 'locality', '')
        || ' ' || coalesce(place ->> 'area', '') || ' ' || coalesce(place ->> 'country', ''));
    END $$`.execute(db);
  await sql`UPDATE entry SET search_more = entry_search_more(id, content, metadata)
    WHERE metadata IS NOT NULL OR id IN (SELECT entry_id FROM entry_tag)`.execute(db);
  // The entry's own row is set before it is written (a new entry has no tags yet: only one with metadata has words);
  // a tag written or removed sets its entry's, unless its text carries it as #tag (then nothing changes).
  await sql`CREATE FUNCTION entry_search_more_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_more := entry_search_more(NEW.id, NEW.content, NEW.metadata);
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER entry_search_more_insert BEFORE INSERT ON entry
    FOR EACH ROW WHEN (NEW.metadata IS NOT NULL) EXECUTE FUNCTION entry_search_more_row()`.execute(db);
  await sql`CREATE TRIGGER entry_search_more_update BEFORE UPDATE OF content, metadata ON entry
    FOR EACH ROW EXECUTE FUNCTION entry_search_more_row()`.execute(db);
  await sql`CREATE FUNCTION entry_tag_search_more() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.entry_id ELSE NEW.entry_id END;
      tag text := CASE WHEN TG_OP = 'DELETE' THEN OLD.tag ELSE NEW.tag END;
    BEGIN
      UPDATE entry SET search_more = entry_search_more(id, content, metadata)
        WHERE id = changed AND strpos(lower(content), '#' || tag) = 0
          AND search_more IS DISTINCT FROM entry_search_more(id, content, metadata);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER entry_tag_search_more AFTER INSERT OR DELETE ON entry_tag
    FOR EACH ROW EXECUTE FUNCTION entry_tag_search_more()`.execute(db);
  await makeSearchVector(db, ['title', 'content', 'search_more']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS entry_tag_search_more ON entry_tag`.execute(db);
  await sql`DROP TRIGGER IF EXISTS entry_search_more_insert ON entry`.execute(db);
  await sql`DROP TRIGGER IF EXISTS entry_search_more_update ON entry`.execute(db);
  await sql`DROP FUNCTION IF EXISTS entry_tag_search_more()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS entry_search_more_row()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS entry_search_more(bigint, text, text)`.execute(db);
  await sql`ALTER TABLE entry DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE entry DROP COLUMN search_more`.execute(db);
  await makeSearchVector(db, ['title', 'content']);
}
