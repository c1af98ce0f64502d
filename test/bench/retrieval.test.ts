// The retrieval benchmark on a tiny journal: the question set's answers are the planted entries, recall@k, hit@k and
// MRR are computed right on known rankings, the old-search baseline keeps the old rules, and the report has its shape.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { JournalCache } from '../../scripts/bench/journal-db.ts';
import { parseBenchArgs } from '../../scripts/bench/options.ts';
import { retrievalAims, retrievalSection } from '../../scripts/bench/report-retrieval.ts';
import { baselineSearch, baselineTokens, type BaselineEntry } from '../../scripts/bench/retrieval-baseline.ts';
import { LANGUAGE_SETS, RETRIEVAL_OWNER_ID } from '../../scripts/bench/retrieval-journal.ts';
import { measureSearchSpeed } from '../../scripts/bench/retrieval-speed.ts';
import {
  KS,
  rankThroughMethod,
  runRetrievalForJournal,
  scoreCases,
  type RetrievalResult,
} from '../../scripts/bench/retrieval.ts';

let dir: string;
let file: string;
let result: RetrievalResult;
const ENTRIES = 400;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bench-retrieval-'));
  file = path.join(dir, 'retrieval.sqlite');
  result = await runRetrievalForJournal(file, ENTRIES);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('retrieval scores', () => {
  it('computes recall@k over answer entries, hit@k over questions and MRR on known rankings', () => {
    const s = scoreCases([
      { answers: [1, 2], ranked: [9, 1, 8, 7, 6, 2] }, // answers at ranks 2 and 6
      { answers: [3], ranked: [] }, // nothing found
      { answers: [4], ranked: [4] }, // first
    ]);
    expect(s.questions).toBe(3);
    expect(s.answers).toBe(4);
    expect(s.recallAt[1]).toBeCloseTo(1 / 4);
    expect(s.recallAt[5]).toBeCloseTo(2 / 4);
    expect(s.recallAt[10]).toBeCloseTo(3 / 4);
    expect(s.hitAt[1]).toBeCloseTo(1 / 3);
    expect(s.hitAt[5]).toBeCloseTo(2 / 3);
    expect(s.mrr).toBeCloseTo((1 / 2 + 0 + 1) / 3);
    // An answer past 50 counts for nothing.
    const late = scoreCases([{ answers: [5], ranked: [...Array.from({ length: 50 }, (_, i) => 100 + i), 5] }]);
    expect(late.recallAt[50]).toBe(0);
    expect(late.mrr).toBe(0);
  });

  it('keeps the old search rules in the baseline: every word required, oldest first, a lone "?" refused', () => {
    expect(baselineTokens("Quand m'a-t-on arraché la dent ?")).toEqual([
      'quand',
      'm',
      'a',
      't',
      'on',
      'arrache',
      'la',
      'dent',
    ]);
    expect(baselineTokens('今天在河边散步')).toEqual(['今天在河边散步']);
    const entries: BaselineEntry[] = [
      { id: 1, title: [], content: baselineTokens('A walk by the river') },
      { id: 2, title: [], content: baselineTokens('The rivers, a walk') },
      { id: 3, title: [], content: baselineTokens('Walk. River!') },
    ];
    expect(baselineSearch(entries, 'walk river', 50)).toEqual([1, 3]);
    expect(baselineSearch(entries, 'walk river?', 50)).toEqual([1, 3]);
    expect(baselineSearch(entries, 'walk river ?', 50)).toEqual([]);
    expect(baselineSearch(entries, 'walk', 2)).toEqual([1, 2]);
  });
});

