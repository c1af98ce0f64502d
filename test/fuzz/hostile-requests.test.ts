// Fuzz: hostile HTTP requests, as raw bytes over real sockets, against each real server started as a real process:
// npm run web, the bot's Mini App port in polling mode (WEB_PORT + MINI_APP_URL), and the bot's webhook server (which
// hands every other path to the web view). Odd targets (`///`, `//%`, `//a:99999`, absolute forms), bad encodings,
// bodies that stop mid-way, huge headers, signed in and not. Each request gets an answer below 500 (or none, when
// the client hung up or sent bytes that are no request); afterwards the process still runs, still answers, and the
// bot still stores a message.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from '@tma.js/init-data-node';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { buildGeneratedJournal, DEMO_JOURNAL } from '../../src/demo/demo-journal.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import {
  freePort,
  PROCESS_TOKEN,
  startBot,
  storedMessageIds,
  waitForStderr,
  waitUntil,
} from '../helpers/bot-process.ts';
import { rawRequest, sendRaw, type RawRequest } from '../helpers/raw-http.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS, startEntryPoint, type RunningProcess } from '../helpers/run-entry-point.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { FUZZ_SEED, FuzzTally, runs } from './fuzz-budget.ts';

const SECRET = 'webhook-secret_0123456789';
const MINI_APP_URL = 'https://journal.example.com/';

/** What one server under fuzz needs: its port, the headers that sign in, and paths that take a POST. */
interface Target {
  name: string;
  port: number;
  signIn: [string, string][];
  postPaths: string[];
}

/** The targets the issue of a crash was found with, and their relatives. */
const ODD_TARGETS = [
  '///',
  '//%',
  '//a:99999',
  '//',
  '/%',
  '/%zz',
  '/%E0%A4%A',
  '/%00',
  '/%C0%AF',
  '//example.com/',
  '///etc/passwd',
  '/..%2F..%2Fetc',
  'http://evil.example/',
  'http://evil.example:99999/x',
  'https://a:b@c/d?e#f',
  'http://[::1/',
  'http:',
  '*',
  'example.com:443',
  'x',
  '/tags/%',
  '/tags/%E0%A4%A',
  '/day/9999-99-99',
  '/day/0000-01-01',
  '/month/0000-01',
  '/month/9999-12',
  '/month/2024-13',
  '/?year=99999',
  '/?year=%',
  '/search?q=%',
  '/search?q=%22',
  '/search?q=a&offset=-1',
  '/search?q=a&offset=1e400',
  '/entry/999999999999999',
  '/entry/99999999999999999999',
  '/onthisday?date=0000-00-00',
  '/login?token=%',
  '/assets/app.css?%',
  '/tg',
  '/tg/',
  '/TG',
];

const headerSets = (t: Target): fc.Arbitrary<[string, string][]> => {
  const host: [string, string] = ['Host', `127.0.0.1:${t.port}`];
  const extra = fc.constantFrom<[string, string][]>(
    [],
    [['Origin', 'null']],
    [['Origin', 'https://evil.example']],
    [['Origin', `http://127.0.0.1:${t.port}`]],
    [['Origin', '%%%']],
    [['Authorization', 'tma ']],
    [['Authorization', 'tma hash=00&auth_date=99999999999&user=%7B%22id%22%3A1%7D']],
    [['Cookie', 'journal_session=%; journal_session']],
    [['X-Huge', 'x'.repeat(20_000)]],
    Array.from({ length: 150 }, (_, i): [string, string] => [`X-Many-${i}`, 'y']),
    [['Transfer-Encoding', 'chunked']],
    [['Content-Length', '-1']],
    [['Host', 'evil.example']],
    [['X-Telegram-Bot-Api-Secret-Token', SECRET]],
  );
  // Mostly with a Host: without one, Node answers 400 before any handler runs.
  const withAHost = fc.integer({ min: 0, max: 3 }).map((n) => n > 0);
  return fc
    .tuple(withAHost, fc.boolean(), extra)
    .map(([withHost, signedIn, more]) => [...(withHost ? [host] : []), ...(signedIn ? t.signIn : []), ...more]);
};

const targets = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_TARGETS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('/', '//', '///', '/day/', '/tags/', '/search?q=', 'http://a/', 'http://a:99999', ''),
        fc.string({ unit: 'binary-ascii', maxLength: 30 }),
      )
      .map(([head, tail]) => head + tail.replace(/[\s]/g, '%20')),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary', maxLength: 20 })
      .map((s) => `/${encodeURIComponent(s).replace(/%[0-9A-F]$/, '%')}`),
  },
);

