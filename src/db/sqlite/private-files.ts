/**
 * A journal is private: folders created for it are 0700 and a new database file is 0600 (SQLite gives its -wal and
 * -shm files the database file's mode). A file that already exists with looser modes is reported, not changed:
 * its owner may have reasons, and a silent chmod would hide the problem.
 */
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';

/** The line printed for a journal file other users can read or write. */
export function looseModeWarning(file: string, mode: number): string {
  return `Warning: ${file} is readable by other users of this machine (mode ${(mode & 0o777).toString(8).padStart(3, '0')}); to make it private: chmod 600 ${file}`;
}

/** Creates missing folders (0700) and the database file (0600). */
export function createPrivateFile(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
}

/** One warning line per journal file (the database, its -wal and -shm) that other users can open. */
export function looseModeWarnings(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`].flatMap((f) => {
    const mode = statSync(f, { throwIfNoEntry: false })?.mode;
    return mode !== undefined && (mode & 0o077) !== 0 ? [looseModeWarning(f, mode)] : [];
  });
}
