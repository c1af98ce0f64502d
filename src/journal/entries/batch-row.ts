/**
 * A draft made into the row a bulk write stores, with its tags: all the per-row work of an import, pure, so that the
 * Telegram importer does it on its parse worker (importer/telegram-export/parse-stream.ts) and the writing thread only writes.
 */
import { COLUMN_INDEX, entryValues, type EntryValues } from '../../db/store.ts';
import { entryRowFromDraft, type EntryDraft } from './entry.ts';
import { hashtagsOf } from '../tags/hashtags.ts';
import type { EntryMedia } from '../media/media.ts';
import { MIDNIGHT } from '../dates/local-moment.ts';

export interface BatchDraft extends EntryDraft {
  editedAt: Date | null;
  /**
   * The message may also have reached the bot live (the owner's chat with this bot): then a live entry
   * with the same instant and text is the same note under other ids, and this draft is not stored. For a voice or
   * video note the text may differ (the live one was transcribed), so the instant, kind and duration decide.
   */
  mayBeLive?: boolean;
}

/** A row ready for the bulk INSERT; plain data (it crosses threads by copy). */
export interface BatchRow {
  /** Every column but the id, in ENTRY_COLUMNS order (db/store.ts). */
  values: EntryValues;
  /** Its tags (Telegram's entity tags and `#word`s of its text); left out when none, as most rows have. */
  tags?: string[];
  /** As BatchDraft.mayBeLive. */
  mayBeLive?: boolean;
  /** Its media, in order (rows of entry_media once stored); left out when none. */
  media?: EntryMedia[];
}

/** Where to find a column in BatchRow.values. */
export const AT = COLUMN_INDEX;

/** The row of a draft, its local day in the journal's zone and day start. */
export function batchRowOf(draft: BatchDraft, timeZone: string, now: Date, dayStartsAt: string = MIDNIGHT): BatchRow {
  const values = entryValues({
    ...entryRowFromDraft(draft, timeZone, now, dayStartsAt),
    edited_at: draft.editedAt?.toISOString() ?? null,
  });
  const tags = hashtagsOf(draft.text, draft.hashtags);
  const media = draft.media && draft.media.length > 0 ? { media: [...draft.media] } : {};
  return { values, ...(tags.length > 0 ? { tags } : {}), ...(draft.mayBeLive ? { mayBeLive: true } : {}), ...media };
}
