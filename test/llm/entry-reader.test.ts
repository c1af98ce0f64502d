// The reader behind ask, on the real SDK against the Messages API stand-in: parts under the token bound, each entry read
// exactly once, at most `concurrency` calls in flight, notes merged until one answer; a failed part fails the whole read.
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunkEntries, createEntryReader } from '../../src/llm/entry-reader.ts';
import { entryTag } from '../../src/llm/reader-prompt.ts';
import { estimateTokens } from '../../src/llm/receipt.ts';
import {
  overloaded,
  startMessagesApiStandIn,
  type MessagesApiStandIn,
  type RecordedRequest,
} from '../stand-ins/messages-api.ts';

const MODEL = 'claude-haiku-5-5';
const entries = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  date: `2024-04-${String(1 + Math.floor(i / 2)).padStart(2, '0')}`,
  time: i % 2 ? '20:00' : '08:00',
  content: `Entry ${i + 1}: ${'worried about the move. '.repeat(1 + (i % 5))}`,
}));

let llm: MessagesApiStandIn;
beforeEach(async () => {
  llm = await startMessagesApiStandIn();
});
afterEach(() => llm.close());

const reader = (chunkTokens: number, concurrency = 3) =>
  createEntryReader({
    client: new Anthropic({ apiKey: 'test', baseURL: llm.url, maxRetries: 0 }),
    model: MODEL,
    chunkTokens,
    concurrency,
  });

const text = (r: RecordedRequest): string => r.body.messages[0].content;
const isRead = (r: RecordedRequest) => text(r).includes('<entries');
const idsIn = (r: RecordedRequest) => [...text(r).matchAll(/<entry id="(\d+)"/g)].map((m) => Number(m[1]));

/** Part readers note their first entry id; mergers join what they got; with a delay, so calls overlap. */
function serveNotes(): void {
  llm.serveModel(MODEL, (req) => ({
    delayMs: 20,
    then: isRead(req)
      ? { text: `part from entry ${idsIn(req)[0]}` }
      : { text: [...text(req).matchAll(/part from entry \d+/g)].map((m) => m[0]).join('; ') },
  }));
}

describe('chunkEntries', () => {
  it('keeps entries in order, each once, every part under the bound unless one entry alone is bigger', () => {
    const parts = chunkEntries(entries, 200);
    expect(parts.flat()).toEqual(entries);
    for (const p of parts) {
      const size = p.reduce((s, e) => s + estimateTokens(entryTag(e).length + 1), 0);
      expect(p.length === 1 || size <= 200).toBe(true);
    }
    expect(chunkEntries([entries[4]!], 1)).toEqual([[entries[4]]]);
  });
});

describe('createEntryReader', () => {
  it('one part: one call that answers directly', async () => {
    llm.serveModel(MODEL, () => ({ text: 'You worried about the move (2024-04-01).' }));
    const outcome = await reader(100_000).read('What worried me?', entries);
    expect(outcome).toMatchObject({
      ok: true,
      answer: 'You worried about the move (2024-04-01).',
      spend: { calls: 1 },
    });
    expect(idsIn(llm.requests[0]!)).toEqual(entries.map((e) => e.id));
    expect(llm.requests[0]!.body.system).toMatch(/^You read a person's journal entries/);
  });

  it('many parts: every entry read exactly once, at most 3 calls in flight, notes merged in rounds into one answer', async () => {
    serveNotes();
    const outcome = await reader(150, 3).read('What worried me?', entries);

    const reads = llm.requests.filter(isRead);
    const merges = llm.requests.filter((r) => !isRead(r));
    expect(reads.length).toBeGreaterThan(5);
    expect(reads.flatMap(idsIn).sort((a, b) => a - b)).toEqual(entries.map((e) => e.id));
    for (const r of reads) expect(r.body.system).toMatch(/You read one part/);
    expect(llm.peakInFlight()).toBeLessThanOrEqual(3);
    expect(llm.peakInFlight()).toBeGreaterThan(1);
    // The notes of every part reach the final answer, through more than one round of merging at this small bound.
    expect(merges.length).toBeGreaterThan(1);
    expect(merges.at(-1)!.body.system).toMatch(/Merge the notes into one answer/);
    expect(outcome.ok).toBe(true);
    const firstIds = chunkEntries(entries, 150).map((p) => `part from entry ${p[0]!.id}`);
    expect(outcome.ok && outcome.answer).toBe(firstIds.join('; '));
    expect(outcome.spend.calls).toBe(llm.requests.length);
    expect(outcome.spend.inputTokens).toBe(llm.requests.reduce((s, r) => s + Math.ceil(r.raw.length / 4), 0));
  });

  it('one failing part fails the whole read, says why, stops starting parts and counts the calls made', async () => {
    let n = 0;
    llm.serveModel(MODEL, () => (++n === 2 ? overloaded : { delayMs: 10, then: { text: 'notes' } }));
    const outcome = await reader(150, 2).read('What worried me?', entries);
    expect(outcome).toMatchObject({
      ok: false,
      failure: expect.stringMatching(/^a reader call failed after its retries \(529/),
    });
    expect(outcome.spend.calls).toBe(llm.requests.length);
    expect(llm.requests.length).toBeLessThan(chunkEntries(entries, 150).length);
    expect(llm.requests.some((r) => !isRead(r))).toBe(false); // nothing merged from a partial reading
  });

  it('a part cut at the length limit fails the read instead of answering from a partial part', async () => {
    llm.serveModel(MODEL, () => ({ text: 'You worried', stop: 'max_tokens' }));
    const outcome = await reader(100_000).read('What worried me?', entries);
    expect(outcome).toMatchObject({
      ok: false,
      failure: expect.stringMatching(/cut at its length limit/),
      spend: { calls: 1 },
    });
  });
});
