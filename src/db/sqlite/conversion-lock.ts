/**
 * The lock npm run encrypt / decrypt hold on a journal from their first check to the rename, and that every opener of
 * the journal honours on top of SQLite's own locks. It is a lock the kernel keeps: an exclusive SQLite lock (an fcntl
 * lock) on a small file beside the journal, `<journal>.conversion-lock`. A conversion killed at any moment (SIGKILL
 * too) drops it with its process, so there is no stale-lock rule to get wrong: a lock file nobody holds is free, and
 * whoever takes it next removes what the dead conversion left (its `.converting` copy, which may be plain text).
 *
 * An opener takes the lock for a moment before it opens the journal (waiting, and saying so, while a conversion holds
 * it), then looks again once its connection is open: a conversion that began in between sees that connection, and the
 * opener closes it before writing anything (openDatabaseFile in open-database.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DatabaseFileError } from '../database-file-error.ts';
import { createPrivateFile } from './private-files.ts';

/** How long an opener waits for a conversion to finish before giving up; a large journal converts in minutes. */
export const CONVERSION_WAIT_MS = 15 * 60_000;

export function conversionLockPath(journal: string): string {
  return `${journal}.conversion-lock`;
}

/** The copy a conversion writes beside the journal before renaming it over the journal. */
export function conversionCopyPath(journal: string): string {
  return `${journal}.converting`;
}

/** Every file a conversion may leave when it is killed: its copy (plain text after a decrypt) and the copy's key holder. */
function leftovers(journal: string): string[] {
  const copy = conversionCopyPath(journal);
  const holder = `${copy}.key-holder`;
  return [
    copy,
    `${copy}-journal`,
    `${copy}-wal`,
    `${copy}-shm`,
    holder,
    `${holder}-journal`,
    `${holder}-wal`,
    `${holder}-shm`,
  ];
}

function openLockFile(journal: string, create: boolean): SQLite.Database | null {
  const file = conversionLockPath(journal);
  if (!existsSync(file)) {
    if (!create) return null;
    createPrivateFile(file);
  }
  return new SQLite(file, { fileMustExist: true });
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** Tries to take the lock within `waitMs`; true when taken. */
function tryExclusive(connection: SQLite.Database, waitMs: number): boolean {
  connection.pragma(`busy_timeout = ${Math.max(0, Math.round(waitMs))}`);
  try {
    // No rollback journal beside the lock file: the lock is all it is for; nothing is ever written to it.
    connection.pragma('journal_mode = MEMORY');
    connection.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (error) {
    if (isBusy(error)) return false;
    throw error;
  }
}

function removeLeftovers(journal: string): string[] {
  const found = leftovers(journal).filter((file) => existsSync(file));
  for (const file of found) rmSync(file, { force: true });
  return found;
}

/**
 * A held conversion lock; `release` ends it. The empty lock file stays beside the journal: removed, a process that
 * opened it just before would lock a file nobody else sees, and two processes could both believe they hold the lock.
 */
export interface ConversionLock {
  release(): void;
}

/**
 * For npm run encrypt / decrypt: takes the lock (waiting `waitMs` for an opener that holds it for a moment) and removes
 * what a killed conversion left. Returns null when another conversion holds it.
 */
export function takeConversionLock(journal: string, waitMs = 5000): ConversionLock | null {
  const connection = openLockFile(journal, true)!;
  if (!tryExclusive(connection, waitMs)) {
    connection.close();
    return null;
  }
  removeLeftovers(journal);
  return {
    release: () => {
      connection.exec('ROLLBACK');
      connection.close();
    },
  };
}

export interface WaitOptions {
  /** Told once when a conversion is under way and the opener starts waiting. */
  warn?: (line: string) => void;
  waitMs?: number;
}

/**
 * For every opener, before it opens the journal: returns at once when no conversion holds the lock (after removing
 * what a killed one left); otherwise says so and waits for it to end. A conversion still running after `waitMs` is a
 * DatabaseFileError: the journal was not opened, nothing was changed.
 */
export function waitForConversion(journal: string, options: WaitOptions = {}): void {
  if (journal === ':memory:') return;
  const connection = openLockFile(journal, false);
  if (connection === null) return;
  try {
    if (!tryExclusive(connection, 0)) {
      const waitMs = options.waitMs ?? CONVERSION_WAIT_MS;
      const where = path.resolve(journal);
      (options.warn ?? ((line: string) => process.stderr.write(`${line}\n`)))(
        `${where} is being encrypted or decrypted by another process (npm run encrypt or decrypt); waiting for it to finish…`,
      );
      if (!tryExclusive(connection, waitMs)) {
        throw new DatabaseFileError(
          `${where} was still being encrypted or decrypted by another process after ${Math.round(waitMs / 60_000)} minutes; nothing was changed. Run this again when npm run encrypt or decrypt has finished.`,
        );
      }
    }
    removeLeftovers(journal);
    connection.exec('ROLLBACK');
  } finally {
    connection.close();
  }
}

/** True when a conversion holds the lock right now (checked without waiting, after an opener's connection is open). */
export function conversionUnderWay(journal: string): boolean {
  if (journal === ':memory:') return false;
  const connection = openLockFile(journal, false);
  if (connection === null) return false;
  try {
    // A read needs a shared lock, which only a held exclusive one refuses.
    connection.pragma('busy_timeout = 0');
    connection.prepare('SELECT count(*) FROM sqlite_schema').get();
    return false;
  } catch (error) {
    if (isBusy(error)) return true;
    throw error;
  } finally {
    connection.close();
  }
}
