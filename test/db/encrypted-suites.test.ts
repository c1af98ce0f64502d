// The suites that touch SQLite, again on encrypted journals: with TEST_JOURNAL_KEY set, every temp journal
// (test/helpers/temp-db.ts) and test app (test-app.ts) is encrypted with it, and a few representative suites of the
// store, the journal and capture run here unchanged. The whole run works the same way: TEST_JOURNAL_KEY=… npm test.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDb } from '../helpers/temp-db.ts';

const setHere = !process.env.TEST_JOURNAL_KEY;
if (setHere) process.env.TEST_JOURNAL_KEY = `the test suites' key, with "quotes" and ü`;
afterAll(() => {
  if (setHere) delete process.env.TEST_JOURNAL_KEY;
});

describe('journals of the encrypted suites', () => {
  it('are encrypted: the file does not start with the SQLite header and holds no entry text', async () => {
    const temp = await createTempDb('sqlite');
    try {
      await temp.db.insertInto('journal_setting').values({ key: 'probe', value: 'PLAINTEXT-PROBE' }).execute();
      await temp.reopen();
      expect(readFileSync(temp.file).subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\u0000');
      expect(readFileSync(temp.file).includes('PLAINTEXT-PROBE')).toBe(false);
    } finally {
      await temp.cleanup();
    }
  });
});

// Evaluated after the key is set: their temp journals are encrypted with it. The query makes each a module of its own
// here: the run shares modules between the files of a worker (vitest.config.ts, isolate: false), and a suite file
// already run there on its own would otherwise come back from the module cache without declaring its tests again.
const SUITES = [
  '../journal/journal-operations.test.ts',
  '../journal/tags.test.ts',
  '../journal/entry-batch.test.ts',
  '../db/conversation-store.test.ts',
  '../telegram/capture.test.ts',
];
for (const suite of SUITES) await import(`${suite}?encrypted`);
