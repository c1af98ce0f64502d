/**
 * The export read and parsed chunk by chunk: on a worker thread (parse-worker.ts) for a big file, so that parsing
 * the next chunks overlaps writing the previous ones; inline for a small one (a bot upload), where the worker's
 * start-up would cost more than the overlap. Errors arrive as the ImportError readExport would have thrown.
 */
import { statSync } from 'node:fs';
import type { ChatSnapshot } from './chat-state.ts';
import { ImportError } from '../import-error.ts';
import type { ExportBatch, ExportOutline } from './read-export.ts';
import type { ChatUpdates, ParsedItem, WorkerInput, WorkerMessage } from './parse-protocol.ts';
import { parseExportMessages } from './parse-stream.ts';
import { INLINE_PARSE_MAX_BYTES, ParseThread } from './parse-thread.ts';

export type ParsedBatch = ExportBatch<ParsedItem>;

/** As far as read: the chats as of the chunk last handed over, complete at the end. */
export type ParsedOutline = ExportOutline<ChatSnapshot>;

/**
 * Chunks (256 KB of the file each) parsed ahead of the writer: enough that the worker goes on while the writer stalls
 * (a checkpoint of the -wal takes a quarter of a second), few enough to keep memory flat. 4, 8 and 16 imported
 * 100,000 messages alike (2.0-2.3 s); 16 added 12 MB to the peak at 300,000, 8 about 3 MB.
 */
const MAX_IN_FLIGHT = 8;

export interface ParseOptions {
  /** Overrides the size rule (tests drive both paths on the same file). */
  thread?: 'worker' | 'inline';
  /**
   * A parse thread started ahead (its code loaded while the caller did other things: the CLI opens the journal
   * meanwhile): used if this read takes a thread, terminated if not. Either way it is this read's from here on.
   */
  started?: ParseThread;
}

export function readParsedExport(
  file: string,
  input: Omit<WorkerInput, 'file' | 'maxInFlight'>,
  options: ParseOptions = {},
): { outline: ParsedOutline; batches: AsyncGenerator<ParsedBatch> } {
  const outline: ParsedOutline = { shape: null, chats: new Map(), exporterId: null };
  const thread = options.thread ?? (sizeOf(file) < INLINE_PARSE_MAX_BYTES ? 'inline' : 'worker');
  const full = { ...input, file, maxInFlight: MAX_IN_FLIGHT };
  if (thread === 'inline') {
    void options.started?.terminate();
    return { outline, batches: inlineBatches(full, outline) };
  }
  return { outline, batches: parsedBatches(full, outline, options.started) };
}

/** A file that cannot be read counts as small: the inline reader then reports why, as the worker would. */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Handles one protocol message; returns the batch to yield, or null at the end. Throws for a failure. */
function received(outline: ParsedOutline, message: WorkerMessage): ParsedBatch | null {
  apply(outline, message.chats);
  if (message.type === 'end') {
    outline.shape = message.shape;
    return null;
  }
  if (message.type === 'fail') {
    const { importError: e } = message;
    throw e ? new ImportError(e.file, e.problem, e.position) : new Error(message.message);
  }
  outline.exporterId = message.exporterId;
  return { items: message.items, bytesRead: message.bytesRead, totalBytes: message.totalBytes };
}

async function* inlineBatches(input: WorkerInput, outline: ParsedOutline): AsyncGenerator<ParsedBatch> {
  for await (const message of parseExportMessages(input)) {
    const batch = received(outline, message);
    if (!batch) return;
    yield batch;
  }
}

function apply(outline: ParsedOutline, updates: ChatUpdates): void {
  for (const update of updates) {
    const chat = outline.chats.get(update.key);
    // Updated in place: the importer may hold the chat object.
    if (chat) Object.assign(chat, update);
    else outline.chats.set(update.key, update);
  }
}

async function* parsedBatches(
  input: WorkerInput,
  outline: ParsedOutline,
  started?: ParseThread,
): AsyncGenerator<ParsedBatch> {
  const thread = started ?? new ParseThread();
  thread.start(input);
  try {
    for (;;) {
      const batch = received(outline, await thread.next());
      if (!batch) return;
      yield batch;
      thread.ack();
    }
  } finally {
    await thread.terminate();
  }
}
