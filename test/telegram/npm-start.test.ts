// `npm start` end to end: the real process long-polls a local Bot API stand-in, stores messages, and stops cleanly.
import { ALLOWED_UPDATES } from '../../src/telegram/intake/allowed-updates.ts';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { APOLOGY_TEXT } from '../../src/telegram/error-handler.ts';
import { HELP_TEXT } from '../../src/telegram/features/index.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS, runEntryPoint, startEntryPoint } from '../helpers/run-entry-point.ts';
import { PROCESS_TOKEN, waitForStderr } from '../helpers/bot-process.ts';
import { unreachableText } from '../../src/telegram/connect.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';

const TOKEN = PROCESS_TOKEN;
const harness = botApiPerTest('journal-start-');

describe('npm start', { timeout: PROCESS_TEST_MS }, () => {
  it('without a token exits non-zero with one clear paragraph and no stack trace', async () => {
    const result = await runEntryPoint('src/main.ts', [], { cwd: harness.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/TELEGRAM_BOT_TOKEN is not set/);
    expect(result.stderr).toMatch(/@BotFather/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('with a bad variable exits non-zero naming it', async () => {
    const result = await runEntryPoint('src/main.ts', [], {
      cwd: harness.dir,
      env: { TELEGRAM_BOT_TOKEN: TOKEN, JOURNAL_TIMEZONE: 'Nowhere/City' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/JOURNAL_TIMEZONE is not an IANA time zone/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it(
    'with Telegram unreachable says so and retries, and still stops cleanly',
    async () => {
      const bot = startEntryPoint('src/main.ts', [], {
        cwd: harness.dir,
        env: {
          TELEGRAM_BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: 'http://127.0.0.1:1',
          DATABASE_PATH: path.join(harness.dir, 'journal.sqlite'),
        },
      });
      try {
        await waitForStderr(bot, '"event":"telegram.unreachable"', PROCESS_WAIT_MS);
        expect(bot.stderr()).toContain(unreachableText('http://127.0.0.1:1', 5000));
      } finally {
        bot.child.kill('SIGTERM');
      }
      const result = await bot.done;
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('"event":"bot.stopped"');
    },
    PROCESS_TEST_MS,
  );

  it(
    'stores polled messages in a new database folder, survives a failing update, and stops cleanly on SIGTERM',
    async () => {
      const dbPath = path.join(harness.dir, 'nested', 'folder', 'journal.sqlite');
      const bot = startEntryPoint('src/main.ts', [], {
        cwd: harness.dir,
        env: {
          TELEGRAM_BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: harness.api.url,
          ALLOWED_USER_IDS: String(OWNER_ID),
          DATABASE_PATH: dbPath,
          JOURNAL_TIMEZONE: 'Asia/Tokyo',
        },
      });
      try {
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'getUpdates'), PROCESS_WAIT_MS);
        // A Stop press under a draft answer comes only when asked for (every other kind it handles too).
        expect(harness.api.callsTo('getUpdates')[0]!.payload.allowed_updates).toEqual([...ALLOWED_UPDATES]);
        expect(harness.api.callsTo('setMyCommands')[0]!.payload.commands.map((c: any) => c.command)).toEqual([
          'start',
          'help',
          'ask',
          'trace',
          'sent',
          'onthisday',
          'stats',
          'reflect',
          'review',
          'digest',
          'mood',
          'prompt',
          'prompts',
          'remind',
          'export',
          'search',
          'day',
          'forget',
          'connections',
          'web',
          'journals',
          'journal',
        ]);

        // A handler that throws (its reply is refused) must not stop polling: it is logged and apologised for.
        harness.api.fail('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' }, 1);
        harness.api.queueUpdate({ update_id: 1, ...textUpdate('/help', { messageId: 1 }) });
        harness.api.queueUpdate({
          update_id: 2,
          ...textUpdate('polled entry', { messageId: 2, date: Date.UTC(2024, 0, 31, 23, 30) / 1000 }),
        });
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'setMessageReaction'), PROCESS_WAIT_MS);
        expect(harness.api.callsTo('sendMessage').map((c) => c.payload.text)).toEqual([HELP_TEXT, APOLOGY_TEXT]);
      } finally {
        bot.child.kill('SIGTERM');
      }
      const result = await bot.done;
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('"event":"bot.stopped"');
      expect(result.stderr).toMatch(/"event":"update.failed","update_id":1,/);
      expect(result.stderr).not.toContain(TOKEN);
      expect(result.stderr).not.toContain('polled entry');

      const db = openDatabase(dbPath);
      const rows = await db.selectFrom('entry').select(['content', 'local_day']).execute();
      await db.destroy();
      expect(rows).toEqual([{ content: 'polled entry', local_day: '2024-02-01' }]);
    },
    PROCESS_TEST_MS,
  );
});
