/**
 * Table types of the bot's durable machinery (the Database interface is db/schema.ts's): the update inbox and its
 * lanes' leases, slow jobs, and the ledger of what was sent.
 */
import type { Generated } from 'kysely';

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

/** A chat's inbox lane, held by one instance until `expires_at` (ISO, renewed while it works). */
export interface InboxLeaseTable {
  chat_key: string;
  holder: string;
  expires_at: string;
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
