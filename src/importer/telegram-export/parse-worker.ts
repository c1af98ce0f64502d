/**
 * The parse worker: runs parseExportMessages off the main thread, which meanwhile writes the previous batches.
 * Started by parsed-export.ts for files big enough to pay for a thread, or ahead of its input by the CLI.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerInput } from './parse-protocol.ts';
import { parseExportMessages } from './parse-stream.ts';
import { toWire, type PostedMessage } from './parse-wire.ts';

const port = parentPort!;
/** The input: given at the start, or in the first message to a worker started ahead of it (ParseThread; cli/import.ts starts one before its input is known). */
const input =
  (workerData as WorkerInput | null) ?? (await new Promise<WorkerInput>((resolve) => port.once('message', resolve)));
let inFlight = 0;
let wake: (() => void) | null = null;
const onAck = () => {
  inFlight -= 1;
  wake?.();
  wake = null;
};
port.on('message', onAck);

for await (const message of parseExportMessages(input)) {
  if (message.type !== 'chunk') {
    port.postMessage(message satisfies PostedMessage);
    continue;
  }
  const { items, ...rest } = message;
  port.postMessage({ ...rest, wire: toWire(items) } satisfies PostedMessage);
  inFlight += 1;
  if (inFlight >= input.maxInFlight) await new Promise<void>((resolve) => (wake = resolve));
}
// Nothing more to wait for: the worker exits once its messages are out (the importer also terminates it).
port.off('message', onAck);
