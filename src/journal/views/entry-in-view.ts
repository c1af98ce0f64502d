/** One entry of a view by id, for every method that takes an entry id (getEntry, getEntryContext, viewMedia). */
import type { JournalDb } from '../../db/journal-database.ts';
import { ObjectError } from '../../objects/object-error.ts';
import { findEntry, type JournalEntryValue } from './entry-queries.ts';
import type { JournalView } from './journal-view.ts';

/** The entry, or an error the model can act on when it is not in the view. */
export async function entryInView(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  id: number,
): Promise<JournalEntryValue> {
  const entry = await findEntry(db, ownerId, view, id);
  if (!entry)
    throw new ObjectError(
      `No entry ${id} in this view; entry ids come from getEntries or getEntriesForDay of this view.`,
    );
  return entry;
}
