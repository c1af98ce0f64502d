/**
 * The export read and parsed on a worker thread (parse-worker.ts), handed over chunk by chunk, so that parsing the
 * next chunks overlaps writing the previous ones. Errors arrive as the ImportError readExport would have thrown.
 */
import { Worker } from 'node:worker_threads';
import type { ChatSnapshot } from './chat-state.ts';
import { ImportError } from './import-error.ts';
import type { ExportBatch, ExportOutline } from './read-export.ts';
import type { ChatUpdates, ParsedItem, WorkerInput, WorkerMessage } from './parse-protocol.ts';

export type ParsedBatch = ExportBatch<ParsedItem>;

/** As far as read: the chats as of the chunk last handed over, complete at the end. */
export type ParsedOutline = ExportOutline<ChatSnapshot>;

/** Chunks parsed ahead of the writer: enough to keep both threads busy, few enough to keep memory flat. */
const MAX_IN_FLIGHT = 4;

export function readParsedExport(
  file: string,
  input: Omit<WorkerInput, 'file' | 'maxInFlight'>,
): { outline: ParsedOutline; batches: AsyncGenerator<ParsedBatch> } {
  const outline: ParsedOutline = { shape: null, chats: new Map(), exporterId: null };
  return { outline, batches: parsedBatches({ ...input, file, maxInFlight: MAX_IN_FLIGHT }, outline) };
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
  const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), { workerData: input, execArgv: [] });
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
      apply(outline, message.chats);
      if (message.type === 'end') {
        outline.shape = message.shape;
        return;
      }
      if (message.type === 'fail') {
        const { importError: e } = message;
        throw e ? new ImportError(e.file, e.problem, e.position) : new Error(message.message);
      }
      outline.exporterId = message.exporterId;
      yield { items: message.items, bytesRead: message.bytesRead, totalBytes: message.totalBytes };
      worker.postMessage('ack');
    }
  } finally {
    await worker.terminate();
  }
}
