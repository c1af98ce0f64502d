/** Bulk writes for imports: a batch commits whole or not at all, and an entry already stored is never written twice. */
import type { JournalDb } from '../db/open-database.ts';
import type { Transaction } from 'kysely';
import type { Database, NewEntryRow } from '../db/schema.ts';
import { entryRowFromDraft, type EntryDraft } from './entry.ts';
import { reviseEntry } from './entry-store.ts';
import { tagInsertedRows } from './entry-tags.ts';
import { MIDNIGHT } from './dates/local-moment.ts';
import { isSpeech } from './media.ts';

export interface BatchDraft extends EntryDraft {
  editedAt: Date | null;
  /**
   * The message may also have reached the bot live (the owner's chat with this bot): then a live entry
   * with the same instant and text is the same note under other ids, and this draft is not stored. For a voice or
   * video note the text may differ (the live one was transcribed), so the instant, kind and duration decide.
   */
  mayBeLive?: boolean;
}

export interface BatchResult {
  inserted: number;
  /** Drafts whose (owner, chat, message) or live twin was already stored. */
  alreadyPresent: number;
  /** Of those, entries whose text had changed (a newer export of an edited message): the old text became a revision. */
  revised: number;
}

export { ROWS_PER_STATEMENT } from '../db/store.ts';

/**
 * Inserts rows, ROWS_PER_STATEMENT to a statement, skipping any already stored (same ENTRY_KEY); returns how many
 * were new. Call it inside a `db.transaction()` callback and pass that transaction (the store's bulk path, db/store.ts).
 */
export async function insertNewRows(db: JournalDb, trx: Transaction<Database>, rows: readonly NewEntryRow[]): Promise<number> {
  return rows.length === 0 ? 0 : db.store.insertEntryRows(trx, rows);
}

const twinKey = (writtenAt: string, content: string) => `${writtenAt}\u0000${content}`;
/** A note's twin key: its words may have become a transcript live, while the export still says `[voice note 0:42]`. */
const speechTwinKey = (writtenAt: string, kind: string, duration: number | null) => `${writtenAt}\u0000${kind}\u0000${duration ?? ''}`;

/** Carries a dry run's counts out of the transaction it rolls back. */
class DryRunOutcome extends Error {
  constructor(readonly outcome: { inserted: number; revised: number }) {
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
}

/**
 * Stores a batch with ON CONFLICT DO NOTHING, in one transaction of its own or in the caller's; returns how many rows
 * were new.
 */
export async function insertEntryBatch(
  db: JournalDb,
  drafts: readonly BatchDraft[],
  timeZone: string,
  now: Date,
  dayStartsAt: string = MIDNIGHT,
  options: BatchOptions = {},
): Promise<BatchResult> {
  if (drafts.length === 0) return { inserted: 0, alreadyPresent: 0, revised: 0 };
  let pending = drafts.map((draft) => ({
    draft,
    row: { ...entryRowFromDraft(draft, timeZone, now, dayStartsAt), edited_at: draft.editedAt?.toISOString() ?? null },
  }));
  if (options.dryRun && options.transaction) throw new Error('insertEntryBatch: a dry run rolls back a transaction of its own');
  const work = async (trx: Transaction<Database>) => {
    const liveCandidates = pending.filter((p) => p.draft.mayBeLive).map((p) => p.row);
    if (liveCandidates.length > 0) {
      const twins = await trx
        .selectFrom('entry')
        .select(['written_at', 'content', 'media_kind', 'media_duration_seconds'])
        .where('owner_id', '=', drafts[0]!.ownerId)
        .where('source', '=', 'live')
        .where('local_day', 'in', [...new Set(liveCandidates.map((r) => r.local_day))])
        .where('written_at', 'in', [...new Set(liveCandidates.map((r) => r.written_at))])
        .execute();
      const seen = new Set(twins.map((t) => twinKey(t.written_at, t.content)));
      for (const t of twins) if (isSpeech(t.media_kind)) seen.add(speechTwinKey(t.written_at, t.media_kind!, t.media_duration_seconds));
      const isTwin = ({ row }: { row: NewEntryRow }) =>
        seen.has(twinKey(row.written_at, row.content)) ||
        (isSpeech(row.media_kind ?? null) && seen.has(speechTwinKey(row.written_at, row.media_kind!, row.media_duration_seconds ?? null)));
      pending = pending.filter((p) => !(p.draft.mayBeLive && isTwin(p)));
    }
    const inserted = await insertNewRows(db, trx, pending.map((p) => p.row));
    if (inserted > 0) await tagInsertedRows(trx, pending.map((p) => ({ ...p.row, entityTags: p.draft.hashtags })));
    // Only a batch that met stored rows pays for the comparison: a first import never does.
    const revised = inserted < pending.length ? await reviseChangedTexts(trx, pending) : 0;
    if (options.dryRun) throw new DryRunOutcome({ inserted, revised });
    return { inserted, revised };
  };
  const within = options.transaction;
  const write = () => (within ? work(within) : db.transaction().execute(work));
  const outcome = await write().catch((error: unknown) => {
    if (error instanceof DryRunOutcome) return error.outcome;
    throw error;
  });
  return { inserted: outcome.inserted, alreadyPresent: drafts.length - outcome.inserted, revised: outcome.revised };
}

/** Stored imports whose export now holds other text (edited since) take the new text, keeping the old as a revision. */
async function reviseChangedTexts(trx: Transaction<Database>, pending: { draft: BatchDraft; row: NewEntryRow }[]): Promise<number> {
  const rows = pending.map((p) => p.row);
  const wanted = new Map(pending.map((p) => [`${p.row.chat_id}:${p.row.message_id}`, p]));
  const stored = await trx
    .selectFrom('entry')
    .select(['id', 'owner_id', 'chat_id', 'message_id', 'title', 'content', 'metadata'])
    .where('owner_id', '=', rows[0]!.owner_id)
    .where('source', '=', 'import')
    .where('chat_id', 'in', [...new Set(rows.map((r) => r.chat_id))])
    .where('message_id', 'in', rows.map((r) => r.message_id))
    .execute();
  let revised = 0;
  for (const current of stored) {
    const incoming = wanted.get(`${current.chat_id}:${current.message_id}`);
    if (!incoming) continue;
    // What else the app knows (starred, place) follows the newest export; only a changed text makes a revision.
    const metadata = incoming.row.metadata ?? null;
    if (metadata !== current.metadata) await trx.updateTable('entry').set({ metadata }).where('id', '=', current.id).execute();
    if (incoming.row.content === current.content) continue;
    await reviseEntry(trx, current, incoming.row.content, incoming.draft.editedAt ?? new Date(incoming.row.created_at), incoming.draft.hashtags);
    revised += 1;
  }
  return revised;
}
