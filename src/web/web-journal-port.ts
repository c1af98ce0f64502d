/**
 * The web view's port onto the journal (web-journal.ts takes it; journal-web-view.ts builds it): what the pages need
 * besides the JournalCollection kind's methods, namely the details a JournalEntry value leaves out, counts and nearby
 * days by index seeks, Forget, and the owner's kept media and photos.
 */
import type { ObjectOperations } from '../objects/operations.ts';
import type { EntryDetails, EntryRevision } from '../journal/entries/entry-details.ts';
import type { JournalView } from '../journal/views/journal-view.ts';
import type { ListedPhoto } from '../journal/media/photo-queries.ts';
import type { PhotoUpload } from '../journal/entries/written-entries.ts';

/** What the web needs besides the kind's methods: the details a JournalEntry value leaves out, and Forget. */
export interface WebJournalPorts {
  ownerId: number;
  operations: ObjectOperations;
  today(): string;
  details(ids: readonly number[]): Promise<Map<number, EntryDetails>>;
  revisions(entryId: number): Promise<EntryRevision[]>;
  /** The view's last day with entries before `before` and first after `after` (entry-queries.ts nearestEntryDays). */
  nearestDays(before: string, after: string, view: JournalView): Promise<NearestDays>;
  /** The stored names of the owner's journals, the main one ('') first (journal-queries.ts journalNames). */
  journalNames(): Promise<string[]>;
  /** The view's entries counted up to `cap` + 1 (entry-queries.ts countEntriesUpTo). */
  countUpTo(view: JournalView, cap: number): Promise<number>;
  /** Forgets the owner's entry for good; null when they have no such entry. */
  forget(entryId: number): Promise<{ day: string } | null>;
  /** Kept bytes of one of the owner's media, by their sha256; null when no medium of theirs has them. */
  media(sha256: string): Promise<MediaBytes | null>;
  /**
   * A photo scaled to `longEdge` (else the kept bytes themselves, as `media`: a medium that is no picture, a photo
   * that cannot be read); null when no medium of theirs has them.
   */
  thumbnail(sha256: string, longEdge: number): Promise<MediaBytes | null>;
  /** Stores an entry written now into a journal (stored name), with its photos (written-entries.ts writeEntry). */
  write(entry: { journal: string; text: string; photos: readonly PhotoUpload[] }): Promise<{ id: number; day: string }>;
  /** Gives the owner's entry new text, the old kept as a revision; null when they have no such entry. */
  edit(entryId: number, text: string): Promise<'revised' | 'unchanged' | null>;
  /** Sets (1 to 5) or clears (null) the owner's mood of a day (mood.ts). */
  setMood(day: string, mood: number | null): Promise<void>;
  /** The owner's mood of a day, or null. */
  moodOn(day: string): Promise<number | null>;
  /** A page of the owner's kept photos, newest first, of every journal or of one (photo-queries.ts listPhotos). */
  photos(journal: string | undefined, limit: number, offset: number): Promise<ListedPhoto[]>;
}

/** A medium's bytes as the web serves them, a chunk at a time. */
export interface MediaBytes {
  mimeType: string | null;
  size: number;
  chunks: AsyncIterable<Uint8Array>;
}

/** Where the nearest entries are around a span without any. */
export interface NearestDays {
  before: string | null;
  after: string | null;
}
