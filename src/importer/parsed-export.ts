/**
 * The export read and parsed chunk by chunk: on a worker thread (parse-worker.ts) for a big file, so that parsing
 * the next chunks overlaps writing the previous ones; inline for a small one (a bot upload), where the worker's
 * start-up would cost more than the overlap. Errors arrive as the ImportError readExport would have thrown.
 */
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { RUNS_BUILT, runnablePath } from '../db/code-location.ts';
import type { ChatSnapshot } from './chat-state.ts';
import { ImportError } from './import-error.ts';
import type { ExportBatch, ExportOutline } from './read-export.ts';
import type { ChatUpdates, ParsedItem, WorkerInput, WorkerMessage } from './parse-protocol.ts';
import { parseExportMessages } from './parse-stream.ts';

export type ParsedBatch = ExportBatch<ParsedItem>;

/** As far as read: the chats as of the chunk last handed over, complete at the end. */
export type ParsedOutline = ExportOutline<ChatSnapshot>;

/** Chunks parsed ahead of the writer: enough to keep both threads busy, few enough to keep memory flat. */
const MAX_IN_FLIGHT = 4;

/** Below this size a file is parsed on the main thread: a worker takes about 0.6 s to start (BENCHMARKS.md). */
export const INLINE_PARSE_MAX_BYTES = 4_000_000;

export interface ParseOptions {
  /** Overrides the size rule (tests drive both paths on the same file). */
  thread?: 'worker' | 'inline';
}

export function readParsedExport(
  file: string,
  input: Omit<WorkerInput, 'file' | 'maxInFlight'>,
  options: ParseOptions = {},
): { outline: ParsedOutline; batches: AsyncGenerator<ParsedBatch> } {
  const outline: ParsedOutline = { shape: null, chats: new Map(), exporterId: null };
  const thread = options.thread ?? (sizeOf(file) < INLINE_PARSE_MAX_BYTES ? 'inline' : 'worker');
  const full = { ...input, file, maxInFlight: MAX_IN_FLIGHT };
  return { outline, batches: thread === 'inline' ? inlineBatches(full, outline) : parsedBatches(full, outline) };
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

async function* parsedBatches(input: WorkerInput, outline: ParsedOutline): AsyncGenerator<ParsedBatch> {
  // The sources' worker goes through parse-worker.mjs, which registers tsx (a worker does not inherit loaders).
  const script = RUNS_BUILT ? runnablePath('src/importer/parse-worker.ts') : new URL('./parse-worker.mjs', import.meta.url);
  const worker = new Worker(script, { workerData: input, execArgv: [] });
  const queue: WorkerMessage[] = [];
  let failure: Error | null = null;
  let exited = false;
  let notify: (() => void) | null = null;
  const wakeUp = () => {
    notify?.();
    notify = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    wakeUp();
  });
  worker.on('error', (error) => {
    failure ??= error;
    wakeUp();
  });
  worker.on('exit', () => {
    exited = true;
    wakeUp();
  });
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (failure) throw failure;
        if (exited) throw new Error('the parse worker stopped unexpectedly');
        await new Promise<void>((resolve) => (notify = resolve));
        continue;
      }
      const batch = received(outline, message);
      if (!batch) return;
      yield batch;
      worker.postMessage('ack');
    }
  } finally {
    await worker.terminate();
  }
}
