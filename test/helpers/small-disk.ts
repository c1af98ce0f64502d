// A real full disk for fault tests: a small tmpfs (2 MB unless told) mounted in the test's folder (root only; the test
// skips, saying why, elsewhere), filled until `room` bytes are left, freed, and unmounted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'vitest';

export interface SmallDisk {
  /** The mount point: put the journal here. */
  dir: string;
  /** Fills the disk until `room` bytes are left. */
  fillLeaving(room: number): void;
  /** Removes the filler: the disk has room again. */
  free(): void;
  unmount(): void;
}

export function mountSmallDisk(parent: string, ctx: TestContext, megabytes = 2): SmallDisk {
  const dir = path.join(parent, 'small-disk');
  mkdirSync(dir);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0)
    ctx.skip(
      `mount -t tmpfs is not permitted here (${(mounted.stderr || mounted.error?.message || '').trim()}); run as root`,
    );
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fillLeaving(room) {
      const s = statfsSync(dir);
      writeFileSync(filler, Buffer.alloc(Math.max(0, s.bavail * s.bsize - room)));
    },
    free: () => rmSync(filler),
    unmount: () => void spawnSync('umount', [dir]),
  };
}
