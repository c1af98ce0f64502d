// The live eval's harness, run against the Messages API stand-in instead of the real API: the stand-in replays the
// benchmark's scripted calls (and a reader that notes planted facts), so every answer must be judged right; the judge
// itself must call a wrong answer wrong; without a key the eval explains itself and exits 0 having asked nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_READER_MODEL, parseConfig } from '../../src/config/config.ts';
import { BENCH_OWNER_ID, JournalCache } from '../../scripts/bench/journal-db.ts';
import { plantFacts } from '../../scripts/bench/planted-facts.ts';
import { buildQuestions } from '../../scripts/bench/questions.ts';
import { fakeReader } from '../../scripts/bench/reading.ts';
import { buildReadingQuestions } from '../../scripts/bench/reading-questions.ts';
import { Results, standInTurns } from '../../scripts/bench/script.ts';
import { findAnchors, openTruthDb } from '../../scripts/bench/truth-db.ts';
import { evalMain, formatRow, formatSummary } from '../../scripts/eval/eval-main.ts';
import { judgeCount, judgeReading } from '../../scripts/eval/judge.ts';
import { evalQuestions, runEval, type EvalRow } from '../../scripts/eval/run-eval.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';

let dir: string;
let journals: JournalCache;
let file: string;
let llm: MessagesApiStandIn;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'eval-'));
  journals = new JournalCache(dir, false);
  file = await journals.file(800);
  llm = await startMessagesApiStandIn();
}, 60_000);

afterAll(async () => {
  await llm.close();
  journals.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** The stand-in plays the benchmark's script of every question, in the order the eval asks them. */
function scriptAll(ids: string[]): void {
  const truth = openTruthDb(file, BENCH_OWNER_ID);
  const anchors = findAnchors(truth);
  truth.close();
  const planted = plantFacts(file, BENCH_OWNER_ID, anchors);
  const steps = new Map(
    [...buildQuestions(anchors), ...buildReadingQuestions(anchors, planted)].map((q) => [q.id, q.steps]),
  );
  for (const id of ids) llm.script(...standInTurns(steps.get(id)!, new Results()));
  llm.serveModel(DEFAULT_READER_MODEL, fakeReader([...planted.worries, ...planted.yearEvents, ...planted.marekSummer]));
}

describe('npm run eval, against the stand-in', () => {
  it('asks every count and reading question through the app wiring and judges each answer right, with calls, peak, tokens and cost', async () => {
    const questions = evalQuestions(file);
    expect(questions.filter((q) => q.kind === 'count').length).toBeGreaterThanOrEqual(9);
    expect(questions.filter((q) => q.kind === 'reading').map((q) => q.id)).toEqual([
      'month-worries',
      'year-summary',
      'person-over-season',
    ]);
    scriptAll(questions.map((q) => q.id));
    const config = parseConfig({ ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: llm.url, JOURNAL_TIMEZONE: 'UTC' });
    const seen: EvalRow[] = [];
    const rows = await runEval(config, file, questions, (r) => seen.push(r));

    expect(seen).toEqual(rows);
    expect(
      rows.filter((r) => !r.verdict.right).map((r) => ({ id: r.id, answer: r.answer, missing: r.verdict.missing })),
    ).toEqual([]);
    for (const r of rows) {
      expect(r.peak).toBeGreaterThan(0);
      expect(r.mainTokens).toBeGreaterThan(r.peak - 1);
      expect(r.cost).toBeGreaterThan(0);
    }
    for (const r of rows.filter((x) => x.kind === 'reading')) expect(r.readerTokens).toBeGreaterThan(0);
    expect(formatSummary(rows)).toMatch(
      new RegExp(`^${rows.length} of ${rows.length} right; [\\d,]+ tokens; cost \\$\\d+\\.\\d{4}\\.$`),
    );
    expect(formatRow(rows[0]!)).toMatch(
      /^RIGHT {2}days-in-month +calls {2}2 {2}peak +[\d,]+ {2}tokens +[\d,]+ \(reader 0\) {2}\$\d/,
    );
  });

  it('a wrong or partial answer is judged wrong, naming what is missing', () => {
    expect(judgeCount('You wrote on 12 days in April.', 13)).toEqual({ right: false, missing: ['13'] });
    expect(judgeCount('1,234 entries in 2019.', 1234).right).toBe(true);
    expect(judgeCount('213 entries.', 13).right).toBe(false);
    expect(judgeCount('Your busiest month was July.', '2019-07').right).toBe(true);
    const facts = [
      { id: 1, day: '2019-04-05', text: 'roof', keywords: ['roof'] },
      { id: 2, day: '2019-04-14', text: 'visa', keywords: ['visa'] },
    ];
    expect(judgeReading('You worried about the roof.', facts)).toEqual({ right: false, missing: ['2019-04-14 visa'] });
  });

  it('without ANTHROPIC_API_KEY it says what it would do and exits 0, asking nothing', async () => {
    const lines: string[] = [];
    const before = llm.requests.length;
    const code = await evalMain([], {}, dir, (l) => lines.push(l));
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(
      /^ANTHROPIC_API_KEY is not set, so nothing was asked\. With a key, npm run eval would:/,
    );
    expect(lines.join('\n')).toContain('claude-sonnet-5-5 for the conversation and claude-haiku-5-5 as the reader');
    expect(llm.requests.length).toBe(before);
  });
});
