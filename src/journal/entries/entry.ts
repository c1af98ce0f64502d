/** What an entry is, in the app's terms, and how one is drafted from raw text. */
import { searchTextOf } from '../../db/search/search-text.ts';
import type { Kysely } from 'kysely';
import type { Database, EntrySource, EntrySourceApp } from '../../db/schema.ts';
import type { EntryMetadata } from './entry-metadata.ts';
import { metadataText } from './metadata-text.ts';
import { sourceAppOf, telegramSourceId } from './entry-source.ts';
import { isWritableDay, localMoment, MIDNIGHT } from '../dates/local-moment.ts';
import { mediaLabel, type EntryMedia } from '../media/media.ts';

/** When an entry is written, and how its local day is read: in `timeZone`, a day beginning at `dayStartsAt` (midnight). */
export interface WriteTime {
  timeZone: string;
  now: Date;
  dayStartsAt?: string;
}

/** An entry about to be stored: where it came from and what it says. */
export interface EntryDraft {
  ownerId: number;
  source: EntrySource;
  chatId: number;
  messageId: number;
  writtenAt: Date;
  /** The words: the text, the caption, or for media without either the label (`[voice note 0:42]`). */
  text: string;
  /** What the message carried besides text, in order (an album's photos, a Day One entry's photos). */
  media?: readonly EntryMedia[];
  /** Telegram's media_group_id: the messages of one album are one entry. */
  mediaGroupId?: string;
  /** Tags Telegram marked as `hashtag` entities (or another app's tags); `#word` in the text is found anyway. */
  hashtags?: readonly string[];
  /** The app it came from (default Telegram) and its id there (default `<chat>:<message>`). */
  sourceApp?: EntrySourceApp;
  sourceId?: string;
  /** The zone the entry itself was written in (Day One records one): its local day follows it, not the journal's. */
  timeZone?: string;
  /** What else the app knew: starred, place, weather, media. */
  metadata?: EntryMetadata | null;
  /** The journal it belongs to (journal-names.ts): a topic's name; the main journal ('') when left out. */
  journal?: string;
}

/** The text a media message stands for: its caption, else its label. */
export function textOrLabel(text: string | undefined, media: EntryMedia): string {
  return text !== undefined && text.trim() !== '' ? text : mediaLabel(media);
}

export { ENTRY_KEY } from '../../db/schema.ts';

const TITLE_CHARACTERS = 120;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/**
 * 121 UTF-16 units that are each a grapheme cluster of their own: printable ASCII, Latin-1, Latin Extended-A/B, IPA
 * and spacing modifiers, Greek and Cyrillic letters (their combining marks, U+0300–036F and U+0483–0489, are left
 * out), and general punctuation past the zero-width joiners. None of them extends, joins or prepends to a neighbour.
 */
const SINGLE_UNIT_GRAPHEMES = new RegExp(
  `^[\\x20-\\x7E\\u00A0-\\u02FF\\u0370-\\u03FF\\u0400-\\u0482\\u048A-\\u04FF\\u2010-\\u2027\\u2030-\\u205E]{${TITLE_CHARACTERS + 1}}`,
);

/**
 * The title is the first non-empty line, trimmed and kept to 120 characters; it may be empty. Characters are
 * grapheme clusters, so a cut never splits an emoji (a surrogate pair would be stored as U+FFFD) or a 👨‍👩‍👧 sequence.
 */
export function titleOf(text: string): string {
  const first =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  // A line of at most 120 UTF-16 units has at most 120 characters: the common case skips segmenting.
  if (first.length <= TITLE_CHARACTERS) return first;
  // Segmenting costs ~1 µs a character (it was most of an import's time): when the first 121 units are characters
  // that are each a whole grapheme and never join a neighbour, the 119-unit cut is the same cut, and there are more.
  if (SINGLE_UNIT_GRAPHEMES.test(first)) return `${first.slice(0, TITLE_CHARACTERS - 1)}…`;
  const kept: string[] = [];
  for (const { segment } of graphemes.segment(first)) {
    if (kept.length === TITLE_CHARACTERS) return `${kept.slice(0, TITLE_CHARACTERS - 1).join('')}…`;
    kept.push(segment);
  }
  return first;
}

/** The row for a draft, with its local day in the owner's zone (and journal day start, JOURNAL_DAY_STARTS_AT). */
/** The columns an entry's text sets: the text, its title, and the words search indexes (db/search/search-text.ts). */
export function textColumns(text: string): { title: string; content: string; search_text: string } {
  const title = titleOf(text);
  return { title, content: text, search_text: searchTextOf(title, text) };
}

/**
 * Sets an entry's text (and `also`, e.g. edited_at) with its title and search words. When the new text's words are
 * the old ones (an edit of punctuation only), the trigger that marks words stale after a write from outside the app
 * (migrations/2026_12_05_000200_search_text_stale.ts) has set them null: they are written back at once.
 */
export async function writeEntryText(
  trx: Kysely<Database>,
  id: number,
  text: string,
  also: { edited_at?: string; transcribed_at?: string } = {},
): Promise<void> {
  const columns = textColumns(text);
  await trx
    .updateTable('entry')
    .set({ ...columns, ...also })
    .where('id', '=', id)
    .execute();
  await trx
    .updateTable('entry')
    .set({ search_text: columns.search_text })
    .where('id', '=', id)
    .where('search_text', 'is', null)
    .execute();
}

export function entryRowFromDraft(draft: EntryDraft, timeZone: string, now: Date, dayStartsAt: string = MIDNIGHT) {
  const { day, time } = localMoment(draft.writtenAt, draft.timeZone ?? timeZone, dayStartsAt);
  // No row may hold a day the exports cannot write; importers skip such instants before (inEntryYears).
  if (!isWritableDay(day))
    throw new RangeError(
      `${draft.writtenAt.toISOString()} falls on ${day} in ${draft.timeZone ?? timeZone}: not a day a journal can hold`,
    );
  return {
    owner_id: draft.ownerId,
    source: draft.source,
    chat_id: draft.chatId,
    message_id: draft.messageId,
    written_at: draft.writtenAt.toISOString(),
    local_day: day,
    local_time: time,
    ...textColumns(draft.text),
    edited_at: null,
    created_at: now.toISOString(),
    source_app: sourceAppOf(draft.sourceApp ?? 'telegram'),
    source_id: draft.sourceId ?? telegramSourceId(draft.chatId, draft.messageId),
    metadata: metadataText(draft.metadata),
    journal: draft.journal ?? '',
  };
}
