// Temp folders a crash left behind (plain media of an export or an import) are swept: only those named with the exact
// prefix and untouched for longer than the limit; a fresh one (a run still using it) and any other folder stay.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { STALE_TEMP_FOLDER_MS, sweepStaleTempFolders } from '../../src/journal/stale-temp-folders.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'stale-sweep-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const now = new Date();
const twoHoursAgo = new Date(now.getTime() - 2 * STALE_TEMP_FOLDER_MS);

function folder(name: string, modified: Date): string {
  const full = path.join(dir, name);
  mkdirSync(full);
  writeFileSync(path.join(full, 'photo.jpg'), 'bytes');
  utimesSync(full, modified, modified);
  return full;
}

it('removes a stale folder with the prefix and keeps a fresh one, an unrelated one and a link', async () => {
  const stale = folder('journal-export-abc123', twoHoursAgo);
  const fresh = folder('journal-export-def456', now);
  const unrelated = folder('dayone-media-abc', twoHoursAgo);
  const lookalike = folder('journal-exports', twoHoursAgo);
  const target = folder('elsewhere', twoHoursAgo);
  symlinkSync(target, path.join(dir, 'journal-export-link'));
  const removed = await sweepStaleTempFolders({
    dir,
    prefix: 'journal-export-',
    olderThanMs: STALE_TEMP_FOLDER_MS,
    now,
  });
  expect(removed).toEqual([stale]);
  expect(existsSync(stale)).toBe(false);
  for (const kept of [fresh, unrelated, lookalike, target, path.join(dir, 'journal-export-link')])
    expect(existsSync(kept)).toBe(true);
});

it('a missing folder sweeps nothing; a prefix with a path in it is refused', async () => {
  expect(
    await sweepStaleTempFolders({ dir: path.join(dir, 'gone'), prefix: 'journal-export-', olderThanMs: 1, now }),
  ).toEqual([]);
  await expect(sweepStaleTempFolders({ dir, prefix: '../x', olderThanMs: 1, now })).rejects.toThrow(
    /without a path separator/,
  );
  await expect(sweepStaleTempFolders({ dir, prefix: '', olderThanMs: 1, now })).rejects.toThrow(/non-empty/);
});
