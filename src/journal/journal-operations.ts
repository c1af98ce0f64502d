/** The object operations over one owner's journal: the kinds, the root handle `journal`, and handles kept in SQLite. */
import { createHandleStore } from '../db/handle-store.ts';
import type { JournalDb } from '../db/journal-database.ts';
import type { MethodSpend, SentItems } from '../objects/kind.ts';
import { KindRegistry } from '../objects/kind-registry.ts';
import { createObjectOperations, type ObjectOperations } from '../objects/operations.ts';
import type { AskOptions } from './views/ask-method.ts';
import { journalCollectionKind, JOURNAL_COLLECTION_KIND } from './journal-collection-kind.ts';
import { journalEntryKind, JOURNAL_ENTRY_KIND } from './views/journal-entry-kind.ts';
import { localDay } from './dates/local-moment.ts';
import { systemTimeZone } from './dates/zone-offset.ts';
import { journalOrError } from './journals/journal-methods.ts';
import { createPictures, type Pictures } from './media/picture-cache.ts';
import { createDecodePool } from './media/decode-pool.ts';
import { journalHandle, journalNameOfHandle, journalNameProblem, storedJournalName } from './journal-names.ts';
import { ObjectError } from '../objects/object-error.ts';
import type { RootObject } from '../objects/handle-store-port.ts';

export { JOURNAL_COLLECTION_KIND, JOURNAL_ENTRY_KIND };

/** The handle every owner holds on their whole journal. */
export const JOURNAL_ROOT_ID = 'journal';

/** `journal:<name>`: the root of one of the owner's journals, found by its name in any case (journal-names.ts). */
async function journalRoot(db: JournalDb, ownerId: number, id: string): Promise<RootObject | undefined> {
  const name = journalNameOfHandle(id);
  if (name === null) return undefined;
  const problem = journalNameProblem(name);
  if (problem)
    throw new ObjectError(`${JSON.stringify(id.slice(0, 140))} is not a journal handle: ${problem}.`, { objId: id });
  const journal = await journalOrError(db, ownerId, storedJournalName(name));
  return { id: journalHandle(journal), kind: JOURNAL_COLLECTION_KIND, state: { journal } };
}

export interface JournalOperationsOptions {
  clock?: () => Date;
  /** The owner's IANA zone (JOURNAL_TIMEZONE), for "today"; default the machine's. */
  timeZone?: string;
  /** JOURNAL_DAY_STARTS_AT: before it, "today" is still the previous journal day. */
  dayStartsAt?: string;
  /** Character budget of one data-moving result. */
  resultLimit?: number;
  /** Mints handle ids; UUIDs unless a demo needs repeatable ones. */
  newId?: () => string;
  /** The reader, cap and cache of `ask`; without them the journal offers no ask method. */
  ask?: AskOptions;
  /** Receives what a method spends beyond its result (ask's reader tokens). */
  reportSpend?: (spend: MethodSpend) => void;
  /** Receives the entries whose text a result carries or ask's reader was sent (ids and days). */
  reportSent?: (sent: SentItems) => void;
  /**
   * Where viewMedia's pictures are made (one per process surface, shared by its owners, so its gate bounds them all);
   * without it, one of these operations' own, making one picture at a time.
   */
  pictures?: Pictures;
}

/**
 * What every surface (bot, CLI, MCP) opens an owner's journal with, so "today", local days and on-this-day agree
 * between them: built once from the configuration (config.ts journalSettings) and passed to openJournalOperations.
 */
export interface JournalSettings {
  /** JOURNAL_TIMEZONE. */
  timeZone: string;
  /** JOURNAL_DAY_STARTS_AT. */
  dayStartsAt: string;
  clock: () => Date;
}

/** The owner's journal day now, under the settings every surface shares. */
export function journalToday(settings: JournalSettings): string {
  return localDay(settings.clock(), settings.timeZone, settings.dayStartsAt);
}

/** The one way the bot, the CLI and the MCP server open an owner's journal operations. */
export function openJournalOperations(
  db: JournalDb,
  ownerId: number,
  settings: JournalSettings,
  extras: Omit<JournalOperationsOptions, keyof JournalSettings> = {},
): ObjectOperations {
  return createJournalOperations(db, ownerId, { ...extras, ...settings });
}

export function createJournalOperations(
  db: JournalDb,
  ownerId: number,
  options: JournalOperationsOptions = {},
): ObjectOperations {
  const clock = options.clock ?? (() => new Date());
  const timeZone = options.timeZone ?? systemTimeZone();
  const today = () => localDay(clock(), timeZone, options.dayStartsAt);
  const { ask, timeZone: _zone, dayStartsAt: _dayStartsAt, pictures: given, ...rest } = options;
  const pictures = given ?? createPictures({ db, pool: createDecodePool(), clock });
  return createObjectOperations({
    kinds: new KindRegistry([
      journalCollectionKind(db, { today, pictures, ask: ask && { clock: options.clock, ...ask } }),
      journalEntryKind,
    ]),
    handles: createHandleStore(db),
    roots: [{ id: JOURNAL_ROOT_ID, kind: JOURNAL_COLLECTION_KIND, state: {} }],
    namedRoot: (id) => journalRoot(db, ownerId, id),
    ownerId,
    ...rest,
  });
}
