// Smoke run of the reading benchmark on small journals: every view is read exactly once by the reader and nothing
// outside it, no entry text reaches the main loop, every planted fact reaches the answer, and the report renders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalCache } from '../../scripts/bench/journal-db.ts';
import { machineInfo } from '../../scripts/bench/machine.ts';
import { parseBenchArgs } from '../../scripts/bench/options.ts';
import { runReadingForJournal, type ReadingSize } from '../../scripts/bench/reading.ts';
import { renderReport } from '../../scripts/bench/report.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

let dir: string;
let journals: JournalCache;
let small: ReadingSize;
let larger: ReadingSize;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bench-reading-'));
  journals = new JournalCache(dir, false);
  small = await runReadingForJournal(await journals.file(600), 600);
  larger = await runReadingForJournal(await journals.file(4_000), 4_000);
}, 120_000);

afterAll(() => {
  journals.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('reading benchmark (smoke)', () => {
  it('reads every entry of each view exactly once, nothing outside it, and states every planted fact', () => {
    for (const s of [small, larger]) {
      expect(s.questions.map((q) => q.id)).toEqual(['month-worries', 'year-summary', 'person-over-season']);
      expect(
        s.questions
          .filter((q) => !q.correct)
          .map((q) => ({
            id: q.id,
            errors: q.errors,
            missing: q.missing,
            outside: q.outside,
            facts: q.factsStated,
            leaked: q.leaked,
          })),
      ).toEqual([]);
      for (const q of s.questions) expect(q.factsPlanted).toBeGreaterThanOrEqual(3);
    }
  });

  it('reads a year of the larger journal in several parts, merged, while the main loop stays as small as at the smaller size', () => {
    const year = larger.questions.find((q) => q.id === 'year-summary')!;
    expect(year.readerCalls).toBeGreaterThan(2);
    for (const q of larger.questions) {
      expect(q.peak).toBeLessThan(3_000);
      expect(q.peak / small.questions.find((s) => s.id === q.id)!.peak).toBeLessThan(1.2);
      expect(q.pasteView).toBeGreaterThan(q.peak);
      expect(q.paging.peak).toBeGreaterThan(q.peak);
    }
    expect(year.paging.fits).toBe(false);
  });

  it('renders section 5 and its aims', () => {
    const options = parseBenchArgs(['--quick', '--only', 'reading'], dir);
    const md = renderReport({
      machine: machineInfo(REPO_ROOT),
      options,
      command: 'npm run bench -- --quick --only reading',
      tokens: [],
      imports: [],
      reading: [small, larger],
      seconds: { reading: 1 },
    });
    expect(md).toContain('## 5. Questions that need reading');
    expect(md).toMatch(
      /Main-loop peak context ≤ 3,000 tokens for reading questions at 600 and 4,000 entries \| largest [\d,]+ \| met/,
    );
    expect(md).toMatch(/\| year-summary \| [\d,]+ \|/);
    expect(md).not.toMatch(/NaN|undefined/);
  });
});
