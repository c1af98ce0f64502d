/** Opens the SQLite file behind a kysely instance: WAL, secure delete, foreign keys, a busy timeout. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type KyselyConfig,
  type SqliteDialectConfig,
} from 'kysely';
import { JournalDatabase, type JournalDb } from '../journal-database.ts';
import { DatabaseFileError, MissingDatabaseError } from '../database-file-error.ts';
import { inspectJournalFile, type JournalFileState } from './journal-file.ts';
import { createPrivateFile, looseModeWarnings } from './private-files.ts';
import { conversionUnderWay, waitForConversion } from './conversion-lock.ts';
import { openJournalConnection, type SqliteConnection } from './journal-key.ts';
import { refuseForeignWal } from './wal-format.ts';
import { sqliteStore } from './sqlite-store.ts';
import { StatementCache } from './statement-cache.ts';
import { errorReason } from '../../log/error-message.ts';

/**
 * Transactions take the write lock when they begin (`BEGIN IMMEDIATE`), not at their first write. With several
 * processes on one file (instances in WAL mode), a deferred transaction that read first and then writes fails at
 * once with SQLITE_BUSY if another process wrote in between (the busy timeout does not apply to that case); an
 * immediate one waits its turn under the busy timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite rolls a transaction back by itself on some failures (SQLITE_FULL, an I/O error): kysely's ROLLBACK then
   * fails with "cannot rollback - no transaction is active" and that error would replace the one that says why.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (error instanceof Error && /no transaction is active/.test(error.message)) return;
      throw error;
    }
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export interface OpenOptions {
  /** For read-only commands: a missing file is an error and nothing (no folder, no file) is created. */
  mustExist?: boolean;
  /** kysely's query log (the benchmarks capture the SQL a method runs). */
  log?: KyselyConfig['log'];
  /** Where the warning about a journal file others can read goes; stderr by default. */
  warn?: (line: string) => void;
  /**
   * JOURNAL_KEY: the file is encrypted with it (db/sqlite/journal-key.ts); a wrong or missing key is a JournalKeyError.
   */
  key?: string | null;
}

/**
 * Opens the journal's connection when no npm run encrypt / decrypt is converting it (db/sqlite/conversion-lock.ts):
 * waits for one that is, then looks again once the connection is open, as a conversion that began in between sees this
 * connection and waits for it to close. Nothing has been written through it by then.
 */
function openOutsideConversions(
  file: string,
  key: string | null,
  exists: boolean,
  warn: (line: string) => void,
): { found: JournalFileState | null; sqlite: SqliteConnection } {
  for (;;) {
    waitForConversion(file, { warn });
    if (exists) refuseForeignWal(file);
    const found = exists ? inspectJournalFile(file, key) : null;
    if (!exists && file !== ':memory:') createPrivateFile(file);
    const sqlite = openJournalConnection(file, key);
    if (!conversionUnderWay(file)) return { found, sqlite };
    sqlite.close();
  }
}

/** The page cache of an encrypted journal, in KiB (a negative cache_size is KiB). */
const ENCRYPTED_PAGE_CACHE_KIB = 256 * 1024;

/**
 * Creates missing folders (0700) and a new file (0600), unless `mustExist`; an existing file is first checked to be a
 * journal (or a database with no tables), read-only, so another app's file is never changed (NotAJournalError). An
 * existing journal others can read gets a one-line warning. The returned db owns the file handle (`db.destroy()`).
 */
export function openDatabase(file: string, options: OpenOptions = {}): JournalDb {
  return openDatabaseFile(file, options).db;
}

/** openDatabase, and what the read-only check found in an existing file (null for a new file or `:memory:`). */
export function openDatabaseFile(
  file: string,
  options: OpenOptions = {},
): { db: JournalDb; found: JournalFileState | null } {
  const inMemory = file === ':memory:';
  const key = options.key ?? null;
  const exists = !inMemory && existsSync(file);
  if (!inMemory && options.mustExist && !exists) throw new MissingDatabaseError(path.resolve(file));
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const { found, sqlite } = openOutsideConversions(file, key, exists, warn);
  try {
    // The first statements read the file's header: a file that is not a database fails here.
    sqlite.pragma('journal_mode = WAL');
    // NORMAL: commits are synced at checkpoints, which survives a crash of the app but not of the machine. The one
    // commit that must survive a power cut, the update inbox's before Telegram is told, syncs itself (inbox-store.ts):
    // the -wal is written in order, so that sync also keeps every commit before it.
    sqlite.pragma('synchronous = NORMAL');
    // The -wal is folded back into the file every 256 pages (1 MB; SQLite's default is 4 MB) and cut back to 1 MB
    // after that: on a nearly full disk a growing -wal is what fills it, and a checkpoint of a big one needs room too.
    sqlite.pragma('wal_autocheckpoint = 256');
    sqlite.pragma('journal_size_limit = 1048576');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Deleted and overwritten content is zeroed in the file, not left in free space: a forgotten entry's text (and an
    // edited entry's old text once its revision is forgotten), a handled update's text, a pruned one, are gone from
    // the file's bytes.
    sqlite.pragma('secure_delete = ON');
    // An encrypted journal decrypts every page it reads from the file: the operating system's cache holds only the
    // ciphertext. A page cache of up to 256 MB (SQLite's default is 2 MB; it grows only with the pages read, so never
    // past the file's size) keeps a big journal's pages decrypted: at 250,000 entries a search and its count read most
    // of the file's pages, and decrypting each again made them 4× slower than plain (BENCHMARKS.md, encryption).
    if (key !== null) sqlite.pragma(`cache_size = ${-ENCRYPTED_PAGE_CACHE_KIB}`);
  } catch (error) {
    sqlite.close();
    const reason = errorReason(error);
    throw new DatabaseFileError(`${path.resolve(file)} cannot be opened as a journal database: ${reason}.`, {
      cause: error,
    });
  }
  // Only a file that is a journal is worth a warning about who can read it.
  if (!inMemory) for (const line of looseModeWarnings(file)) warn(line);
  // kysely's queries and the bulk writes share one cache of statements prepared on the one connection.
  const statements = new StatementCache(sqlite);
  return {
    db: new JournalDatabase(
      new ImmediateSqliteDialect({ database: statements.forKysely() }),
      sqliteStore(statements),
      options.log,
    ),
    found,
  };
}
