/** Names what went wrong underneath a failed query, from SQLite's result codes (and PostgreSQL's, where they differ). */

/** Why storage failed, when it is the storage's fault rather than the query's: a lock, a full disk, or I/O. */
export type StorageFault = 'busy' | 'full' | 'io';

/** The fault behind an error or any error in its cause chain; null for anything else. */
export function storageFault(error: unknown): StorageFault | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
      if (code === 'SQLITE_FULL' || code === '53100') return 'full';
      if (code.startsWith('SQLITE_IOERR')) return 'io';
    }
    if (/database is locked/i.test(e.message)) return 'busy';
    if (/database or disk is full/i.test(e.message)) return 'full';
  }
  return null;
}
