/**
 * Table types of questions (the Database interface is db/schema.ts's): the handles views are kept by, conversations
 * and their messages, and stored `ask` answers with the entries each read.
 */
import type { Generated } from 'kysely';

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

/** A stored `ask` answer; the key already changes when any entry the answer read changes. */
export interface AskCacheTable {
  owner_id: number;
  key: string;
  /** The method's result, JSON. */
  result: string;
  created_at: string;
}

/** Which entries a stored `ask` answer read: forgetting an entry removes the answers that read it. */
export interface AskCacheReadTable {
  owner_id: number;
  cache_key: string;
  entry_id: number;
}
