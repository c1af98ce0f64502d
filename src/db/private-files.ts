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

/** Creates missing folders (0700) and the database file (0600) unless told not to; warns once per existing file open to others. */
export function preparePrivateFile(file: string, warn: (line: string) => void, options: { create?: boolean } = {}): void {
  if (options.create !== false) {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    const mode = statSync(f, { throwIfNoEntry: false })?.mode;
    if (mode !== undefined && (mode & 0o077) !== 0) warn(looseModeWarning(f, mode));
  }
}
