// Smoke run of the token benchmark on a small journal: every scripted answer matches SQL, and the numbers are sane.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalCache } from '../../scripts/bench/journal-db.ts';
import { bm25Query } from '../../scripts/bench/paste.ts';
import { countTokens, referenceCountTokens, requestTokens } from '../../scripts/bench/tokenizer.ts';
import { runTokensForJournal, type SizeTokens } from '../../scripts/bench/tokens.ts';
import { renderReport } from '../../scripts/bench/report.ts';
import { machineInfo } from '../../scripts/bench/machine.ts';
import { parseBenchArgs } from '../../scripts/bench/options.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

let dir: string;
let journals: JournalCache;
let small: SizeTokens;
let larger: SizeTokens;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bench-tokens-'));
  journals = new JournalCache(dir, false);
  small = await runTokensForJournal(await journals.file(600), 600);
  larger = await runTokensForJournal(await journals.file(3_000), 3_000);
}, 60_000);

afterAll(() => {
  journals.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('token benchmark (smoke)', () => {
  it('answers every question of the fixed set, at least 12, exactly as SQL does', () => {
    for (const s of [small, larger]) {
      expect(s.questions.length).toBeGreaterThanOrEqual(12);
      expect(
        s.questions
          .filter((q) => !q.correct)
          .map((q) => ({ id: q.id, errors: q.errors, answer: q.answer, truth: q.truth })),
      ).toEqual([]);
    }
  });

  it('counts a peak no larger than the total, and a cached total between the peak share and the total', () => {
    for (const q of small.questions) {
      expect(q.peak).toBeGreaterThan(small.system + small.tools);
      expect(q.total).toBeGreaterThanOrEqual(q.peak);
      expect(q.totalCached).toBeLessThanOrEqual(q.total);
      expect(q.requests).toBe(q.calls === 0 ? 1 : q.requests);
      expect(Number.isFinite(q.total / q.pasteAll) && q.total / q.pasteAll > 0).toBe(true);
    }
  });

  it('prices pasting the whole journal above any single loop, and grows it with the journal', () => {
    expect(small.paste.method).toBe('exact');
    expect(larger.paste.entryTokens).toBeGreaterThan(small.paste.entryTokens * 3);
    for (const q of small.questions) expect(q.pasteAll).toBeGreaterThan(q.peak);
  });

  it('retrieves at most 20 entries by BM25, and says when they cannot hold the answer', () => {
    for (const q of small.questions) expect(q.bm25Retrieved).toBeLessThanOrEqual(20);
    expect(small.questions.find((q) => q.id === 'entries-in-year')!.bm25CanAnswer).toBe(false);
    expect(bm25Query('@journal How often did I mention coffee each month in 2017?')).toBe(
      '"coffee" OR "month" OR "2017"',
    );
  });

  it('plays the same questions through the MCP server: same calls, every answer equal to SQL, sane counts', () => {
    for (const s of [small, larger]) {
      const mcp = s.mcp!;
      expect(mcp.questions.map((q) => [q.id, q.calls])).toEqual(s.questions.map((q) => [q.id, q.calls]));
      expect(mcp.questions.filter((q) => !q.correct).map((q) => ({ id: q.id, errors: q.errors }))).toEqual([]);
      expect(mcp.instructions).toBeGreaterThan(100);
      expect(mcp.tools).toBe(s.tools);
      for (const q of mcp.questions) {
        expect(q.peak).toBeGreaterThan(mcp.instructions + mcp.tools);
        expect(q.total).toBeGreaterThanOrEqual(q.peak);
        expect(q.totalCached).toBeLessThanOrEqual(q.total);
      }
    }
  });

  it('uses the package tokenizer, and counts a request as its system, tools and messages', () => {
    const text = 'Went to the café on the corner for coffee. Felt calm most of the day.';
    expect(countTokens(text)).toBe(referenceCountTokens(text));
    const body = {
      system: [{ type: 'text', text: 'sys' }],
      tools: [{ name: 't', description: 'd', input_schema: {} }],
      messages: [{ content: 'hello there' }],
    };
    const t = requestTokens(body);
    expect(t.total).toBe(t.system + t.tools + t.messages);
    expect(t.messages).toBe(countTokens('hello there'));
  });

  it('renders a report with the aims and the tables', () => {
    const options = parseBenchArgs(['--quick'], dir);
    const md = renderReport({
      machine: machineInfo(REPO_ROOT),
      options,
      command: 'npm run bench -- --quick',
      tokens: [small, larger],
      imports: [],
      seconds: { tokens: 1 },
    });
    expect(md).toContain('## Aims');
    expect(md).toContain('## 1. Tokens per question');
    expect(md).toMatch(/Peak context ≤ 2,000 tokens for count\/range questions at 600 entries .*\| largest [\d,]+/);
    expect(md).toContain('**Through MCP** (`npm run mcp`)');
    expect(md).toMatch(/Through MCP too: peak context ≤ 2,000 tokens .*\| largest [\d,]+/);
    expect(md).not.toMatch(/NaN|undefined/);
  });
});
