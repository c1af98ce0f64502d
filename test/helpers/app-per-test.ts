// For suites that drive the whole app at one fixed time: a fresh app (createTestApp) before each test, closed after,
// with what those suites read back: the bot's replies and the owner's object operations at that time.
import { afterEach, beforeEach } from 'vitest';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { OWNER_ID } from './updates.ts';

export interface AppPerTest {
  /** This test's app: reads go to the one built before the current test. */
  readonly t: TestApp;
  /** The text of every sendMessage so far, in order. */
  replies(): string[];
  /** The owner's object operations on this test's journal, in UTC at the fixed time. */
  ops(): ReturnType<typeof createJournalOperations>;
}

/** Registers the hooks; use `t`, `replies` and `ops` inside a test (the app is built before each one). */
export function appPerTest(now: Date): AppPerTest {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await createTestApp({}, () => now);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const app = (): TestApp => {
    if (!current) throw new Error('appPerTest: the app exists only inside a test');
    return current;
  };
  // Forwards to this test's app, so a suite reads `t.send(…)` as it would with its own variable.
  const t = new Proxy({} as TestApp, { get: (_, key) => Reflect.get(app(), key) });
  return {
    t,
    replies: () =>
      app()
        .api.callsTo('sendMessage')
        .map((c) => String(c.payload.text)),
    ops: () => createJournalOperations(app().temp.db, OWNER_ID, { timeZone: 'UTC', clock: () => now }),
  };
}
