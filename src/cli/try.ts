/**
 * npm run try -- [--journal <file>]: the real bot (the same createApp npm start runs) against a Bot API stand-in inside
 * this process, with the terminal as the chat. No token and no network: each line typed (or piped) is a message to the
 * bot, its replies are printed, and the pictures and files it sends are written beside the journal with their paths
 * printed. Questions need ANTHROPIC_API_KEY, as in Telegram.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Update } from 'grammy/types';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { openAndMigrateJournal } from '../db/open-journal.ts';
import { createLogger } from '../log/logger.ts';
import { STAND_IN_BOT_INFO } from '../try/bot-api-answers.ts';
import { startLocalBotApi } from '../try/local-bot-api.ts';
import { botReplies, chatUpdates } from '../try/terminal-chat.ts';
import { fromInvocationDir, parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';

export const TRY_DATABASE_PATH = 'data/try.sqlite';

/** The owner when ALLOWED_USER_IDS names nobody: any id works, as only this process talks to this bot. */
const TRY_OWNER_ID = 1;

/** A token of the right shape: the stand-in accepts any, and no real token is read or sent anywhere. */
const TRY_TOKEN = '4242:try-the-bot-locally-without-telegram';

const USAGE = `Usage: npm run try -- [--journal <file>]
  The bot in this terminal, without Telegram: type a message or a command (/help, /search word, /day, /stats) and
  press Enter; Ctrl-D or /quit ends. Lines can be piped in. The journal is --journal (default ${TRY_DATABASE_PATH}),
  never DATABASE_PATH or DATABASE_URL; pictures and files the bot sends go to a folder beside it.
  Questions ("@journal ...") need ANTHROPIC_API_KEY in .env or the environment.`;

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), USAGE, { journal: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  const file = fromInvocationDir(values.journal ?? TRY_DATABASE_PATH);
  const environment = readEnvironment();
  const lines: string[] = [];
  const print = (text: string) => process.stdout.write(`${text}\n\n`);
  const api = await startLocalBotApi(botReplies(`${file.replace(/\.sqlite$/, '')}-files`, (text) => lines.push(text)));
  // The settings of .env (time zone, key, day start, AI), with Telegram, the store and the public surfaces replaced:
  // this bot talks only to the stand-in, keeps its own journal file, and serves nothing on a port.
  const config = exitOnConfigError(() =>
    parseConfig({
      ...environment,
      TELEGRAM_BOT_TOKEN: TRY_TOKEN,
      TELEGRAM_API_ROOT: api.url,
      ALLOWED_USER_IDS: environment.ALLOWED_USER_IDS?.trim() ? environment.ALLOWED_USER_IDS : String(TRY_OWNER_ID),
      DATABASE_PATH: file,
      DATABASE_URL: undefined,
      TELEGRAM_WEBHOOK_URL: undefined,
      TELEGRAM_WEBHOOK_SECRET: undefined,
      MINI_APP_URL: undefined,
      PUBLIC_URL: undefined,
    }),
  );
  const ownerId = config.allowedUserIds[0] ?? TRY_OWNER_ID;
  // Only errors reach the terminal: the bot's routine log lines would bury its replies.
  const logger = createLogger({
    write: (line) => line.includes('"level":"error"') && process.stderr.write(`${line}\n`),
    redact: [config.anthropicApiKey, config.journalKey],
  });
  const { db } = await openAndMigrateJournal(config);
  const clock = () => new Date();
  const app = createApp(TRY_TOKEN, { config, db, logger, clock, botInfo: STAND_IN_BOT_INFO, instanceId: 'try' });
  await app.start();
  await app.mediaDownloads.start();
  const updates = chatUpdates(ownerId, clock);
  const echo = !process.stdin.isTTY;
  console.error(
    `The bot is listening on this terminal (owner ${ownerId}, journal ${path.relative(process.cwd(), file) || file}). Type a message or /help; Ctrl-D ends.`,
  );
  const input = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const raw of input) {
      const line = raw.trim();
      if (line === '') continue;
      if (line === '/quit' || line === '/exit') break;
      if (echo) print(`> ${line}`);
      await app.inbox.accept([updates.message(line) as unknown as Update]);
      await app.idle();
      for (const text of lines.splice(0)) print(text);
    }
  } finally {
    input.close();
    await app.stop(10_000);
    await app.transcription?.stop();
    await app.mediaDownloads.stop();
    await db.destroy();
    await api.close();
  }
  return 0;
}

runMain(main, 'npm run try stopped');