function hostileRequest(t: Target): fc.Arbitrary<RawRequest> {
  const method = fc.constantFrom('GET', 'GET', 'POST', 'POST', 'HEAD', 'OPTIONS', 'DELETE', 'PUT', 'FOO', 'CONNECT');
  const body = fc.constantFrom<'none' | 'whole' | 'aborted' | 'aborted-long'>(
    'none',
    'whole',
    'aborted',
    'aborted-long',
  );
  const target = fc.oneof({ weight: 3, arbitrary: targets }, { weight: 1, arbitrary: fc.constantFrom(...t.postPaths) });
  return fc.tuple(method, target, headerSets(t), body).map(([m, path, headers, mode]) => {
    if (mode === 'none' || (m !== 'POST' && m !== 'PUT')) return { bytes: rawRequest(m, path, headers) };
    if (mode === 'whole') return { bytes: rawRequest(m, path, headers, '{"update_id":1,"message":{}}') };
    // A body that stops mid-way: declared longer than sent, then the client hangs up.
    return { bytes: rawRequest(m, path, headers, 'q=1&x=', mode === 'aborted' ? 1000 : 50_000_000), abort: true };
  });
}

/** The cases every server gets first: the ones that stopped the process before, each alone. */
function knownCrashers(t: Target): RawRequest[] {
  const host: [string, string] = ['Host', `127.0.0.1:${t.port}`];
  const odd = ['///', '//%', '//a:99999', 'http://evil.example/tags', 'http://evil.example:99999/'].flatMap(
    (target) => [
      { bytes: rawRequest('GET', target, [host]) },
      { bytes: rawRequest('GET', target, [host, ...t.signIn]) },
    ],
  );
  const aborted = t.postPaths.map((p) => ({
    bytes: rawRequest('POST', p, [host, ...t.signIn, ['Origin', `http://127.0.0.1:${t.port}`]], 'abc', 100),
    abort: true,
  }));
  return [...odd, ...aborted, { bytes: rawRequest('GET', '/', [host, ['X-Huge', 'x'.repeat(100_000)]]) }];
}

/** Sends the known crashers and the generated cases; counts any 5xx and any exit as a crash. */
async function fuzz(t: Target, process: RunningProcess, tally: FuzzTally): Promise<void> {
  const statuses = new Map<string, number>();
  const one = async (request: RawRequest) => {
    tally.items += 1;
    const outcome = await sendRaw(t.port, request);
    const key = typeof outcome === 'string' ? outcome : String(outcome.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (typeof outcome !== 'string' && outcome.status >= 500) {
      tally.crashes += 1;
      expect.fail(
        `${t.name} answered ${outcome.status} to ${JSON.stringify(request.bytes.toString('latin1').slice(0, 200))}`,
      );
    }
    if (process.child.exitCode !== null) {
      tally.crashes += 1;
      expect.fail(
        `${t.name} exited after ${JSON.stringify(request.bytes.toString('latin1').slice(0, 200))}:\n${process.stderr()}`,
      );
    }
  };
  for (const request of knownCrashers(t)) {
    tally.cases += 1;
    await one(request);
  }
  // A body that stopped mid-way is a logged event, not an error.
  await waitUntil(
    () => process.stderr().includes('"event":"http.client_gone"'),
    PROCESS_WAIT_MS,
    'the aborted body logged',
  );
  await fc.assert(
    fc.asyncProperty(hostileRequest(t), async (request) => {
      tally.cases += 1;
      await one(request);
    }),
    { numRuns: runs(40), seed: FUZZ_SEED },
  );
  tally.property = `hostile HTTP requests: ${t.name} (${[...statuses]
    .sort()
    .map(([k, n]) => `${k}×${n}`)
    .join(', ')})`;
  // Still running and still answering.
  expect(process.child.exitCode).toBeNull();
  const css = await sendRaw(t.port, { bytes: rawRequest('GET', '/assets/app.css', [['Host', `127.0.0.1:${t.port}`]]) });
  expect(css).toEqual({ status: 200 });
  expect(process.stderr()).not.toContain('"event":"http.failed"');
}

async function stop(running: RunningProcess): Promise<void> {
  if (running.child.exitCode !== null) return;
  running.child.kill('SIGTERM');
  const result = await running.done;
  expect(result.code, running.stderr()).toBe(0);
}

const initData = () => sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, PROCESS_TOKEN, new Date());

