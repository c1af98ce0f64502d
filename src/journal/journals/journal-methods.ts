/** The JournalCollection methods on journals: listJournals() and getJournal(name). */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import { ObjectError } from '../../objects/object-error.ts';
import { countJournals, findJournal, journalNamesText } from './journal-queries.ts';
import { journalDisplayName, journalNameArgument } from '../journal-names.ts';
import { withJournal, type JournalView } from '../views/journal-view.ts';

const method = methodsFor<JournalView>();

/** One journal of the owner, by a name as given (any case), or an error naming the journals there are. */
export async function journalOrError(db: JournalDb, ownerId: number, name: string): Promise<string> {
  const found = await findJournal(db, ownerId, name);
  if (found !== undefined) return found;
  throw new ObjectError(
    `No journal is named ${JSON.stringify(journalDisplayName(name))}. The journals: ${await journalNamesText(db, ownerId)}.`,
  );
}

export function journalMethods(db: JournalDb, collectionKind: string): MethodDefinition<JournalView>[] {
  return [
    method({
      name: 'listJournals',
      signature: 'listJournals() -> {name, entries}[]',
      description: 'each journal (Main, one per chat topic) and its count of these entries.',
      args: z.strictObject({}),
      run: async (view, _args, ctx) => ({ value: await countJournals(db, ctx.ownerId, view) }),
    }),
    method({
      name: 'getJournal',
      signature: 'getJournal(name: string) -> JournalCollection',
      description: "a new handle on one journal's entries (also the handle journal:NAME).",
      args: z.strictObject({ name: journalNameArgument }),
      run: async (view, args, ctx) => {
        const narrowed = withJournal(view, await journalOrError(db, ctx.ownerId, args.name));
        if ('otherJournal' in narrowed) {
          const other = JSON.stringify(journalDisplayName(narrowed.otherJournal));
          throw new ObjectError(
            `This view holds the journal ${other} only; call getJournal on journal (every journal) instead.`,
          );
        }
        return { object: { kind: collectionKind, state: narrowed } };
      },
    }),
  ];
}