describe('retrieval benchmark (smoke, tiny journal)', () => {
  it('asks every question two ways, with answers that are the planted entries', () => {
    const questions = LANGUAGE_SETS.flatMap((s) => s.facts.flatMap((f) => f.questions));
    expect(result.cases).toHaveLength(questions.length * 2);
    expect(new Set(result.cases.map((c) => c.lang))).toEqual(new Set(LANGUAGE_SETS.map((s) => s.lang)));
    const raw = new SQLite(file, { readonly: true });
    try {
      const content = raw.prepare('SELECT content FROM entry WHERE id = ? AND owner_id = ?');
      const planted = new Set(LANGUAGE_SETS.flatMap((s) => s.facts.flatMap((f) => f.entries)));
      for (const c of result.cases) {
        expect(c.answers.length).toBeGreaterThan(0);
        for (const id of c.answers)
          expect(planted.has((content.get(id, RETRIEVAL_OWNER_ID) as { content: string }).content)).toBe(true);
      }
    } finally {
      raw.close();
    }
  });

  it('finds a planted entry by its one rare word at rank 1 through the real runtime', async () => {
    const db = openDatabase(file);
    try {
      const ops = createJournalOperations(db, RETRIEVAL_OWNER_ID, { timeZone: 'UTC' });
      const { ids } = await rankThroughMethod(ops, 'khachapuri');
      const answers = result.cases.find((c) => c.query === 'Ana restaurant tried')!.answers;
      expect(scoreCases([{ answers, ranked: ids }]).recallAt[1]).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('reports recall that never falls as k grows, per style and language, with its aims', () => {
    const s = scoreCases(result.cases.map((c) => ({ answers: c.answers, ranked: c.method })));
    for (let i = 1; i < KS.length; i++) expect(s.recallAt[KS[i]!]!).toBeGreaterThanOrEqual(s.recallAt[KS[i - 1]!]!);
    for (const c of result.cases) {
      expect(c.method.length).toBeLessThanOrEqual(50);
      expect(c.baseline.length).toBeLessThanOrEqual(50);
    }
    // Ten results' tokens: ten entries at ten places of the journal, each page counted.
    expect(result.journalPages).toHaveLength(10);
    for (const t of result.journalPages) expect(t).toBeGreaterThan(0);
    for (const c of result.cases) expect(c.tenShown).toBeLessThanOrEqual(10);
    const section = retrievalSection(result);
    expect(section).toMatch(/^## Finding: recall of search/);
    for (const set of LANGUAGE_SETS) expect(section).toContain(`| ${set.name} |`);
    expect(section).toContain('old search (baseline)');
    expect(section).toContain('A semantic layer');
    const aims = retrievalAims(result);
    expect(aims.map((a) => a.aim)).toEqual([
      expect.stringContaining('as typed: an answer entry among the first 20'),
      expect.stringContaining('as typed: some answer entry among the first 50'),
      expect.stringContaining('content words: an answer entry among the first 20'),
      expect.stringContaining('content words: some answer entry among the first 50'),
      expect.stringContaining('Ten search results cost a model'),
    ]);
    for (const a of aims) expect(typeof a.met).toBe('boolean');
  });

  it('times search + first page by journal size as a ratio to the smallest', async () => {
    const journals = new JournalCache(path.join(dir, 'journals'), false);
    try {
      const speed = await measureSearchSpeed(journals, [300, 600], { minRuns: 2, maxRuns: 3, budgetMs: 5 }, () => {});
      expect(speed.timings.filter((t) => t.size === 600)).toHaveLength(speed.timings.length / 2);
      for (const t of speed.timings) expect(t.ms > 0 && Number.isFinite(t.ratio)).toBe(true);
      const aims = retrievalAims({ ...result, speed });
      expect(aims.at(-1)!.aim).toContain('search + first page at 600 entries within 2×');
    } finally {
      journals.cleanup();
    }
  });

  it('takes the part and its sizes from the command line', () => {
    const o = parseBenchArgs(['retrieval', '--retrieval-size', '2k', '--retrieval-speed-sizes', '10k,1m'], '/tmp/x');
    expect(o.only).toEqual(['retrieval']);
    expect(o.retrievalSize).toBe(2_000);
    expect(o.retrievalSpeedSizes).toEqual([10_000, 1_000_000]);
    expect(o.out).toBeNull();
  });
});
