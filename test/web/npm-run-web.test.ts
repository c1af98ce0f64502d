// npm run web as a real process on the demo journal: it prints a one-time login link on 127.0.0.1:WEB_PORT; the link
// signs in, the calendar shows April 2024's days; opened again it says it was used; npm run web -- --link, a second
// process, gives a new link the running one takes (no restart); and SIGTERM stops it cleanly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { buildGeneratedJournal, DEMO_JOURNAL } from '../../src/demo/demo-journal.ts';
import { freePort, waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS, startEntryPoint, type RunningProcess } from '../helpers/run-entry-point.ts';

describe('npm run web', () => {
  let dir: string;
  let web: RunningProcess | undefined;

  afterEach(async () => {
    if (web && web.child.exitCode === null) {
      web.child.kill('SIGKILL');
      await web.done;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'prints a login link that signs in, shows April 2024, and stops on SIGTERM',
    { timeout: PROCESS_TEST_MS },
    async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'journal-web-'));
      const file = path.join(dir, 'demo.sqlite');
      const db = openDatabase(file);
      await migrateToLatest(db);
      await buildGeneratedJournal(db, { ownerId: 1000, ...DEMO_JOURNAL, timeZone: 'UTC' });
      await db.destroy();

      const port = await freePort();
      web = startEntryPoint('src/cli/web.ts', [], { cwd: dir, env: { DATABASE_PATH: file, WEB_PORT: String(port) } });
      const running = web;
      await waitUntil(
        () => /login\?token=/.test(running.stdout()) || running.child.exitCode !== null,
        PROCESS_WAIT_MS,
        'the login link',
      );
      const link = new RegExp(`http://127\\.0\\.0\\.1:${port}/login\\?token=[\\w-]+`).exec(web.stdout())?.[0];
      expect(link, web.stderr()).toBeDefined();

      const signIn = await fetch(link!, { redirect: 'manual' });
      expect(signIn.status).toBe(303);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      const calendar = await fetch(`http://127.0.0.1:${port}/?year=2024`, { headers: { cookie } });
      expect(calendar.status).toBe(200);
      const html = await calendar.text();
      expect(html).toMatch(/aria-label="Monday, 1 April 2024: \d+ entries"/);
      const again = await fetch(link!, { redirect: 'manual' });
      expect(again.status).toBe(401);
      const used = await again.text();
      expect(used).toContain('This login link was already used');
      expect(used).toContain('a link preview may have opened it');
      expect(used).toContain('npm run web -- --link');

      // A new link while it runs: a second process writes it into the database they share.
      const linker = startEntryPoint('src/cli/web.ts', ['--link'], {
        cwd: dir,
        env: { DATABASE_PATH: file, WEB_PORT: String(port) },
      });
      expect((await linker.done).code, linker.stderr()).toBe(0);
      const fresh = new RegExp(`http://127\\.0\\.0\\.1:${port}/login\\?token=[\\w-]+`).exec(linker.stdout())?.[0];
      expect(fresh, linker.stdout()).toBeDefined();
      expect(fresh).not.toBe(link);
      const second = await fetch(fresh!, { redirect: 'manual' });
      expect(second.status).toBe(303);
      expect(second.headers.get('set-cookie')).toMatch(/^journal_session=[\w-]+;/);
      expect((await fetch(fresh!, { redirect: 'manual' })).status).toBe(401);

      web.child.kill('SIGTERM');
      const result = await web.done;
      expect(result.code).toBe(0);
    },
  );
});
