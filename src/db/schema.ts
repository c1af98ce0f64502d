/** The one Database interface: every table kysely sees, as stored. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type EntrySource = 'live' | 'import';

/** The app an entry came from (`source` says how it arrived: live or by import). */
export type EntrySourceApp = 'telegram' | 'dayone' | 'jrnl' | 'markdown';

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
  /** What else the app knew (starred, place, weather, zone, media list): JSON of journal/entry-metadata.ts, or null. */
  metadata: ColumnType<string | null, string | null | undefined, string | null>;
  /** Words search finds the entry by beyond its text (its tags not written as #tag, its place's names): set by triggers. */
  search_more: Generated<string>;
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

export interface ObjectHandleTable {
  owner_id: number;
  id: string;
  kind: string;
  /** The object's own state (e.g. a view's filter), JSON. */
  state: string;
  created_at: string;
}

export interface ConversationTable {
  id: Generated<number>;
  owner_id: number;
  /** Every turn as sent to and received from the model (thinking included), JSON. */
  messages: string;
  status: 'pending' | 'answered' | 'failed';
  /** The question waiting for an answer (or a retry after an API failure). */
  pending_question: string | null;
  /** The last answer's receipt, JSON. */
  receipt: string | null;
  answered_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A chat message (a bot answer) that belongs to a conversation: replying to it continues there. */
export interface ConversationMessageTable {
  owner_id: number;
  chat_id: number;
  message_id: number;
  conversation_id: number;
}

export interface DigestSubscriptionTable {
  owner_id: number;
  chat_id: number;
  /** Local wall-clock time in JOURNAL_TIMEZONE, `HH:MM`. */
  local_time: string;
  /** ISO instant; digests due before it are never sent. */
  since: string;
}

/** One row per owner and local day ever claimed: the primary key is what makes a digest go out at most once. */
export interface DigestDeliveryTable {
  owner_id: number;
  local_day: string;
  status: 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: Generated<number>;
  message_id: number | null;
  detail: string | null;
  updated_at: string;
}

/** An update from Telegram, stored before its offset is confirmed (or before the webhook answers 200). */
export interface UpdateInboxTable {
  seq: Generated<number>;
  update_id: number;
  /** Updates with one key are handled one at a time, in `seq` order. */
  chat_key: string;
  /** The raw update, JSON; null once handled (the row then only dedupes its id). */
  payload: string | null;
  /** `parked`: can never be handled as it stands (malformed); kept for `npm run journal -- inbox retry`. */
  status: 'pending' | 'done' | 'parked';
  received_at: string;
  handled_at: string | null;
  /** Failed tries so far; a pending row with attempts waits until `next_attempt_at` (ISO). */
  attempts: Generated<number>;
  next_attempt_at: string | null;
  /** Why the last try failed, or why the row is parked. */
  last_error: string | null;
  /** 0: an owner's private chat, handled first; 1: anyone else's (answered cheaply, after). */
  priority: Generated<number>;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Slow work an update asked for (a question, a review, an export, an import), run apart from capture; resumed after a stop. */
export interface JobTable {
  id: Generated<number>;
  update_id: number;
  kind: string;
  owner_id: number;
  chat_id: number;
  /** The update that asked for it, JSON. */
  payload: string;
  status: JobStatus;
  starts: Generated<number>;
  error: string | null;
  created_at: string;
  updated_at: string;
  /** The instance running it, while it runs; another may take it over once `lease_until` (ISO) has passed. */
  lease_holder: string | null;
  lease_until: string | null;
  /** When the job began to send its first message (ISO); taken over after that, it is not run again from the start. */
  replied_at: string | null;
  /** That first message, once Telegram took it: a job that can go on in it (an import's status) resumes there. */
  reply_message_id: number | null;
}

/** A chat's inbox lane, held by one instance until `expires_at` (ISO, renewed while it works). */
export interface InboxLeaseTable {
  chat_key: string;
  holder: string;
  expires_at: string;
}

/** A stored `ask` answer; the key already changes when any entry the answer read changes. */
export interface AskCacheTable {
  owner_id: number;
  key: string;
  /** The method's result, JSON. */
  result: string;
  created_at: string;
}

/**
 * The ledger of what was sent to a model: one row per request path, question and entries' day. Ids and counts only,
 * never text; an owner's rows go with the owner (delete by owner_id).
 */
export interface SentLedgerTable {
  id: Generated<number>;
  owner_id: number;
  /** ISO instant in UTC. */
  sent_at: string;
  /** The Messages API base URL the request went to. */
  endpoint: string;
  model: string;
  /** 'answer': tool results in a question's conversation; 'reader': ask's reader model. */
  via: 'answer' | 'reader';
  conversation_id: number | null;
  /** The entries' local day. */
  local_day: string;
  entry_count: number;
  /** JSON array of the entries' ids. */
  entry_ids: string;
  /** Pictures of those entries sent with them (their photos, through viewMedia). */
  image_count: Generated<number>;
}

/** Which entries a stored `ask` answer read: forgetting an entry removes the answers that read it. */
export interface AskCacheReadTable {
  owner_id: number;
  cache_key: string;
  entry_id: number;
}

/** A client registered for remote MCP (RFC 7591); its secret, if any, as a SHA-256. */
export interface OauthClientTable {
  client_id: string;
  secret_hash: string | null;
  name: string;
  /** JSON array of the exact redirect URIs. */
  redirect_uris: string;
  auth_method: 'none' | 'client_secret_post' | 'client_secret_basic';
  created_at: string;
}

/** An authorization request waiting for (or past) the owner's consent in Telegram; every secret as a SHA-256. */
export interface OauthRequestTable {
  id: Generated<number>;
  page_hash: string;
  payload_hash: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  code_challenge: string;
  resource: string;
  scope: string;
  status: 'pending' | 'asked' | 'allowed' | 'denied' | 'issued' | 'exchanged' | 'closed';
  /** Who opened the start link (null until then). */
  owner_id: number | null;
  code_hash: string | null;
  grant_id: number | null;
  created_at: string;
  expires_at: string;
}

/** What an owner allowed one client. */
export interface OauthGrantTable {
  id: Generated<number>;
  owner_id: number;
  client_id: string;
  client_name: string;
  resource: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** An access or refresh token of a grant, by its SHA-256. */
export interface OauthTokenTable {
  token_hash: string;
  grant_id: number;
  owner_id: number;
  kind: 'access' | 'refresh';
  expires_at: string;
  used_at: string | null;
}

/** The owner's mood on a journal day, 1 (😞) to 5 (😄): one per owner and day, the last set wins. */
export interface MoodTable {
  owner_id: number;
  local_day: string;
  mood: number;
  /** ISO instant it was last set. */
  set_at: string;
}

/** A writing prompt the owner added (/prompts add). */
export interface OwnerPromptTable {
  id: Generated<number>;
  owner_id: number;
  text: string;
  created_at: string;
}

/** A bot message that asked a writing prompt (/prompt, a reminder): a reply to it answers that prompt. */
export interface PromptMessageTable {
  owner_id: number;
  chat_id: number;
  message_id: number;
  prompt: string;
  sent_at: string;
}

/** The prompt an entry answers (kept apart from the entry row). */
export interface EntryPromptTable {
  entry_id: number;
  owner_id: number;
  prompt: string;
}

/** The owner's daily reminder to write. */
export interface ReminderSettingTable {
  owner_id: number;
  chat_id: number;
  /** Local wall-clock time in JOURNAL_TIMEZONE, `HH:MM`, within the owner's journal day. */
  local_time: string;
  /** ISO instant; reminders due before it are never sent. */
  since: string;
}

/** One row per owner and journal day ever claimed: the primary key is what makes a reminder go out at most once. */
export interface ReminderDeliveryTable {
  owner_id: number;
  local_day: string;
  /** `wrote`: the owner had written that day, so nothing was sent; `snoozed`: due again at `due_again_at`. */
  status: 'sending' | 'sent' | 'failed' | 'wrote' | 'skipped' | 'snoozed';
  attempts: Generated<number>;
  message_id: number | null;
  due_again_at: string | null;
  detail: string | null;
  updated_at: string;
}

/** A topic of the owner's private chat with the bot, and the journal it names. */
export interface JournalTopicTable {
  owner_id: number;
  /** Its message_thread_id. */
  thread_id: number;
  /** Its name as last seen ("Topic <id>" until it is): the name of its journal. */
  name: string;
}

export interface Database {
  entry: EntryTable;
  entry_revision: EntryRevisionTable;
  entry_media: EntryMediaTable;
  media_blob: MediaBlobTable;
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
  owner_prompt: OwnerPromptTable;
  prompt_message: PromptMessageTable;
  entry_prompt: EntryPromptTable;
  reminder_setting: ReminderSettingTable;
  reminder_delivery: ReminderDeliveryTable;
  journal_topic: JournalTopicTable;
}

/** An entry as the app reads it: search_more is the search index's alone. */
export type EntryRow = Omit<Selectable<EntryTable>, 'search_more'>;
export type NewEntryRow = Insertable<EntryTable>;
