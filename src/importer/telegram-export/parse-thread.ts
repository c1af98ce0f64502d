/**
 * The parse worker seen from the importer's thread: started ahead of its input (a thread, then its code: ~0.1 s on an
 * idle machine, more on a busy one), given its input when the file is known, read message by message with an acknowledgement each (parse-worker.ts).
 * What the thread says or suffers before anyone reads (a failure while loading) is kept until read.
 */
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { RUNS_BUILT, runnablePath } from '../../db/code-location.ts';
import type { WorkerInput, WorkerMessage } from './parse-protocol.ts';
import { fromWire, type PostedMessage } from './parse-wire.ts';

/** Below this size a file is parsed on the main thread: a worker's start and hand-over cost more than they save. */
export const INLINE_PARSE_MAX_BYTES = 4_000_000;

/** A parse thread for a file big enough to be parsed on one (readParsedExport's rule); null for a small one, a folder, none. */
export function parseThreadFor(file: string): ParseThread | null {
  const info = statSync(file, { throwIfNoEntry: false });
  return info?.isFile() && info.size >= INLINE_PARSE_MAX_BYTES ? new ParseThread() : null;
}

export class ParseThread {
  readonly #worker: Worker;
  readonly #queue: WorkerMessage[] = [];
  #failure: Error | null = null;
  #exited = false;
  #notify: (() => void) | null = null;

  constructor() {
    // The sources' worker goes through parse-worker.mjs, which registers tsx (a worker does not inherit loaders).
    const script = RUNS_BUILT
      ? runnablePath('src/importer/telegram-export/parse-worker.ts')
      : new URL('./parse-worker.mjs', import.meta.url);
    this.#worker = new Worker(script, { workerData: null, execArgv: [] });
    this.#worker.on('message', (message: PostedMessage) => {
      this.#queue.push(message.type === 'chunk' ? posted(message) : message);
      this.#wakeUp();
    });
    this.#worker.on('error', (error) => {
      this.#failure ??= error;
      this.#wakeUp();
    });
    this.#worker.on('exit', () => {
      this.#exited = true;
      this.#wakeUp();
    });
  }

  /** Sets the thread to work on a file (once). */
  start(input: WorkerInput): void {
    this.#worker.postMessage(input);
  }

  /** The next message; throws what stopped the thread. */
  async next(): Promise<WorkerMessage> {
    for (;;) {
      const message = this.#queue.shift();
      if (message) return message;
      if (this.#failure) throw this.#failure;
      if (this.#exited) throw new Error('the parse worker stopped unexpectedly');
      await new Promise<void>((resolve) => (this.#notify = resolve));
    }
  }

  /** A chunk was taken: the thread may parse one more ahead. */
  ack(): void {
    this.#worker.postMessage('ack');
  }

  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  #wakeUp(): void {
    this.#notify?.();
    this.#notify = null;
  }
}

/** A posted chunk with its items rebuilt. */
function posted(message: Extract<PostedMessage, { type: 'chunk' }>): WorkerMessage {
  const { wire, ...rest } = message;
  return { ...rest, items: fromWire(wire) };
}
