/** Which journals an owner has and how many entries each holds in a view; finding one by the name a person gives. */
import { sql } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import { viewRows } from '../views/entry-queries.ts';
import { journalDisplayName, MAIN_JOURNAL } from '../journal-names.ts';
import type { JournalView } from '../views/journal-view.ts';

export interface JournalCount {
  /** As shown and as getJournal takes it ("Main" for the main journal). */
  name: string;
  entries: number;
}

/**
 * The distinct journals of the owner's entries, one index seek per journal on (owner_id, journal, …): a DISTINCT
 * would read every entry (a tenth of a second at 100,000 entries, paid by every journal:<name> lookup).
 */
async function entryJournals(db: JournalDb, ownerId: number): Promise<string[]> {
  const { rows } = await sql<{ name: string | null }>`
    WITH RECURSIVE j(name) AS (
      SELECT min(journal) FROM entry WHERE owner_id = ${ownerId}
      UNION ALL
      SELECT (SELECT min(journal) FROM entry WHERE owner_id = ${ownerId} AND journal > j.name) FROM j WHERE j.name IS NOT NULL
    )
    SELECT name FROM j WHERE name IS NOT NULL`.execute(db);
  return rows.map((r) => r.name!);
}

/** The stored names of every journal the owner has: those with entries, topics' journals still empty, and the main one
 * unless it is empty beside others. */
export async function journalNames(db: JournalDb, ownerId: number): Promise<string[]> {
  const [stored, topics] = await Promise.all([
    entryJournals(db, ownerId),
    db.selectFrom('journal_topic').select('name').distinct().where('owner_id', '=', ownerId).execute(),
  ]);
  const named = [...new Set([...stored, ...topics.map((r) => r.name)])].filter((n) => n !== MAIN_JOURNAL);
  // The main journal is listed while it has entries, or while it is the only one: an import of an app's several
  // journals (Day One) leaves no empty "Main" beside them.
  return stored.includes(MAIN_JOURNAL) || named.length === 0 ? [MAIN_JOURNAL, ...named] : named;
}

/**
 * Each journal of the view with its entry count: the main journal first, then by name. A view of one journal lists
 * that one; a view of all of them lists every journal the owner has, empty ones (a new topic) with 0.
 */
export async function countJournals(db: JournalDb, ownerId: number, view: JournalView): Promise<JournalCount[]> {
  const rows = await viewRows(db, ownerId, view)
    .select((eb) => ['journal', eb.fn.countAll<number>().as('entries')])
    .groupBy('journal')
    .execute();
  const counts = new Map(rows.map((r) => [r.journal, Number(r.entries)]));
  const names = view.journal !== undefined ? [view.journal] : await journalNames(db, ownerId);
  const byName = (a: string, b: string) => (a === MAIN_JOURNAL ? -1 : b === MAIN_JOURNAL ? 1 : a.localeCompare(b));
  return [...new Set([...names, ...counts.keys()])]
    .sort(byName)
    .map((name) => ({ name: journalDisplayName(name), entries: counts.get(name) ?? 0 }));
}

/** The stored name of the owner's journal called `name` (exactly, else in any case), or undefined when none is. */
export async function findJournal(db: JournalDb, ownerId: number, name: string): Promise<string | undefined> {
  if (name === MAIN_JOURNAL) return MAIN_JOURNAL;
  const names = await journalNames(db, ownerId);
  return names.find((n) => n === name) ?? names.find((n) => n.toLowerCase() === name.toLowerCase());
}

/** The names a person or model can use, for messages that say which journals exist. */
export async function journalNamesText(db: JournalDb, ownerId: number): Promise<string> {
  return (await journalNames(db, ownerId)).map((n) => JSON.stringify(journalDisplayName(n))).join(', ');
}
