/**
 * Temp folders that hold a journal's bytes in plain (an export being zipped, a Day One zip's media being unpacked) are
 * removed when their work ends; a crash in between leaves them behind. Sweeping the stale ones before the next such
 * work removes those: only folders whose name starts with the exact prefix, owned by this process's user, and
 * untouched for longer than the work could take, so a folder another run is still using is kept.
 */
import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { HOUR_MS } from './dates/durations.ts';

export interface StaleTempSweep {
  /** The folder the temp folders are made in (os.tmpdir()). */
  dir: string;
  /** Their name's fixed start, as given to mkdtemp: `journal-export-`. */
  prefix: string;
  /** A folder modified longer ago than this is stale. */
  olderThanMs: number;
  /**
   * Now on the file system's clock: folder times are the operating system's, so their age is measured against it
   * (the journal's clock may be another in tests).
   */
  now: Date;
}

/** An hour: longer than any export or import keeps its temp folder. */
export const STALE_TEMP_FOLDER_MS = HOUR_MS;

/** Removes the stale temp folders and returns their paths; a folder that cannot be read or removed is left alone. */
export async function sweepStaleTempFolders(sweep: StaleTempSweep): Promise<string[]> {
  if (sweep.prefix.length === 0 || sweep.prefix.includes('/') || sweep.prefix.includes(path.sep)) {
    throw new Error(`a temp folder prefix must be a non-empty name without a path separator (got "${sweep.prefix}")`);
  }
  const names = await readdir(sweep.dir).catch(() => [] as string[]);
  const uid = process.getuid?.();
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(sweep.prefix) || name.length === sweep.prefix.length) continue;
    const folder = path.join(sweep.dir, name);
    const info = await lstat(folder).catch(() => null);
    // lstat: a symbolic link named like one is not followed, nor removed.
    if (info === null || !info.isDirectory()) continue;
    if (uid !== undefined && info.uid !== uid) continue;
    if (sweep.now.getTime() - info.mtimeMs <= sweep.olderThanMs) continue;
    try {
      await rm(folder, { recursive: true, force: true });
      removed.push(folder);
    } catch {
      // Another process removed or holds it: the next sweep tries again.
    }
  }
  return removed;
}
