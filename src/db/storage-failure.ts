/**
 * Which errors are the store failing (a lock, a full disk, an I/O error, a lost connection) rather than the work being
 * wrong. Such a failure says nothing about the update being handled: the same work succeeds once the store is back,
 * so it is retried, never dropped or apologised for as if the message were at fault.
 */

export interface StorageFailure {
  /** The engine's code: `SQLITE_FULL`, `SQLITE_BUSY`, PostgreSQL's SQLSTATE, or the socket's error code. */
  code: string;
  /** In words, for the log and the operator: `disk full`, `locked`, … */
  cause: string;
}

/** SQLite's primary result codes that are the storage's fault (extended codes like SQLITE_IOERR_WRITE included). */
const SQLITE_CAUSES: [prefix: string, cause: string][] = [
  ['SQLITE_FULL', 'disk full'],
  ['SQLITE_BUSY', 'locked'],
  ['SQLITE_LOCKED', 'locked'],
  ['SQLITE_IOERR', 'I/O error'],
  ['SQLITE_NOMEM', 'out of memory'],
  ['SQLITE_READONLY', 'read-only'],
  ['SQLITE_CANTOPEN', 'cannot open the database file'],
  ['SQLITE_PROTOCOL', 'locking protocol'],
  ['SQLITE_CORRUPT', 'corrupt'],
  ['SQLITE_NOTADB', 'not a database'],
];

/** PostgreSQL SQLSTATE classes and codes: connection, resources, operator intervention, lock and serialization. */
const POSTGRES_CAUSES: [prefix: string, cause: string][] = [
  ['53100', 'disk full'],
  ['53', 'insufficient resources'],
  ['08', 'connection lost'],
  ['57P', 'server shutting down'],
  ['57014', 'statement cancelled'],
  ['55P03', 'locked'],
  ['40001', 'serialization failure'],
  ['40P01', 'deadlock'],
];

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** Messages seen without a usable code (an error rethrown as text, or a driver's own wording). */
const MESSAGES: [RegExp, code: string, cause: string][] = [
  [/database or disk is full|no space left on device/i, 'SQLITE_FULL', 'disk full'],
  [/database is locked|database table is locked/i, 'SQLITE_BUSY', 'locked'],
  [/disk I\/O error/i, 'SQLITE_IOERR', 'I/O error'],
  [/Connection terminated|connection.*(closed|ended)/i, 'ECONNRESET', 'connection lost'],
];

function own(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

function classifyOne(error: unknown): StorageFailure | null {
  const code = own(error, 'code');
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) {
      const hit = SQLITE_CAUSES.find(([prefix]) => code.startsWith(prefix));
      return hit ? { code, cause: hit[1] } : null;
    }
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const hit = POSTGRES_CAUSES.find(([prefix]) => code.startsWith(prefix));
      if (hit) return { code, cause: hit[1] };
    }
    if (SOCKET_CODES.has(code)) return { code, cause: 'connection lost' };
  }
  const message = own(error, 'message');
  if (typeof message === 'string') {
    const hit = MESSAGES.find(([pattern]) => pattern.test(message));
    if (hit) return { code: hit[1], cause: hit[2] };
  }
  return null;
}

/** The storage failure behind `error` (looking through `cause` and a wrapper's `error`), or null when it is not one. */
export function storageFailure(error: unknown): StorageFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const found = classifyOne(current);
    if (found) return found;
    current = own(current, 'cause') ?? own(current, 'error');
  }
  return null;
}
