/**
 * The parse worker: runs parseExportMessages off the main thread, which meanwhile writes the previous batches.
 * Started by parsed-export.ts for files big enough to pay for a thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerInput } from './parse-protocol.ts';
import { parseExportMessages } from './parse-stream.ts';

const input = workerData as WorkerInput;
const port = parentPort!;
let inFlight = 0;
let wake: (() => void) | null = null;
const onAck = () => {
  inFlight -= 1;
  wake?.();
  wake = null;
};
port.on('message', onAck);

for await (const message of parseExportMessages(input)) {
  port.postMessage(message);
  if (message.type !== 'chunk') continue;
  inFlight += 1;
  if (inFlight >= input.maxInFlight) await new Promise<void>((resolve) => (wake = resolve));
}
// Nothing more to wait for: the worker exits once its messages are out (the importer also terminates it).
port.off('message', onAck);
