/** Bulk writes for imports: a batch commits whole or not at all, and an entry already stored is never written twice. */
import type { JournalDb } from '../../db/journal-database.ts';
import type { Transaction } from 'kysely';
import type { Database, NewEntryRow } from '../../db/schema.ts';
import { entryValues } from '../../db/store.ts';
import { addImportedMedia } from '../media/imported-media.ts';
import { AT, batchRowOf, type BatchDraft, type BatchRow } from './batch-row.ts';
import { reviseEntry } from './entry-store.ts';
import type { WriteTime } from './entry.ts';
import { tagInsertedRows } from '../tags/entry-tags.ts';
import { MIDNIGHT } from '../dates/local-moment.ts';
import { isSpeech } from '../media/media.ts';

export type { BatchDraft, BatchRow };

export interface BatchResult {
  inserted: number;
  /** Drafts whose (owner, chat, message) or live twin was already stored. */
  alreadyPresent: number;
  /** Of those, entries whose text had changed (a newer export of an edited message): the old text became a revision. */
  revised: number;
  /** Media files whose bytes were copied into the journal, and media whose files were not there (labels only). */
  mediaKept?: number;
  mediaMissing?: number;
}

export { ROWS_PER_STATEMENT } from '../../db/store.ts';

/**
 * Inserts rows, ROWS_PER_STATEMENT to a statement, skipping any already stored (same ENTRY_KEY); returns how many
 * were new. Call it inside a `db.transaction()` callback and pass that transaction (the store's bulk path, db/store.ts).
 */
export async function insertNewRows(
  db: JournalDb,
  trx: Transaction<Database>,
  rows: readonly NewEntryRow[],
): Promise<number> {
  return rows.length === 0 ? 0 : db.store.insertEntryRows(trx, rows.map(entryValues));
}

const twinKey = (writtenAt: string, content: string) => `${writtenAt}\u0000${content}`;
/** A note's twin key: its words may have become a transcript live, while the export still says `[voice note 0:42]`. */
const speechTwinKey = (writtenAt: string, kind: string, duration: number | null) =>
  `${writtenAt}\u0000${kind}\u0000${duration ?? ''}`;

/** Carries a dry run's counts out of the transaction it rolls back. */
class DryRunOutcome extends Error {
  constructor(readonly outcome: { inserted: number; revised: number; mediaKept: number; mediaMissing: number }) {
    super('dry run: rolled back');
  }
}

export interface BatchOptions {
  /** Do the same work and roll it back: the counts are exactly what a real run would write, and nothing is written. */
  dryRun?: boolean;
  /**
   * An open transaction to write in (the importers' larger commits, importer/batch-writer.ts): the batch is then
   * committed with it, not on its own. Not with `dryRun`.
   */
  transaction?: Transaction<Database>;
  /** The folder relative media paths (EntryMedia.sourcePath) are read from; nothing outside it is (contained-file.ts). */
  mediaFolder?: string;
}

/**
 * Stores a batch of drafts with ON CONFLICT DO NOTHING, in one transaction of its own or in the caller's; returns how
 * many rows were new.
 */
export async function insertEntryBatch(
  db: JournalDb,
  drafts: readonly BatchDraft[],
  { timeZone, now, dayStartsAt = MIDNIGHT, ...options }: WriteTime & BatchOptions,
): Promise<BatchResult> {
  return insertBatchRows(
    db,
    drafts.map((draft) => batchRowOf(draft, timeZone, now, dayStartsAt)),
    options,
  );
}

/** insertEntryBatch of drafts already made into rows (batch-row.ts), as the Telegram importer's parse worker does. */
export async function insertBatchRows(
  db: JournalDb,
  rows: readonly BatchRow[],
  options: BatchOptions = {},
): Promise<BatchResult> {
  if (rows.length === 0) return { inserted: 0, alreadyPresent: 0, revised: 0 };
  if (options.dryRun && options.transaction)
    throw new Error('insertBatchRows: a dry run rolls back a transaction of its own');
  const work = async (trx: Transaction<Database>) => {
    const pending = rows.some((r) => r.mayBeLive) ? await withoutLiveTwins(trx, rows) : rows;
    const inserted =
      pending.length === 0
        ? 0
        : await db.store.insertEntryRows(
            trx,
            pending.map((r) => r.values),
          );
    if (inserted > 0)
      await tagInsertedRows(
        trx,
        pending.filter((r) => r.tags).map((r) => ({ values: r.values, tags: r.tags! })),
      );
    // Only a batch that met stored rows pays for the comparison: a first import never does.
    const revised = inserted < pending.length ? await reviseChangedTexts(trx, pending) : 0;
    const media = await addImportedMedia(
      trx,
      pending.filter((r) => r.media),
      new Date(),
      options.mediaFolder,
    );
    if (options.dryRun) throw new DryRunOutcome({ inserted, revised, ...media });
    return { inserted, revised, ...media };
  };
  const within = options.transaction;
  const write = () => (within ? work(within) : db.transaction().execute(work));
  const outcome = await write().catch((error: unknown) => {
    if (error instanceof DryRunOutcome) return error.outcome;
    throw error;
  });
  const { mediaKept, mediaMissing } = outcome;
  // Media counts only when the batch had media (most batches of text have none).
  const media = mediaKept + mediaMissing > 0 ? { mediaKept, mediaMissing } : {};
  return {
    inserted: outcome.inserted,
    alreadyPresent: rows.length - outcome.inserted,
    revised: outcome.revised,
    ...media,
  };
}

