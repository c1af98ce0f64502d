/** The one Database interface: every table kysely sees, as stored. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { UpdateInboxTable, InboxLeaseTable, JobTable, SentLedgerTable } from './tables/intake-tables.ts';
import type {
  ObjectHandleTable,
  ConversationTable,
  ConversationMessageTable,
  AskCacheTable,
  AskCacheReadTable,
} from './tables/ask-tables.ts';
import type { OauthClientTable, OauthRequestTable, OauthGrantTable, OauthTokenTable } from './tables/oauth-tables.ts';
import type { ReflectQuestionTable, ReflectSettingTable } from './tables/reflect-tables.ts';
import type {
  DigestSubscriptionTable,
  DigestDeliveryTable,
  ReminderSettingTable,
  ReminderDeliveryTable,
  MoodTable,
  OwnerPromptTable,
  PromptMessageTable,
  EntryPromptTable,
} from './tables/daily-tables.ts';

// Each area's table types, from here as from their own files.
export type * from './tables/intake-tables.ts';
export type * from './tables/ask-tables.ts';
export type * from './tables/oauth-tables.ts';
export type * from './tables/daily-tables.ts';

export type EntrySource = 'live' | 'import';

/** The app an entry came from (`source` says how it arrived: live or by import). */
export type EntrySourceApp = 'telegram' | 'dayone' | 'jrnl' | 'markdown' | 'web';

/** What makes an entry unique, the target of every insert's ON CONFLICT: one message of one chat, per owner and source. */
export const ENTRY_KEY = ['owner_id', 'source', 'chat_id', 'message_id'] as const;

/** What a message without text (or with only a caption) carried. */
export type MediaKind = 'voice_note' | 'video_note' | 'photo' | 'video' | 'audio' | 'animation' | 'file';

export interface EntryTable {
  id: Generated<number>;
  owner_id: number;
  source: EntrySource;
  chat_id: number;
  message_id: number;
  /** The instant written, ISO 8601 in UTC (`…Z`), so text order is time order. */
  written_at: string;
  /** The calendar day in JOURNAL_TIMEZONE, `YYYY-MM-DD`. */
  local_day: string;
  /** The wall-clock time in JOURNAL_TIMEZONE, `HH:mm`. */
  local_time: string;
  title: string;
  content: string;
  edited_at: string | null;
  created_at: string;
  /** When the content became the media's transcript (an entry's media are rows of entry_media). */
  transcribed_at: string | null;
  /** The app the entry came from; Telegram unless imported from another app. */
  source_app: ColumnType<EntrySourceApp, EntrySourceApp | undefined, EntrySourceApp>;
  /** The app's own id of the entry (`<chat>:<message>` for Telegram, Day One's uuid, …). */
  source_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What else the app knew (starred, place, weather, zone, media list): JSON of journal/entries/entry-metadata.ts, or null. */
  metadata: ColumnType<string | null, string | null | undefined, string | null>;
  /** Words search finds the entry by beyond its text (its tags not written as #tag, its place's names): set by triggers. */
  search_more: Generated<string>;
  /**
   * The words search indexes for the title and text (db/search/search-text.ts: segmented, stemmed by the entry's
   * language, folded), written with the text; null until an entry stored before it was re-indexed
   * (db/search/search-reindex.ts).
   */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The journal the entry belongs to: a topic's name, or '' for the main journal (messages outside topics). */
  journal: ColumnType<string, string | undefined, string>;
}

/**
 * Whether an entry's media bytes are kept: `kept` (sha256 names them in media_blob), `pending` (a download is queued,
 * due at `next_at`), `reference` (only what the message said of it is kept; `note` says why).
 */
export type MediaState = 'pending' | 'kept' | 'reference';

