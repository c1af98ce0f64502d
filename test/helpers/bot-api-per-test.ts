// For tests of the real bot process: a fresh temp folder and Bot API stand-in for each test, closed and removed after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { startBotApiStandIn, type BotApiStandIn } from '../stand-ins/bot-api.ts';

export interface BotApiHarness {
  /** The test's own folder: the process's cwd and its database's home. */
  readonly dir: string;
  readonly api: BotApiStandIn;
}

/** Registers the hooks; read `dir` and `api` inside a test (they are set before each one). */
export function botApiPerTest(prefix: string): BotApiHarness {
  const harness = {} as { dir: string; api: BotApiStandIn };
  beforeEach(async () => {
    harness.dir = mkdtempSync(path.join(tmpdir(), prefix));
    harness.api = await startBotApiStandIn();
  });
  afterEach(async () => {
    await harness.api.close();
    rmSync(harness.dir, { recursive: true, force: true });
  });
  return harness;
}
