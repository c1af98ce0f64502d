// Smoke run of the live-capture benchmark: a small burst through the real bot and the Bot API stand-in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptureBench } from '../../scripts/bench/capture.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bench-capture-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('live capture benchmark (smoke)', () => {
  it('stores every message of the burst and measures finite rates for the bot and the raw inserts', async () => {
    const r = await runCaptureBench(dir, 40, 1);
    expect(r.messages).toBe(40);
    for (const rate of [r.botPerSecond, r.storePerSecond, r.rawEachPerSecond, r.rawOneTxPerSecond])
      expect(Number.isFinite(rate) && rate > 0).toBe(true);
  }, 60_000);
});
