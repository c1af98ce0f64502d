/**
 * npm run encrypt / decrypt: a journal file rewritten with or without a key, never half-converted. The journal is
 * copied into a new file beside it (a journal another process holds open is refused: stop the bot first), the copy
 * checked (integrity_check and every table's row count against the original), then renamed over the original in one
 * step. From the first check to the rename the conversion holds the journal's conversion lock (conversion-lock.ts),
 * which every opener honours: no process can write into the journal between the copy and the rename.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { conversionCopyPath, takeConversionLock } from './conversion-lock.ts';
import { refuseForeignWal } from './wal-format.ts';
import { fileIsPlainSqlite, openCopier, openSqliteConnection, type SqliteConnection } from './journal-key.ts';

/** The journal cannot be converted as it is; the message says why and what to do. */
export class ConversionError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConversionError';
  }
}

export interface ConversionResult {
  tables: number;
  /** Rows of the entry table (0 when the file has none). */
  entries: number;
}

type Counts = Map<string, number>;

function tableCounts(connection: SqliteConnection, schema: string): Counts {
  const names = connection
    .prepare(`SELECT name FROM ${schema}.sqlite_schema WHERE type = 'table' ORDER BY name`)
    .pluck()
    .all() as string[];
  return new Map(
    names.map((name) => [
      name,
      connection
        .prepare(`SELECT count(*) FROM ${schema}."${name.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number,
    ]),
  );
}

function differences(before: Counts, after: Counts): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((n) => before.get(n) !== after.get(n))
    .map((n) => `${n}: ${before.get(n) ?? 'missing'} → ${after.get(n) ?? 'missing'}`);
}

function syncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Other processes that have `file` (or its -wal) open, by /proc on Linux; none found elsewhere. */
function otherProcessesHolding(file: string): number[] {
  if (!existsSync('/proc/self/fd')) return [];
  const targets = new Set([path.resolve(file), `${path.resolve(file)}-wal`]);
  const holders: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to look at
    }
    const holds = fds.some((fd) => {
      try {
        return targets.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (holds) holders.push(Number(pid));
  }
  return holders;
}

/** How long a conversion waits for other processes to let go of the journal (an opener that saw the lock closes at once). */
const HOLDERS_WAIT_MS = 3000;

/** Waits up to HOLDERS_WAIT_MS for no other process to hold the journal; true when none does. */
function journalReleased(file: string): boolean {
  const until = Date.now() + HOLDERS_WAIT_MS;
  while (otherProcessesHolding(file).length > 0) {
    if (Date.now() >= until) return false;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return true;
}

/**
 * Rewrites `file` read with `fromKey` (null: plain) as a file keyed with `toKey` (null: plain). The original stays in
 * place, unchanged, until the verified copy replaces it.
 */
export function convertJournal(file: string, fromKey: string | null, toKey: string | null): ConversionResult {
  const where = path.resolve(file);
  if (!existsSync(file))
    throw new ConversionError(`There is no journal at ${where} (check DATABASE_PATH); nothing was changed.`);
  const lock = takeConversionLock(file);
  if (lock === null)
    throw new ConversionError(
      `${where} is being converted by another npm run encrypt or decrypt; nothing was changed.`,
    );
  try {
    return convertLocked(file, fromKey, toKey);
  } finally {
    lock.release();
  }
}

function convertLocked(file: string, fromKey: string | null, toKey: string | null): ConversionResult {
  const where = path.resolve(file);
  const plain = fileIsPlainSqlite(file);
  if (fromKey === null && !plain)
    throw new ConversionError(`${where} is already encrypted (or is not a SQLite journal); nothing was changed.`);
  if (fromKey !== null && plain)
    throw new ConversionError(`${where} is not encrypted; nothing to decrypt, nothing was changed.`);
  const inUse = () =>
    new ConversionError(
      `${where} is open in another process (is the bot running?): stop it, then run this again; nothing was changed.`,
    );
  if (!journalReleased(file)) throw inUse();
  try {
    refuseForeignWal(file);
  } catch (error) {
    throw new ConversionError((error as Error).message);
  }
  const target = conversionCopyPath(file);
  try {
    const copier = openCopier(file, fromKey, target, toKey);
    let before: Counts;
    try {
      // Frames a process left in the -wal before the lock are folded into the file first: after the copy, a -wal with
      // anything in it can only be a write that slipped past the lock.
      copier.connection.pragma('source.wal_checkpoint(TRUNCATE)');
      before = tableCounts(copier.connection, 'source');
      closeSync(openSync(target, 'w', 0o600));
      copier.vacuumInto(target);
    } finally {
      // As the last connection to the journal, closing folds its -wal in and removes it and the -shm.
      copier.close();
    }
    // Under the lock nobody writes; a -wal left over (or a process still holding the journal) means one did before it
    // saw the lock, and its frames would not belong to the new file.
    if (!journalReleased(file) || (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0) throw inUse();
    const copy = openSqliteConnection(target, toKey, { fileMustExist: true });
    let after: Counts;
    try {
      const integrity = (copy.pragma('integrity_check') as { integrity_check: string }[])
        .map((r) => r.integrity_check)
        .join('; ');
      if (integrity !== 'ok')
        throw new ConversionError(
          `The converted copy failed integrity_check (${integrity}); ${where} was left as it was.`,
        );
      after = tableCounts(copy, 'main');
    } finally {
      copy.close();
    }
    const differ = differences(before, after);
    if (differ.length)
      throw new ConversionError(
        `The converted copy does not hold the same rows (${differ.join(', ')}); ${where} was left as it was.`,
      );
    syncPath(target);
    rmSync(`${file}-shm`, { force: true });
    renameSync(target, file);
    syncPath(path.dirname(where));
    return { tables: after.size, entries: after.get('entry') ?? 0 };
  } finally {
    rmSync(target, { force: true });
  }
}
