/** Reads one owner's whole journal for export, a page at a time, with each entry's revisions and tags. */
import { sql } from 'kysely';
import type { JournalDb } from '../db/journal-database.ts';
import type { EntryRow } from '../db/schema.ts';
import { ENTRY_COLUMNS } from '../db/store.ts';
import { readMetadata } from '../journal/entries/entry-metadata.ts';
import { listEntryMedia, type StoredMedia } from '../journal/media/entry-media.ts';
import { mediaExtension, mimeTypeOf } from '../journal/media/media.ts';
import { moodDays } from '../journal/mood/mood-queries.ts';
import type { ExportedEntry, ExportedMediaItem, ExportedMood } from './journal-export-format.ts';

const PAGE = 1000;

/** Every field an export writes: named, so a store's own columns (PostgreSQL's search vector) are never read. */
const ENTRY_FIELDS = ['id', ...ENTRY_COLUMNS, 'transcribed_at'] as const;

/** Where an export's media/ folder holds a kept medium's bytes: its sha256 and an extension from its type. */
export const exportMediaPath = (m: Pick<StoredMedia, 'sha256' | 'mimeType' | 'fileName' | 'kind'>): string | null =>
  m.sha256 === null ? null : `media/${m.sha256}${mediaExtension(m.mimeType, m.fileName, m.kind)}`;

/** The `media/…` paths an exported entry's media items name: the media an export to a folder writes for it. */
export const exportedMediaPaths = (entry: ExportedEntry): string[] =>
  (entry.media_items ?? []).flatMap((m) => (m.path === null ? [] : [m.path]));

/** Why a medium's bytes are not in an export, when the journal has no reason of its own (its download pending). */
export const NOT_EXPORTED_NOTE = 'its bytes were not in the exported journal';

/**
 * A medium as the export writes it. Its type and, without bytes, its note are what an import of the export stores
 * (the type its name or kind gives; NOT_EXPORTED_NOTE), so the export of an imported export is the same file.
 */
function exportedMediaItem(m: StoredMedia): ExportedMediaItem {
  const kept = m.state === 'kept';
  return {
    kind: m.kind,
    sha256: m.sha256,
    mime_type: m.mimeType ?? mimeTypeOf(m.fileName, m.kind),
    size: m.size,
    width: m.width,
    height: m.height,
    duration_seconds: m.durationSeconds,
    file_name: m.fileName,
    file_id: m.fileId,
    note: kept ? m.note : (m.note ?? NOT_EXPORTED_NOTE),
    path: kept ? exportMediaPath(m) : null,
  };
}

function exportedEntry(
  row: EntryRow,
  tags: string[],
  revisions: ExportedEntry['revisions'],
  media: StoredMedia[],
  prompt: string | undefined,
): ExportedEntry {
  const first = media[0];
  return {
    id: row.id,
    source: row.source,
    chat_id: row.chat_id,
    message_id: row.message_id,
    written_at: row.written_at,
    local_day: row.local_day,
    local_time: row.local_time,
    title: row.title,
    content: row.content,
    edited_at: row.edited_at,
    created_at: row.created_at,
    media:
      first === undefined
        ? null
        : {
            kind: first.kind,
            file_id: first.fileId,
            file_name: first.fileName,
            duration_seconds: first.durationSeconds,
            file_size: first.size,
            transcribed_at: row.transcribed_at,
          },
    ...(media.length > 0 ? { media_items: media.map(exportedMediaItem) } : {}),
    tags,
    revisions,
    source_app: row.source_app,
    source_id: row.source_id,
    metadata: readMetadata(row.metadata, row.id),
    ...(prompt === undefined ? {} : { prompt }),
    ...(row.journal !== '' ? { journal: row.journal } : {}),
  };
}

/**
 * The owner's moods, oldest day first (one row per day set: small beside the entries). A mood is the owner's, of a
 * day, not of a journal: `journal` (one journal's export) keeps the moods of the days that journal has entries on.
 */
export async function readMoods(db: JournalDb, ownerId: number, journal?: string): Promise<ExportedMood[]> {
  const rows = await moodDays(db, ownerId, journal === undefined ? {} : { journal })
    .select(['mood.local_day', 'mood.mood', 'mood.set_at'])
    .orderBy('mood.local_day')
    .execute();
  return rows.map((r) => ({ day: r.local_day, mood: Number(r.mood), set_at: r.set_at }));
}

