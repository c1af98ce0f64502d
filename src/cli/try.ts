/**
 * npm run try -- [--journal <file>]: the real bot (the same createApp npm start runs) against a Bot API stand-in inside
 * this process, with the terminal as the chat. No token and no network: each line typed (or piped) is a message to the
 * bot, its replies are printed, and the pictures and files it sends are written beside the journal with their paths
 * printed. Questions need ANTHROPIC_API_KEY, as in Telegram.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Update } from 'grammy/types';
import { createApp } from '../wiring/app.ts';
import { botParts } from '../wiring/bot-parts.ts';
import { createLifecycle, databasePart, openedPart } from '../wiring/lifecycle.ts';
import { parseConfig } from '../config/config.ts';
import { openAndMigrateJournal } from '../db/open-journal.ts';
import { createLogger } from '../log/logger.ts';
import { STAND_IN_BOT_INFO } from '../try/bot-api-answers.ts';
import { startLocalBotApi } from '../try/local-bot-api.ts';
import { chatUpdates, type MessagePlace } from '../try/terminal-chat.ts';
import { botReplies } from '../try/bot-replies.ts';
import { createChatLog } from '../try/chat-log.ts';
import { readTypedLine, type TypedAction } from '../try/typed-line.ts';
import { fileToSend } from '../try/file-message.ts';
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
  press Enter; Ctrl-D or /quit ends. Lines can be piped in. The bot's messages are numbered ("3) …"), and so are yours.
    path/to/picture.jpg   sends it as a photo (a .ogg, .mp3, .m4a or .wav file as a voice note)
    [2]  or a button's text   presses that button under the last message that has buttons
    >3 text               replies to message 3 (>3 /forget forgets the entry of your message 3)
    :topic Dreams         writes in the topic /journal new Dreams started; :topic alone leaves it
  The journal is --journal (default ${TRY_DATABASE_PATH}), never DATABASE_PATH or DATABASE_URL; pictures and files
  the bot sends go to a folder beside it. Questions ("@journal ...") need ANTHROPIC_API_KEY in .env or the environment.`;

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), USAGE, { journal: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  const file = fromInvocationDir(values.journal ?? TRY_DATABASE_PATH);
  const environment = readEnvironment();
  const lines: string[] = [];
  const print = (text: string) => process.stdout.write(`${text}\n\n`);
  const log = createChatLog();
  const api = await startLocalBotApi(
    botReplies(`${file.replace(/\.sqlite$/, '')}-files`, log, (text) => lines.push(text)),
  );
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
  // npm start's parts without Telegram's side: the terminal feeds the inbox, and the stand-in closes last.
  const running = createLifecycle(
    [openedPart('bot api stand-in', () => api.close()), databasePart(db), ...botParts(app, { logger })],
    logger,
  );
  await running.start();
  const updates = chatUpdates(ownerId, clock);
  const echo = !process.stdin.isTTY;
  console.error(
    `The bot is listening on this terminal (owner ${ownerId}, journal ${path.relative(process.cwd(), file) || file}). Type a message or /help; a picture's path sends it, [n] presses a button, >n text replies to message n (npm run try -- --help says more); Ctrl-D ends.`,
  );
  const input = createInterface({ input: process.stdin, terminal: false });
  let topic: { name: string; threadId: number } | undefined;
  /** The update a typed line makes, after saying what the terminal has to say; null when nothing goes to the bot. */
  let filesSent = 0;
  const updateOf = async (action: TypedAction): Promise<Record<string, unknown> | null> => {
    const place = (replyTo?: MessagePlace['replyTo']): MessagePlace => ({
      ...(topic ? { threadId: topic.threadId } : {}),
      ...(replyTo ? { replyTo } : {}),
    });
    switch (action.kind) {
      case 'quit':
      case 'notice':
        return null;
      case 'topic': {
        const threadId = action.name === null ? undefined : log.topic(action.name);
        if (action.name !== null && threadId === undefined) {
          const known = log.topicNames();
          lines.push(
            `(no topic "${action.name}" in this session: /journal new ${action.name} starts one${known.length ? `; topics: ${known.join(', ')}` : ''})`,
          );
          return null;
        }
        topic = action.name === null ? undefined : { name: action.name, threadId: threadId! };
        lines.push(topic ? `(now writing in the topic "${topic.name}")` : '(now writing outside topics)');
        return null;
      }
      case 'press':
        return updates.press(action.message, action.button.callbackData!);
      case 'message': {
        const update = updates.message(action.text, place(action.replyTo));
        recordOwn(update, action.text);
        return update;
      }
      default: {
        const fileId = `try-${clock().getTime()}-${++filesSent}`;
        const read = await fileToSend(action.kind, action.file, action.mimeType, fileId);
        if ('refused' in read) {
          lines.push(`(${read.refused})`);
          return null;
        }
        api.addFile(fileId, read.content);
        const update = updates.file(read.sent, place(action.replyTo));
        recordOwn(update, `[${action.kind === 'photo' ? 'photo' : 'voice note'} ${path.basename(action.file)}]`);
        return update;
      }
    }
  };
  /** Numbers the owner's message, so a later `>n` can reply to it (`>3 /forget`). */
  const recordOwn = (update: Record<string, unknown>, text: string) => {
    const message = update.message as { message_id: number; message_thread_id?: number };
    // Its number shows where the bot answers it (`(✍ on your message 3)`).
    log.record({ messageId: message.message_id, fromBot: false, text, threadId: message.message_thread_id });
  };
  try {
    for await (const raw of input) {
      const line = raw.trim();
      if (line === '') continue;
      if (echo) print(`> ${line}`);
      const action = readTypedLine(line, log, (typed) => fromInvocationDir(typed));
      if (action.kind === 'quit') break;
      if (action.kind === 'notice') {
        print(`(${action.text})`);
        continue;
      }
      const update = await updateOf(action);
      if (update) {
        await app.inbox.accept([update as unknown as Update]);
        await app.idle();
      }
      for (const text of lines.splice(0)) print(text);
    }
  } finally {
    input.close();
    await running.stop();
  }
  return 0;
}

runMain(main, 'npm run try stopped');
