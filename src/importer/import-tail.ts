/**
 * The end every import shares, whatever the app: the reading stops (done, aborted or failed), the whole batches read
 * before a fault are written and committed, the writer gives the store back its everyday settings, and a fault comes
 * back as an ImportError naming the file. An import reports; it never throws for a bad file.
 */
import { errorReason } from '../log/error-message.ts';
import type { BatchWriter } from './batch-writer.ts';
import { ImportError } from './import-error.ts';

/** Runs `read` (which writes through `writer`, its last batch by `flush`) and returns the fault that stopped it, if any. */
export async function runImport(
  file: string,
  writer: BatchWriter,
  flush: () => Promise<void>,
  read: () => Promise<void>,
): Promise<ImportError | null> {
  let fault: ImportError | null = null;
  try {
    await read();
    await writer.commit();
  } catch (error) {
    // Whole items read before the fault are kept (a batch the database refused is left out); the fault is reported.
    await flush().catch(() => undefined);
    await writer.commit().catch(() => undefined); // a commit that fails rolls back: nothing of it was counted
    fault = importStopped(file, error);
  }
  try {
    await writer.finish();
  } catch (error) {
    fault ??= importStopped(file, error);
  }
  return fault;
}

/** An ImportError as it is, anything else as "import stopped: <why>" naming the file. */
function importStopped(file: string, error: unknown): ImportError {
  return error instanceof ImportError
    ? error
    : new ImportError(file, `import stopped: ${errorReason(error)}`, undefined, { cause: error });
}
