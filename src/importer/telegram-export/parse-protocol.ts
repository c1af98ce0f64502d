/** Messages between the importer and its parse worker (structured-cloned: plain objects, Dates, no classes). */
import type { ChatSnapshot, ChoiceOptions } from './chat-state.ts';
import type { SkipReason } from './export-format.ts';
import type { BatchRow } from '../../journal/entries/batch-row.ts';
import type { MessageContext } from './parse-message.ts';

export interface WorkerInput {
  file: string;
  name: string;
  options: ChoiceOptions;
  /** Second pass: only these chats, already decided (imported) with these contexts. */
  settled?: [key: string, context: MessageContext][];
  /** Chunks posted but not yet acknowledged before the worker waits: bounds memory whatever the file size. */
  maxInFlight: number;
  /** What a draft's row depends on besides the draft (options.timeZone is the journal's zone). */
  rows: RowOptions;
}

export interface RowOptions {
  /** The import's instant: every row's created_at. */
  now: Date;
  /** JOURNAL_DAY_STARTS_AT. */
  dayStartsAt?: string;
}

/**
 * One message: its chat, and its row (made on the worker, all of the import's per-row work) or skip reason if the
 * chat is imported (nothing if skipped or deferred).
 */
export interface ParsedItem {
  k: string;
  d?: BatchRow;
  s?: SkipReason;
  /** With a skip: the message's id when it has a numeric one, so the report can name it. */
  i?: number;
}

/** Chats whose keys or counts changed since the last post, as they stand now. */
export type ChatUpdates = ChatSnapshot[];

export type WorkerMessage =
  | {
      type: 'chunk';
      items: ParsedItem[];
      bytesRead: number;
      totalBytes: number;
      exporterId: number | null;
      chats: ChatUpdates;
    }
  | { type: 'end'; shape: 'single' | 'full' | null; chats: ChatUpdates }
  | {
      type: 'fail';
      chats: ChatUpdates;
      /** An ImportError's parts, rebuilt as one on the main thread; else only a message. */
      importError: { file: string; problem: string; position?: { line: number; column: number; byte: number } } | null;
      message: string;
    };
