/**
 * npm run encrypt / decrypt: a journal file rewritten with or without a key, never half-converted. The journal is
 * locked (a running bot makes this refuse), copied into a new file beside it, the copy checked (integrity_check and
 * every table's row count against the original), then renamed over the original in one step.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
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
  const names = connection.prepare(`SELECT name FROM ${schema}.sqlite_schema WHERE type = 'table' ORDER BY name`).pluck().all() as string[];
  return new Map(names.map((name) => [name, connection.prepare(`SELECT count(*) FROM ${schema}."${name.replaceAll('"', '""')}"`).pluck().get() as number]));
}

function differences(before: Counts, after: Counts): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).map((n) => `${n}: ${before.get(n) ?? 'missing'} → ${after.get(n) ?? 'missing'}`);
}

function syncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Rewrites `file` read with `fromKey` (null: plain) as a file keyed with `toKey` (null: plain). The original stays in
 * place, unchanged but for leaving WAL mode, until the verified copy replaces it.
 */
export function convertJournal(file: string, fromKey: string | null, toKey: string | null): ConversionResult {
  const where = path.resolve(file);
  if (!existsSync(file)) throw new ConversionError(`There is no journal at ${where} (check DATABASE_PATH); nothing was changed.`);
  const plain = fileIsPlainSqlite(file);
  if (fromKey === null && !plain) throw new ConversionError(`${where} is already encrypted (or is not a SQLite journal); nothing was changed.`);
  if (fromKey !== null && plain) throw new ConversionError(`${where} is not encrypted; nothing to decrypt, nothing was changed.`);
  const target = `${file}.converting`;
  // Left by a conversion that was cut off: never the journal, which is only replaced by a finished, checked copy.
  rmSync(target, { force: true });
  const copier = openCopier(file, fromKey, target, toKey);
  try {
    const source = copier.connection;
    // Leaving WAL mode needs the only connection to the file: it fails while the bot (or any command) has it open,
    // and it folds the -wal into the file so the copy is complete.
    source.pragma('busy_timeout = 0');
    try {
      source.pragma('source.journal_mode = DELETE');
    } catch (error) {
      throw new ConversionError(`${where} is open in another process (is the bot running?): stop it, then run this again; nothing was changed.`, { cause: error });
    }
    // Held until the end: nothing else writes (or starts on) the journal while it is copied and replaced.
    source.pragma('source.locking_mode = EXCLUSIVE');
    const before = tableCounts(source, 'source');
    closeSync(openSync(target, 'w', 0o600));
    copier.vacuumInto(target);
    const copy = openSqliteConnection(target, toKey, { fileMustExist: true });
    let after: Counts;
    try {
      const integrity = (copy.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
      if (integrity !== 'ok') throw new ConversionError(`The converted copy failed integrity_check (${integrity}); ${where} was left as it was.`);
      after = tableCounts(copy, 'main');
    } finally {
      copy.close();
    }
    const differ = differences(before, after);
    if (differ.length) throw new ConversionError(`The converted copy does not hold the same rows (${differ.join(', ')}); ${where} was left as it was.`);
    syncPath(target);
    renameSync(target, file);
    syncPath(path.dirname(where));
    return { tables: after.size, entries: after.get('entry') ?? 0 };
  } finally {
    copier.close();
    rmSync(target, { force: true });
  }
}
