/**
 * Encryption at rest: a journal opened with a key (JOURNAL_KEY) goes through SQLite3 Multiple Ciphers
 * (better-sqlite3-multiple-ciphers, the same API as better-sqlite3), in SQLCipher 4's format so that the sqlcipher
 * shell and DB Browser for SQLite open it with the same passphrase. Without a key, plain better-sqlite3 as always.
 */
import { closeSync, existsSync, openSync, readSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import MultipleCiphers from 'better-sqlite3-multiple-ciphers';
import { JournalKeyError } from '../database-file-error.ts';

/** One connection to a SQLite file: both drivers have this API, so the rest of db/ names better-sqlite3's type. */
export type SqliteConnection = SQLite.Database;

/** What a plain SQLite file starts with; an encrypted one starts with random bytes (SQLCipher's salt). */
const PLAIN_HEADER = 'SQLite format 3\u0000';

/**
 * The cipher, then the key, before any other statement (they take effect when the first page is read). The key goes
 * in as hex of its UTF-8 bytes (`hexkey`): no quoting of the passphrase into SQL, and the same key as `key='…'`.
 */
function applyKey(connection: SqliteConnection, key: string | null): void {
  connection.pragma("cipher = 'sqlcipher'");
  connection.pragma('legacy = 4');
  if (key !== null) connection.pragma(`hexkey = '${Buffer.from(key, 'utf8').toString('hex')}'`);
}

/** Opens `file` with better-sqlite3, or keyed through the multiple-ciphers driver when a key is given. */
export function openSqliteConnection(file: string, key: string | null, options: SQLite.Options = {}): SqliteConnection {
  if (key === null || file === ':memory:') return new SQLite(file, options);
  // Same API, separate type declarations: the one place the keyed connection is seen as better-sqlite3's type.
  const connection = new MultipleCiphers(file, options) as unknown as SqliteConnection;
  try {
    applyKey(connection, key);
  } catch (error) {
    connection.close();
    throw error;
  }
  return connection;
}

/** A connection to the journal file, keyed when `key` is set, checked before use (see checkKey). */
export function openJournalConnection(file: string, key: string | null): SqliteConnection {
  const connection = openSqliteConnection(file, key);
  try {
    checkKey(connection, file, key !== null);
  } catch (error) {
    connection.close();
    throw error;
  }
  return connection;
}

/** The first 16 bytes of the file say whether it is plain SQLite; an empty or missing file is neither. */
export function fileIsPlainSqlite(file: string): boolean {
  if (!existsSync(file)) return false;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === PLAIN_HEADER;
  } finally {
    closeSync(fd);
  }
}

function fileIsEmpty(file: string): boolean {
  if (!existsSync(file)) return true;
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, Buffer.alloc(1), 0, 1, 0) === 0;
  } finally {
    closeSync(fd);
  }
}

/** Turns "file is not a database" on `file` into a JournalKeyError saying which case it is; other faults come back unchanged. */
function keyProblem(error: unknown, file: string, keyed: boolean): unknown {
  if ((error as { code?: string }).code !== 'SQLITE_NOTADB' || fileIsEmpty(file)) return error;
  const where = path.resolve(file);
  if (keyed && fileIsPlainSqlite(file)) {
    return new JournalKeyError(
      `${where} is not encrypted, but JOURNAL_KEY is set: encrypt it with npm run encrypt, or unset JOURNAL_KEY (and JOURNAL_KEY_FILE).`,
      {
        cause: error,
      },
    );
  }
  if (keyed)
    return new JournalKeyError(
      `JOURNAL_KEY does not open ${where}: the key is wrong (or the file is not a journal); nothing was changed.`,
      { cause: error },
    );
  return new JournalKeyError(
    `${where} cannot be opened as a journal database: file is not a database. If it is an encrypted journal, set JOURNAL_KEY (or JOURNAL_KEY_FILE) to its key.`,
    { cause: error },
  );
}

/**
 * Reads the schema once, right after opening, so a wrong or missing key fails here, before anything writes; the file
 * is left as it was.
 */
export function checkKey(connection: SqliteConnection, file: string, keyed: boolean): void {
  // Without a key, a plain file (or a new one) opens exactly as it always did.
  if (file === ':memory:' || (!keyed && (fileIsEmpty(file) || fileIsPlainSqlite(file)))) return;
  try {
    connection.prepare('SELECT count(*) FROM sqlite_schema').get();
  } catch (error) {
    throw keyProblem(error, file, keyed);
  }
}

/** A connection that reads `source` (attached as `source`) and writes copies of it keyed with `targetKey`. */
export interface Copier {
  connection: SqliteConnection;
  /** VACUUM INTO `target` (which must not exist, or be empty): a consistent snapshot, keyed with the target's key. */
  vacuumInto(target: string): void;
  close(): void;
}

/**
 * Opens a copier. SQLite3 Multiple Ciphers gives the file VACUUM INTO writes the key of the connection's main
 * database, so the main database only carries the target's key: an empty file beside the target when encrypting
 * (SQLite refuses a key on a memory database; it is never written and removed at close), memory otherwise.
 */
export function openCopier(source: string, sourceKey: string | null, target: string, targetKey: string | null): Copier {
  const holder = targetKey === null ? ':memory:' : `${target}.key-holder`;
  const connection = new MultipleCiphers(holder) as unknown as SqliteConnection;
  const close = () => {
    connection.close();
    if (holder !== ':memory:')
      for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${holder}${suffix}`, { force: true });
  };
  try {
    // The scheme also applies to the source attached with a KEY.
    applyKey(connection, targetKey);
    connection.pragma('busy_timeout = 5000');
    // A KEY of '' attaches a plain file; parameters keep both the path and the key out of the SQL text.
    connection.prepare('ATTACH DATABASE ? AS source KEY ?').run(source, sourceKey ?? '');
    connection.prepare('SELECT count(*) FROM source.sqlite_schema').get();
  } catch (error) {
    close();
    throw keyProblem(error, source, sourceKey !== null);
  }
  return { connection, vacuumInto: (file) => void connection.prepare('VACUUM source INTO ?').run(file), close };
}

/** Copies `source` (read with `sourceKey`, or plain) into the new file `target`, written with `targetKey` (or plain). */
export function copyWithKey(source: string, sourceKey: string | null, target: string, targetKey: string | null): void {
  const copier = openCopier(source, sourceKey, target, targetKey);
  try {
    copier.vacuumInto(target);
  } finally {
    copier.close();
  }
}
