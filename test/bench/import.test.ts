// Smoke run of the import benchmark: a tiny generated export through `npm run import`, against the raw insert.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importSection } from '../../scripts/bench/import-report.ts';
import { runImportBench } from '../../scripts/bench/import-speed.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import benchmark (smoke)', () => {
  it('imports every generated message and measures finite rates, a ratio and a peak RSS', async () => {
    const [size] = await runImportBench(REPO_ROOT, dir, [2_000], 1, false);
    expect(size!.entries).toBe(2_000);
    for (const rate of [
      size!.importPerSecond,
      size!.importerPerSecond,
      size!.rawPerSecond,
      size!.rawMultiPerSecond,
      size!.rawBestPerSecond,
      size!.readParsePerSecond,
      size!.writePathPerSecond,
    ])
      expect(Number.isFinite(rate) && rate > 0).toBe(true);
    expect(size!.peakRssBytes).toBeGreaterThan(10 * 2 ** 20);
    expect(size!.startSeconds).toBeGreaterThan(0);
    // The section says, for each size, whether the aim is met or what bounds it.
    expect(importSection([size!], 1)).toMatch(
      /^At 2,000 (the aim is met|the process start bounds it|the start takes)/m,
    );
  }, 60_000);
});
