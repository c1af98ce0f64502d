// The real bot process (`src/main.ts`) under the faults a self-hosted bot meets, against the Bot API stand-in: the
// journal held by another process (BEGIN EXCLUSIVE), a full disk (a 3 MB tmpfs), and the order of fsyncs and
// confirmations seen by strace. Every message is stored exactly once, the user gets at most a notice or two.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETRY_NOTICE } from '../../src/telegram/intake/update-inbox.ts';
import { APOLOGY_TEXT } from '../../src/telegram/error-handler.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { mountSmallDisk } from '../helpers/small-disk.ts';
import { startBot, storedMessageIds, waitForStderr, waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS, REPO_ROOT } from '../helpers/run-entry-point.ts';
import { textUpdate } from '../helpers/updates.ts';

/** The issue asks for 30 s; the suite holds the lock 8 s by default (the same path: several failed tries, back-off). */
const HOLD_SECONDS = Number(process.env.INBOX_LOCK_HOLD_SECONDS ?? 8);

const harness = botApiPerTest('journal-inbox-faults-');

const texts = (method: string) => harness.api.callsTo(method).map((c) => String(c.payload.text));
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

async function inboxRows(dbPath: string): Promise<number> {
  if (!existsSync(dbPath)) return 0;
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(dbPath);
  } catch {
    return 0; // the bot has created the file but not written its first page yet
  }
  try {
    return Number(
      (
        await db
          .selectFrom('update_inbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  } catch {
    return 0; // not migrated yet
  } finally {
    await db.destroy();
  }
}

/** Another process that takes the journal's write lock with BEGIN EXCLUSIVE and holds it for `seconds`. */
async function holdTheJournal(dbPath: string, seconds: number): Promise<Promise<void>> {
  const code = `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(dbPath)}); d.exec('BEGIN EXCLUSIVE');
    process.stdout.write('held\\n'); setTimeout(() => { d.exec('COMMIT'); d.close(); }, ${seconds * 1000});`;
  const holder = spawn(process.execPath, ['-e', code], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', (d) => String(d).includes('held') && resolve());
    holder.on('exit', (c) => reject(new Error(`the lock holder exited (${c}) before taking the lock`)));
  });
  return new Promise<void>((resolve) => holder.on('exit', () => resolve()));
}

describe('the real bot under faults', () => {
  it(
    `the journal held by another process for ${HOLD_SECONDS} s while 50 stored updates are handled: 50 of 50 stored, at most one notice`,
    async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      for (const i of range(50)) harness.api.queueUpdate(textUpdate(`held message ${i}`, { messageId: i }));
      harness.api.slow('setMessageReaction', 100); // handling the 50 takes seconds: the lock comes in the middle
      const bot = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url });
      try {
        await waitUntil(
          async () => (await inboxRows(dbPath)) === 50 && harness.api.callsTo('setMessageReaction').length >= 1,
          PROCESS_WAIT_MS,
          '50 stored updates, handling begun',
        );
        const released = await holdTheJournal(dbPath, HOLD_SECONDS);
        expect(harness.api.callsTo('setMessageReaction').length).toBeLessThan(50); // the lock came mid-way
        await released;
        await waitUntil(async () => (await storedMessageIds(dbPath)).length === 50, PROCESS_WAIT_MS, '50 entries');
        await harness.api.waitFor(
          (calls) => calls.filter((c) => c.method === 'setMessageReaction').length >= 50,
          PROCESS_WAIT_MS,
        );
      } finally {
        bot.child.kill('SIGTERM');
      }
      const result = await bot.done;
      expect(result.code).toBe(0);
      expect(await storedMessageIds(dbPath)).toEqual(range(50));
      expect(texts('sendMessage').filter((t) => t === RETRY_NOTICE).length).toBeLessThanOrEqual(1);
      expect(texts('sendMessage').filter((t) => t === APOLOGY_TEXT)).toEqual([]);
      expect(result.stderr).toMatch(/"cause":"locked"/); // the lock was met, and named
    },
    PROCESS_TEST_MS,
  );

  it(
    'a 3 MB filesystem fills up under 80 messages of 4 KB: a handful of notices, the log names the full disk, 80 of 80 stored once space is freed',
    async (ctx) => {
      // 3 MB, no longer 2: an entry now also stores its words in index form (entry.search_text, about as long as its
      // text), so 80 entries of 4 KB make a 1.2 MB file beside a -wal of up to 1.1 MB (journal_size_limit): 2.3 MB at
      // the peak, past a 2 MB disk even once the filler is gone. The disk still fills during the burst (fillLeaving).
      const disk = mountSmallDisk(harness.dir, ctx, 3);
      const dbPath = path.join(disk.dir, 'journal.sqlite');
      const bot = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url });
      try {
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'getUpdates'), PROCESS_WAIT_MS); // migrated, polling
        disk.fillLeaving(160 * 1024); // room for a part of the burst only
        for (const i of range(80))
          harness.api.queueUpdate(textUpdate(`${i} ${'four kilobytes of diary. '.repeat(160)}`, { messageId: i }));
        await waitForStderr(bot, /disk full/, PROCESS_WAIT_MS);
        await new Promise((r) => setTimeout(r, 3000)); // the disk stays full a while: tries go on, notices must not
        expect((await storedMessageIds(dbPath)).length).toBeLessThan(80);
        disk.free();
        await waitUntil(async () => (await storedMessageIds(dbPath)).length === 80, PROCESS_WAIT_MS, '80 entries');
      } finally {
        bot.child.kill('SIGTERM');
        await bot.done;
        disk.unmount();
      }
      const result = await bot.done;
      expect(result.stderr).toMatch(/disk full/);
      expect(result.stderr).not.toContain('no transaction is active');
      const notices = texts('sendMessage');
      expect(notices.filter((t) => t === APOLOGY_TEXT)).toEqual([]);
      expect(notices.length).toBeLessThanOrEqual(5);
      expect(notices.every((t) => t === RETRY_NOTICE)).toBe(true);
      // Checked from the test's own copy of the count, the file being gone with the tmpfs.
      expect(
        harness.api
          .callsTo('setMessageReaction')
          .map((c) => Number(c.payload.message_id))
          .sort((a, b) => a - b),
      ).toEqual(range(80));
    },
    PROCESS_TEST_MS,
  );

  it(
    'strace of a polling burst: the journal’s WAL is fsynced between each inbox write and the getUpdates that confirms it',
    async (ctx) => {
      const strace = spawnSync('strace', ['-V'], { encoding: 'utf8' });
      if (strace.status !== 0) ctx.skip('strace is not installed (apt-get install strace)');
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const trace = path.join(harness.dir, 'trace.txt');
      const wrapper = [
        'strace',
        '-f',
        '--seccomp-bpf',
        '-y',
        '-s',
        '5000',
        '-o',
        trace,
        '-e',
        'trace=pwrite64,pwritev,fsync,fdatasync,write,writev,sendto,sendmsg',
      ];
      const bot = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, wrapper });
      const rounds = 10;
      try {
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'getUpdates'), PROCESS_WAIT_MS);
        for (const i of range(rounds)) {
          harness.api.queueUpdate(textUpdate(`traced ${i}`, { messageId: i }));
          await harness.api.waitFor(
            (calls) => calls.filter((c) => c.method === 'setMessageReaction').length >= i,
            PROCESS_WAIT_MS,
          );
        }
      } finally {
        // strace detaches on SIGTERM and leaves the bot running: the bot itself (strace's child) is stopped.
        const pid = bot.child.pid;
        const children = pid === undefined ? '' : readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
        for (const child of children.trim().split(/\s+/).filter(Boolean)) process.kill(Number(child), 'SIGTERM');
      }
      await bot.done;
      const wal = `${path.basename(dbPath)}-wal`;
      // An inbox write: a -wal frame holding a raw update (handled rows keep none: their payload is zeroed).
      let inboxWriteUnsynced = false;
      let inboxWrites = 0;
      let confirms = 0;
      const violations: string[] = [];
      for (const line of readFileSync(trace, 'utf8').split('\n')) {
        if (/pwrite(64|v)\(\d+<[^>]*-wal>/.test(line) && line.includes(wal)) {
          if (line.includes('\\"update_id\\":') && line.includes('traced ')) {
            inboxWriteUnsynced = true;
            inboxWrites++;
          }
        } else if (/f(data)?sync\(\d+<[^>]*-wal>\)/.test(line) && line.includes(wal)) inboxWriteUnsynced = false;
        else if (/(write|writev|sendto|sendmsg)\(\d+<(TCP|socket)/.test(line) && line.includes('/getUpdates')) {
          confirms++;
          if (inboxWriteUnsynced) violations.push(line.slice(0, 160));
        }
      }
      // The trace saw the inbox writes and the requests (the check below is not vacuous).
      expect(inboxWrites).toBeGreaterThanOrEqual(rounds);
      expect(confirms).toBeGreaterThanOrEqual(rounds);
      expect(violations).toEqual([]);
    },
    PROCESS_TEST_MS,
  );
});