/** One photo, voice note, video or file of an entry; an album's photos are rows 0, 1, 2… of one entry. */
export interface EntryMediaTable {
  id: Generated<number>;
  entry_id: number;
  owner_id: number;
  position: number;
  kind: MediaKind;
  /** The bytes' sha256 (hex) once kept; the key of media_blob. */
  sha256: string | null;
  mime_type: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  file_name: string | null;
  /** Telegram's file_id (live messages only: exports carry none). */
  file_id: string | null;
  state: ColumnType<MediaState, MediaState | undefined, MediaState>;
  /** Why the bytes are not kept (too big, not in the export, the download failed for good). */
  note: string | null;
  attempts: Generated<number>;
  /** The next download attempt's instant, ISO UTC; null when none is queued. */
  next_at: string | null;
  last_error: string | null;
  /** The instance holding the download until `next_at` (a restart of it takes the claim back). */
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Telegram's media_group_id of an album; the entry is its first message's. */
  media_group_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The chat message this medium came in (an album's later photos come in messages of their own). */
  message_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Bytes kept once, whichever entries hold them: content-addressed by sha256. */
export interface MediaBlobTable {
  sha256: string;
  size: number;
  created_at: string;
}

/**
 * A picture made from a kept medium, once: by the original's sha256 and what was made (`webp:640`, `jpeg:1568`), or
 * `original` with no data when the original is past the decoding budget (callers then serve it as it is, or refuse).
 */
export interface MediaThumbnailTable {
  sha256: string;
  variant: string;
  mime_type: string | null;
  width: number | null;
  height: number | null;
  data: Uint8Array | null;
  created_at: string;
}

/** A blob's bytes in order, a chunk a row; `blob` is its sha256, or `partial:<entry_media id>` while it is written. */
export interface MediaChunkTable {
  blob: string;
  seq: number;
  data: Uint8Array;
}

export interface EntryRevisionTable {
  id: Generated<number>;
  entry_id: number;
  title: string;
  content: string;
  /** When this text stopped being current (the edit's instant). */
  replaced_at: string;
}

/** A hashtag of an entry, lower case and without '#'. */
export interface EntryTagTable {
  entry_id: number;
  owner_id: number;
  tag: string;
}

/** A voice or video note waiting for its transcript; retried with growing pauses until it succeeds. */
export interface TranscriptionJobTable {
  entry_id: number;
  attempts: Generated<number>;
  /** The next attempt's instant, ISO UTC. */
  next_at: string;
  last_error: string | null;
}

/** What stored rows were computed with (e.g. `day_starts_at`), so a changed setting is applied once. */
export interface JournalSettingTable {
  key: string;
  value: string;
}

/** A topic of the owner's private chat with the bot, and the journal it names. */
export interface JournalTopicTable {
  owner_id: number;
  /** Its message_thread_id. */
  thread_id: number;
  /** Its name as last seen ("Topic <id>" until it is): the name of its journal. */
  name: string;
}

/** The journal an owner's messages outside topics go to (/journal default); no row: the main journal. */
export interface JournalDefaultTable {
  owner_id: number;
  /** The journal's stored name, as entry.journal holds it. */
  name: string;
}

/** A one-time login link of the web view (npm run web): its token's SHA-256, whose journal, until when. */
export interface WebLoginLinkTable {
  token_hash: string;
  owner_id: number;
  /** ISO instant it stops working. */
  expires_at: string;
  /** ISO instant it signed a browser in; null while unused. */
  used_at: string | null;
}

export interface Database {
  entry: EntryTable;
  entry_revision: EntryRevisionTable;
  entry_media: EntryMediaTable;
  media_blob: MediaBlobTable;
  media_thumbnail: MediaThumbnailTable;
  media_chunk: MediaChunkTable;
  entry_tag: EntryTagTable;
  transcription_job: TranscriptionJobTable;
  journal_setting: JournalSettingTable;
  object_handle: ObjectHandleTable;
  conversation: ConversationTable;
  conversation_message: ConversationMessageTable;
  digest_subscription: DigestSubscriptionTable;
  digest_delivery: DigestDeliveryTable;
  update_inbox: UpdateInboxTable;
  inbox_lease: InboxLeaseTable;
  job: JobTable;
  ask_cache: AskCacheTable;
  sent_ledger: SentLedgerTable;
  ask_cache_read: AskCacheReadTable;
  oauth_client: OauthClientTable;
  oauth_request: OauthRequestTable;
  oauth_grant: OauthGrantTable;
  oauth_token: OauthTokenTable;
  mood: MoodTable;
  reflect_setting: ReflectSettingTable;
  reflect_question: ReflectQuestionTable;
  owner_prompt: OwnerPromptTable;
  prompt_message: PromptMessageTable;
  entry_prompt: EntryPromptTable;
  reminder_setting: ReminderSettingTable;
  reminder_delivery: ReminderDeliveryTable;
  journal_topic: JournalTopicTable;
  journal_default: JournalDefaultTable;
  web_login_link: WebLoginLinkTable;
}

/** An entry as the app reads it: search_more is the search index's alone. */
export type EntryRow = Omit<Selectable<EntryTable>, 'search_more' | 'search_text'>;
export type NewEntryRow = Insertable<EntryTable>;
