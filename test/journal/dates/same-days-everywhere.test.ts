// The same instants give the same journal days through every entry point: the bot capturing messages, the importer
// reading unix and zone-less dates, `npm run import`; and "today" is one day for the bot, `npm run journal` and MCP.
// Expected days come from the Intl oracle, in a zone whose midnight DST changes meet JOURNAL_DAY_STARTS_AT.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { importTelegramExport } from '../../../src/importer/telegram-export/import-export.ts';
import type { JournalDb } from '../../../src/db/journal-database.ts';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../../helpers/temp-db.ts';
import { createTestApp } from '../../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../../helpers/updates.ts';
import { journalDayAt, wallAt } from './intl-oracle.ts';

/** Santiago's clocks change at midnight (00:00 → 01:00 in September, 00:00 → 23:00 in April). */
const ZONE = 'America/Santiago';
const DAY_STARTS_AT = '04:00';
const INSTANTS = [
  '2024-09-08T03:30:00Z', // Sep 7, 23:30 (−4)
  '2024-09-08T04:10:00Z', // Sep 8, 01:10 (−3): midnight never came; before 04:00, so Sep 7
  '2024-09-08T06:59:00Z', // 03:59: still Sep 7
  '2024-09-08T07:00:00Z', // 04:00: Sep 8
  '2024-04-07T02:30:00Z', // Apr 6, 23:30 (−3), the first time
  '2024-04-07T03:30:00Z', // Apr 6, 23:30 (−4), again
  '2024-04-07T07:59:00Z', // Apr 7, 03:59: Apr 6
  '2024-02-29T15:00:00Z', // leap day
  '2025-01-01T05:00:00Z', // Jan 1, 02:00: Dec 31 of the year before
].map((iso) => new Date(iso));
const expected = INSTANTS.map((at) => journalDayAt(at.getTime(), ZONE, DAY_STARTS_AT));
const ENV = { JOURNAL_TIMEZONE: ZONE, JOURNAL_DAY_STARTS_AT: DAY_STARTS_AT };

const dir = mkdtempSync(path.join(tmpdir(), 'same-days-'));
const temps: TempDb[] = [];
afterAll(async () => {
  for (const t of temps) await t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const storedDays = async (db: JournalDb) =>
  (await db.selectFrom('entry').select(['message_id', 'local_day', 'local_time']).orderBy('message_id').execute()).map(
    (r) => ({ day: r.local_day, time: r.local_time }),
  );

/** A Saved Messages export of the instants: `date_unixtime` and the zone's wall clock, or the wall clock alone. */
function writeExport(name: string, withUnix: boolean): string {
  const messages = INSTANTS.map((at, i) => {
    const wall = wallAt(at.getTime(), ZONE);
    const seconds = String(at.getTime() / 1000);
    const date = `${wall.day}T${wall.time}:00`;
    return {
      id: i + 1,
      type: 'message',
      date,
      ...(withUnix ? { date_unixtime: seconds } : {}),
      from: 'Owner',
      from_id: `user${OWNER_ID}`,
      text: `entry ${i + 1}`,
    };
  });
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ type: 'saved_messages', id: OWNER_ID, messages }));
  return file;
}

describe('the same journal days from every entry point', { timeout: PROCESS_TEST_MS }, () => {
  it('the bot, the importer (unix and zone-less dates) and npm run import store the oracle’s days', async () => {
    const t = await createTestApp(ENV);
    try {
      for (const [i, at] of INSTANTS.entries())
        await t.send(textUpdate(`entry ${i + 1}`, { messageId: i + 1, date: at.getTime() / 1000 }));
      expect(await storedDays(t.temp.db)).toEqual(expected);
    } finally {
      await t.close();
    }

    for (const withUnix of [true, false]) {
      const temp = await createTempDb();
      temps.push(temp);
      const report = await importTelegramExport(temp.db, writeExport(`export-${withUnix}.json`, withUnix), {
        ownerId: OWNER_ID,
        timeZone: ZONE,
        dayStartsAt: DAY_STARTS_AT,
      });
      expect(report).toMatchObject({ error: null, imported: INSTANTS.length });
      // A zone-less 23:30 that happened twice is read as the first: the same day and time either way.
      expect(await storedDays(temp.db)).toEqual(expected);
    }

    const cli = await createTempDb();
    temps.push(cli);
    await cli.db.destroy();
    const run = await runEntryPoint(
      'src/cli/import.ts',
      [writeExport('export-cli.json', true), '--owner', String(OWNER_ID)],
      {
        cwd: cli.dir,
        env: { ...ENV, DATABASE_PATH: cli.file, ALLOWED_USER_IDS: String(OWNER_ID) },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    await cli.reopen();
    expect(await storedDays(cli.db)).toEqual(expected);
  });

  it('"today" is one day for the bot, npm run journal and MCP: the oracle’s, in a zone 14 hours ahead with a 04:00 start', async () => {
    // Kiritimati (+14) with the day starting at 04:00 has another day than UTC's except from 10:00 to 14:00 UTC, and
    // another than its calendar day from 10:00 to 14:00: a surface that forgets either shows it most of the day.
    const env = { JOURNAL_TIMEZONE: 'Pacific/Kiritimati', JOURNAL_DAY_STARTS_AT: DAY_STARTS_AT };
    const todayNow = () => journalDayAt(Date.now(), env.JOURNAL_TIMEZONE, DAY_STARTS_AT).day;
    /** The month-day a reply or handle names ("04-02 (MM-DD)", "02-28 or 02-29 (MM-DD)"), checked against today before and after asking. */
    const asked = async (ask: () => Promise<string>) => {
      const before = todayNow();
      const text = await ask();
      const after = todayNow();
      const named = /(\d\d-\d\d)(?: or \d\d-\d\d)? \(MM-DD\)/.exec(text)?.[1];
      expect([before.slice(5), after.slice(5)], text).toContain(named);
    };

    const t = await createTestApp(env, () => new Date());
    try {
      await asked(async () => {
        await t.send(textUpdate('/onthisday'));
        return String(t.api.callsTo('sendMessage').at(-1)?.payload.text);
      });
    } finally {
      await t.close();
    }

    const temp = await createTempDb();
    temps.push(temp);
    await temp.db.destroy();
    const processEnv = { ...env, DATABASE_PATH: temp.file, ALLOWED_USER_IDS: String(OWNER_ID) };
    await asked(async () => {
      const run = await runEntryPoint(
        'src/cli/journal.ts',
        ['invoke', 'journal', 'onThisDay', '--owner', String(OWNER_ID)],
        { cwd: temp.dir, env: processEnv },
      );
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    });

    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['--prefix', REPO_ROOT, 'run', '-s', 'mcp', '--', '--owner', String(OWNER_ID)],
      cwd: temp.dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...processEnv },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'same-days-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await asked(async () => {
        const result = await client.callTool({
          name: 'invokeMethod',
          arguments: { objId: 'journal', methodName: 'onThisDay', args: {} },
        });
        return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
      });
    } finally {
      await client.close();
    }
  });
});
