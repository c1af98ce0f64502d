/**
 * Table types of the daily side (the Database interface is db/schema.ts's): digests and reminders (settings, and the
 * claims that send each day once), moods, writing prompts.
 */
import type { Generated } from 'kysely';

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

/** A bot message that asked a writing prompt (/prompt, a reminder) or a /reflect question: a reply to it answers it. */
export interface PromptMessageTable {
  owner_id: number;
  chat_id: number;
  message_id: number;
  prompt: string;
  sent_at: string;
  /** The entry a /reflect question was about (it may quote it: forgetting the entry deletes it); null for a prompt. */
  about_entry_id: number | null;
}

/** The prompt an entry answers (kept apart from the entry row). */
export interface EntryPromptTable {
  entry_id: number;
  owner_id: number;
  prompt: string;
}