/**
 * The owner's entries in journal order (day, time written, id), in pages: memory stays flat for any size. `journal`
 * (a stored name, journal/journal-names.ts) reads that journal alone.
 */
export async function* readJournal(db: JournalDb, ownerId: number, journal?: string): AsyncGenerator<ExportedEntry> {
  let after: { day: string; at: string; id: number } | null = null;
  for (;;) {
    let query = db.selectFrom('entry').select(ENTRY_FIELDS).where('owner_id', '=', ownerId);
    if (journal !== undefined) query = query.where('journal', '=', journal);
    if (after) {
      const { day, at, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('local_day', '>', day),
          eb.and([
            eb('local_day', '=', day),
            eb.or([eb('written_at', '>', at), eb.and([eb('written_at', '=', at), eb('id', '>', id)])]),
          ]),
        ]),
      );
    }
    const rows = await query.orderBy('local_day').orderBy('written_at').orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const [tags, revisions, media, prompts] = await Promise.all([
      db.selectFrom('entry_tag').select(['entry_id', 'tag']).where('entry_id', 'in', ids).orderBy('tag').execute(),
      db
        .selectFrom('entry_revision')
        .select(['id', 'entry_id', 'title', 'content', 'replaced_at'])
        .where('entry_id', 'in', ids)
        .orderBy('id')
        .execute(),
      listEntryMedia(db, ownerId, ids),
      db.selectFrom('entry_prompt').select(['entry_id', 'prompt']).where('entry_id', 'in', ids).execute(),
    ]);
    const promptOf = new Map(prompts.map((p) => [Number(p.entry_id), p.prompt]));
    const tagsOf = groupBy(tags, (t) => t.entry_id);
    const revisionsOf = groupBy(revisions, (r) => r.entry_id);
    for (const row of rows) {
      yield exportedEntry(
        row,
        (tagsOf.get(row.id) ?? []).map((t) => t.tag),
        (revisionsOf.get(row.id) ?? []).map(({ id, title, content, replaced_at }) => ({
          id,
          title,
          content,
          replaced_at,
        })),
        media.get(row.id) ?? [],
        promptOf.get(Number(row.id)),
      );
    }
    const last = rows.at(-1)!;
    after = { day: last.local_day, at: last.written_at, id: last.id };
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export interface YearSummary {
  year: string;
  firstDay: string;
  lastDay: string;
  entries: number;
  /** The year's tags, most used first. */
  tags: string[];
}

/** Per year: first and last day, entries and tags, for the front matter written before the entries (of one journal). */
export async function summarizeYears(db: JournalDb, ownerId: number, journal?: string): Promise<YearSummary[]> {
  const [years, tags] = await Promise.all([
    db
      .selectFrom('entry')
      .select((eb) => [
        sql<string>`substr(local_day, 1, 4)`.as('year'),
        eb.fn.min('local_day').as('firstDay'),
        eb.fn.max('local_day').as('lastDay'),
        eb.fn.countAll<number>().as('entries'),
      ])
      .where('owner_id', '=', ownerId)
      .$if(journal !== undefined, (q) => q.where('journal', '=', journal!))
      .groupBy('year')
      .orderBy('year')
      .execute(),
    db
      .selectFrom('entry_tag')
      .innerJoin('entry', 'entry.id', 'entry_tag.entry_id')
      .select((eb) => [
        sql<string>`substr(entry.local_day, 1, 4)`.as('year'),
        'entry_tag.tag',
        eb.fn.countAll<number>().as('n'),
      ])
      .where('entry_tag.owner_id', '=', ownerId)
      .$if(journal !== undefined, (q) => q.where('entry.journal', '=', journal!))
      .groupBy(['year', 'entry_tag.tag'])
      .orderBy('n', 'desc')
      .orderBy('entry_tag.tag')
      .execute(),
  ]);
  return years.map((y) => ({
    year: y.year,
    firstDay: y.firstDay,
    lastDay: y.lastDay,
    entries: Number(y.entries),
    tags: tags.filter((t) => t.year === y.year).map((t) => t.tag),
  }));
}
