/**
 * What a JournalEntry value leaves out and the web view shows beside it: an entry's media label, its #tags and its
 * earlier texts (revisions). Read by ids the views returned, through the same owner-scoped rows (viewRows), so an
 * id of another owner finds nothing.
 */
import { sql } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import { ownerNotIndexed, viewRows } from '../views/entry-queries.ts';
import { metadataFields, placeText, readMetadata } from './entry-metadata.ts';
import { mediaLabel } from '../media/media.ts';
import { listEntryMedia, type StoredMedia } from '../media/entry-media.ts';

export interface EntryDetails {
  /** `[voice note 0:42]`, `[photo]`…; null for a text message. */
  media: string | null;
  /** The media themselves, in order (no bytes): the web view shows the kept ones. */
  items: StoredMedia[];
  tags: string[];
  /** How many earlier texts the entry has. */
  revisions: number;
  /** What the app it came from knew (Day One's star, place and weather); absent when it told nothing. */
  starred: boolean;
  /** The place's names (name, locality, area, country); null when it has none. */
  place: string | null;
  /** Where the place is, when the app recorded it: the web view links it to a map. */
  coordinates: { latitude: number; longitude: number } | null;
  weather: string | null;
}

/** The readable metadata of an entry; metadata that does not read is left out (a page never fails on it). */
function shownMetadata(
  text: string | null,
  id: number,
): Pick<EntryDetails, 'starred' | 'place' | 'coordinates' | 'weather'> {
  let metadata: ReturnType<typeof readMetadata> = null;
  try {
    metadata = readMetadata(text, id);
  } catch {
    // Unreadable metadata: getEntry reports it; a list only leaves it out.
  }
  const fields = metadataFields(metadata);
  const place = metadata?.place;
  const coordinates =
    place?.latitude !== undefined && place.longitude !== undefined
      ? { latitude: place.latitude, longitude: place.longitude }
      : null;
  return {
    starred: fields.starred === true,
    place: place ? placeText({ ...place, latitude: undefined, longitude: undefined }) || null : null,
    coordinates,
    weather: fields.weather ?? null,
  };
}

export interface EntryRevision {
  title: string;
  content: string;
  /** When this text stopped being current, ISO UTC. */
  replacedAt: string;
}

/** Details of the owner's entries among `ids`; ids of no entry of theirs are absent. */
export async function readEntryDetails(
  db: JournalDb,
  ownerId: number,
  ids: readonly number[],
): Promise<Map<number, EntryDetails>> {
  const found = new Map<number, EntryDetails>();
  if (ids.length === 0) return found;
  // By id, the owner checked on each row found: the owner's index would walk all their rows (entry-queries.ts).
  const rows = await db
    .selectFrom('entry')
    .where('id', 'in', [...ids])
    .where(ownerNotIndexed, '=', ownerId)
    .select((eb) => [
      'id',
      'metadata',
      eb
        .selectFrom('entry_revision')
        .select((r) => r.fn.countAll<number>().as('n'))
        .whereRef('entry_revision.entry_id', '=', 'entry.id')
        .as('revisions'),
    ])
    .execute();
  if (rows.length === 0) return found;
  const media = await listEntryMedia(
    db,
    ownerId,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const items = media.get(r.id) ?? [];
    const label =
      items.length === 0
        ? null
        : items
            .map((m) =>
              mediaLabel({
                kind: m.kind,
                fileId: null,
                fileName: m.fileName,
                durationSeconds: m.durationSeconds,
                fileSize: null,
              }),
            )
            .join(' ');
    found.set(r.id, {
      media: label,
      items,
      tags: [],
      revisions: Number(r.revisions ?? 0),
      ...shownMetadata(r.metadata, r.id),
    });
  }
  if (found.size === 0) return found;
  // On the (entry_id, tag) key: the (owner_id, tag) index would walk every tag of the owner.
  const tags = await db
    .selectFrom('entry_tag')
    .select(['entry_id', 'tag'])
    .where('entry_id', 'in', [...found.keys()])
    .where(sql<number>`+owner_id`, '=', ownerId)
    .orderBy('tag')
    .execute();
  for (const t of tags) found.get(t.entry_id)?.tags.push(t.tag);
  return found;
}

/** The owner's entry's earlier texts, oldest first; empty for an entry that is not theirs. */
export async function readEntryRevisions(db: JournalDb, ownerId: number, entryId: number): Promise<EntryRevision[]> {
  return db
    .selectFrom('entry_revision')
    .select(['title', 'content', 'replaced_at as replacedAt'])
    .where('entry_id', 'in', viewRows(db, ownerId, {}).where('id', '=', entryId).select('id'))
    .orderBy('replaced_at')
    .orderBy('id')
    .execute();
}
