// Smoke run of the methods benchmark on a small journal: every method answers as the hand-written SQL does,
// ratios are finite, and month-view statements stay on a date range.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalCache } from '../../scripts/bench/journal-db.ts';
import { accessOf, runMethodsBench, type MethodsResult } from '../../scripts/bench/methods.ts';

let dir: string;
let journals: JournalCache;
let result: MethodsResult;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bench-methods-'));
  journals = new JournalCache(dir, false);
  result = await runMethodsBench(await journals.file(2_000), 2_000, { minRuns: 2, maxRuns: 3, budgetMs: 5 });
}, 60_000);

afterAll(() => {
  journals.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('methods benchmark (smoke)', () => {
  it('times all seven methods on the root, a month view and a search view', () => {
    expect(result.timings).toHaveLength(21);
    expect(new Set(result.timings.map((t) => t.view))).toEqual(new Set(['root', 'month', 'search']));
  });

  it('gets the same answer from each method as from the hand-written SQL', () => {
    expect(result.timings.filter((t) => !t.agrees).map((t) => `${t.view}.${t.method}`)).toEqual([]);
  });

  it('times the mood methods on the root and the month view, with the same answers as the hand-written SQL', () => {
    expect(result.moodDays).toBeGreaterThan(0);
    expect(result.moodTimings.map((t) => `${t.view}.${t.method}`)).toEqual([
      'root.getMoodByDay',
      'root.getAverageMood',
      'root.getMoodByTag',
      'month.getMoodByDay',
      'month.getAverageMood',
      'month.getMoodByTag',
    ]);
    expect(result.moodTimings.filter((t) => !t.agrees).map((t) => `${t.view}.${t.method}`)).toEqual([]);
    // The month's mood methods never read the whole journal.
    for (const t of result.moodTimings.filter((m) => m.view === 'month')) expect(t.fullScan).toBe(false);
  });

  it('reports finite positive medians and ratios', () => {
    for (const t of result.timings) {
      expect(t.methodMs).toBeGreaterThan(0);
      expect(t.sqlMs).toBeGreaterThan(0);
      expect(Number.isFinite(t.ratio) && t.ratio > 0).toBe(true);
    }
  });

  it('reads a month view through a local_day range, never a full scan', () => {
    for (const t of result.timings.filter((x) => x.view === 'month')) {
      expect(t.plan.length).toBeGreaterThan(0);
      expect(t.access).toMatch(/^(date range|one day)/);
      expect(t.fullScan).toBe(false);
    }
  });

  it('classifies plan lines by how they reach the entries', () => {
    expect(accessOf(['SCAN entry'])).toBe('full scan');
    expect(
      accessOf(['SEARCH entry USING COVERING INDEX entry_owner_day (owner_id=? AND local_day>? AND local_day<?)']),
    ).toBe('date range');
    expect(
      accessOf(['SEARCH entry USING INDEX entry_owner_day (owner_id=?)', 'SCAN entry_fts VIRTUAL TABLE INDEX 0:M2']),
    ).toBe("all owner's index entries + FTS match");
  });
});