describe('fuzz: hostile HTTP requests against the real servers', { timeout: PROCESS_TEST_MS * 2 }, () => {
  it('npm run web lives through them and still answers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fuzz-web-'));
    const file = path.join(dir, 'journal.sqlite');
    const db = openDatabase(file);
    await migrateToLatest(db);
    await buildGeneratedJournal(db, { ownerId: OWNER_ID, ...DEMO_JOURNAL, timeZone: 'UTC' });
    await db.destroy();
    const port = await freePort();
    const web = startEntryPoint('src/cli/web.ts', [], {
      cwd: dir,
      env: { DATABASE_PATH: file, WEB_PORT: String(port) },
    });
    const tally = new FuzzTally('hostile HTTP requests: npm run web');
    try {
      await waitUntil(
        () => /login\?token=/.test(web.stdout()) || web.child.exitCode !== null,
        PROCESS_WAIT_MS,
        'the login link',
      );
      const link = /\/login\?token=[\w-]+/.exec(web.stdout())?.[0];
      expect(link, web.stderr()).toBeDefined();
      const signIn = await fetch(`http://127.0.0.1:${port}${link}`, { redirect: 'manual' });
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      // Signed in for real, or the signed-in paths would be fuzzed signed out.
      expect(cookie).toMatch(/=./);
      expect((await fetch(`http://127.0.0.1:${port}/tags`, { headers: { cookie } })).status).toBe(200);
      await tally.run(() =>
        fuzz(
          { name: 'npm run web', port, signIn: [['Cookie', cookie]], postPaths: ['/entry/1/forget', '/logout'] },
          web,
          tally,
        ),
      );
      // The session still works (unless a fuzzed sign-out with our own Origin ended it: then it is a 401, not a fault).
      expect([200, 401]).toContain((await fetch(`http://127.0.0.1:${port}/tags`, { headers: { cookie } })).status);
    } finally {
      await stop(web);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the bot', () => {
    const harness = botApiPerTest('fuzz-bot-');

    it('in polling mode, its Mini App port lives through them, and it still stores a message', async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const port = await freePort();
      const bot = startBot({
        cwd: harness.dir,
        dbPath,
        apiRoot: harness.api.url,
        env: { MINI_APP_URL, WEB_PORT: String(port) },
      });
      const tally = new FuzzTally('hostile HTTP requests: Mini App port (polling)');
      try {
        await waitForStderr(bot, '"event":"bot.started"');
        await tally.run(() =>
          fuzz(
            {
              name: 'the Mini App port',
              port,
              signIn: [['Authorization', `tma ${initData()}`]],
              postPaths: ['/entry/1/forget', '/logout'],
            },
            bot,
            tally,
          ),
        );
        harness.api.queueUpdate(textUpdate('written after the fuzz', { messageId: 7001 }));
        await waitUntil(
          async () => (await storedMessageIds(dbPath)).includes(7001),
          PROCESS_WAIT_MS,
          'the message after the fuzz',
        );
      } finally {
        await stop(bot);
      }
    });

    it('in webhook mode, its server lives through them, and it still stores a message', async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const port = await freePort();
      const env = {
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        PORT: String(port),
        MINI_APP_URL,
      };
      const bot = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
      const tally = new FuzzTally('hostile HTTP requests: webhook server');
      try {
        await waitForStderr(bot, '"event":"bot.started"');
        const signIn: [string, string][] = [
          ['Authorization', `tma ${initData()}`],
          ['X-Telegram-Bot-Api-Secret-Token', SECRET],
        ];
        await tally.run(() =>
          fuzz({ name: 'the webhook server', port, signIn, postPaths: ['/tg', '/entry/1/forget'] }, bot, tally),
        );
        const update = { update_id: 900_001, ...textUpdate('posted after the fuzz', { messageId: 7002 }) };
        const posted = await fetch(`http://127.0.0.1:${port}/tg`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
          body: JSON.stringify(update),
        });
        expect(posted.status).toBe(200);
        await waitUntil(
          async () => (await storedMessageIds(dbPath)).includes(7002),
          PROCESS_WAIT_MS,
          'the message after the fuzz',
        );
      } finally {
        await stop(bot);
      }
    });
  });
});
