/**
 * The operations of a journal the server could not open (no file at DATABASE_PATH, a bad setting, an unknown
 * --owner): every call fails with the reason, as a tool error the client shows, instead of a server that exits before
 * `initialize` and leaves the client with "Connection closed".
 */
import { ObjectError } from '../objects/object-error.ts';
import type { ObjectOperations } from '../objects/operations.ts';

export function unavailableJournal(reason: string): ObjectOperations {
  const fail = (): never => {
    throw new ObjectError(
      `The journal could not be opened, so no call can work until this is fixed and the server restarted: ${reason}`,
    );
  };
  return {
    listObjects: fail,
    analyzeObject: fail,
    listKinds: fail,
    describeKind: fail,
    invokeMethod: fail,
    resolve: fail,
  };
}

/** The instructions of such a server: the reason first, so the client's model can tell the user. */
export function unavailableInstructions(reason: string): string {
  return `The journal could not be opened: ${reason} Every tool call fails with this reason until it is fixed and the server restarted.`;
}
