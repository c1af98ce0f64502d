/** /forget (an entry, everything) and /journals with /forget journal: over journal/forget*.ts and the topic journals. */
import { countOwnerEntries, findEntryToForget, forgetEntry, forgetOwner } from '../journal/forget/forget.ts';
import { defaultJournal, setDefaultJournal } from '../journal/journals/default-journal.ts';
import { forgetJournal } from '../journal/forget/forget-journal.ts';
import { countJournals, findJournal } from '../journal/journals/journal-queries.ts';
import { journalOfTopic, nameTopic } from '../journal/journals/journal-topics.ts';
import type { Forgetting, TopicJournals } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

export function forgettingOf({ db, clock }: Wiring): Forgetting {
  return {
    find: (ownerId, ref) => findEntryToForget(db, ownerId, ref),
    entry: (ownerId, entryId, alsoMessages) => forgetEntry(db, ownerId, entryId, { alsoMessages }),
    everything: (ownerId) => forgetOwner(db, ownerId, clock()),
    countEntries: (ownerId) => countOwnerEntries(db, ownerId),
  };
}

export function topicJournalsOf({ db }: Wiring): TopicJournals {
  return {
    ofTopic: (ownerId, threadId) => journalOfTopic(db, ownerId, threadId),
    nameTopic: (ownerId, threadId, name) => nameTopic(db, ownerId, threadId, name),
    list: (ownerId) => countJournals(db, ownerId, {}),
    find: (ownerId, name) => findJournal(db, ownerId, name),
    forget: (ownerId, journal) => forgetJournal(db, ownerId, journal),
    defaultOf: (ownerId) => defaultJournal(db, ownerId),
    setDefault: (ownerId, journal) => setDefaultJournal(db, ownerId, journal),
  };
}