/** The rows but those that may have come live and whose live twin is stored (BatchDraft.mayBeLive). */
async function withoutLiveTwins(trx: Transaction<Database>, rows: readonly BatchRow[]): Promise<readonly BatchRow[]> {
  const candidates = rows.filter((r) => r.mayBeLive).map((r) => r.values);
  const twins = await trx
    .selectFrom('entry')
    .leftJoin('entry_media as m', (join) => join.onRef('m.entry_id', '=', 'entry.id').on('m.position', '=', 0))
    .select(['entry.written_at', 'entry.content', 'm.kind', 'm.duration_seconds'])
    .where('entry.owner_id', '=', candidates[0]![AT.owner_id] as number)
    .where('entry.source', '=', 'live')
    .where('entry.local_day', 'in', [...new Set(candidates.map((v) => v[AT.local_day] as string))])
    .where('entry.written_at', 'in', [...new Set(candidates.map((v) => v[AT.written_at] as string))])
    .execute();
  const seen = new Set(twins.map((t) => twinKey(t.written_at, t.content)));
  for (const t of twins) if (isSpeech(t.kind)) seen.add(speechTwinKey(t.written_at, t.kind!, t.duration_seconds));
  const isTwin = (r: BatchRow) => {
    const writtenAt = r.values[AT.written_at] as string;
    const speech = r.media?.[0];
    return (
      seen.has(twinKey(writtenAt, r.values[AT.content] as string)) ||
      (speech !== undefined &&
        isSpeech(speech.kind) &&
        seen.has(speechTwinKey(writtenAt, speech.kind, speech.durationSeconds)))
    );
  };
  return rows.filter((r) => !(r.mayBeLive && isTwin(r)));
}

/** Stored imports whose export now holds other text (edited since) take the new text, keeping the old as a revision. */
async function reviseChangedTexts(trx: Transaction<Database>, rows: readonly BatchRow[]): Promise<number> {
  const key = (chatId: unknown, messageId: unknown) => `${String(chatId)}:${String(messageId)}`;
  const wanted = new Map(rows.map((r) => [key(r.values[AT.chat_id], r.values[AT.message_id]), r]));
  const stored = await trx
    .selectFrom('entry')
    .select(['id', 'owner_id', 'chat_id', 'message_id', 'title', 'content', 'metadata'])
    .where('owner_id', '=', rows[0]!.values[AT.owner_id] as number)
    .where('source', '=', 'import')
    .where('chat_id', 'in', [...new Set(rows.map((r) => r.values[AT.chat_id] as number))])
    .where(
      'message_id',
      'in',
      rows.map((r) => r.values[AT.message_id] as number),
    )
    .execute();
  let revised = 0;
  for (const current of stored) {
    const incoming = wanted.get(key(current.chat_id, current.message_id));
    if (!incoming) continue;
    const v = incoming.values;
    // What else the app knows (starred, place) follows the newest export; only a changed text makes a revision.
    const metadata = (v[AT.metadata] as string | null) ?? null;
    if (metadata !== current.metadata)
      await trx.updateTable('entry').set({ metadata }).where('id', '=', current.id).execute();
    if (v[AT.content] === current.content) continue;
    const at = new Date((v[AT.edited_at] as string | null) ?? (v[AT.created_at] as string));
    // The row's tags already hold Telegram's entity tags with the text's own: as entity tags they come out the same.
    await reviseEntry(trx, current, v[AT.content] as string, at, incoming.tags);
    revised += 1;
  }
  return revised;
}
