/**
 * Benchmark 4, live capture: a burst of message updates through the real bot (createApp, long polling into the
 * update inbox as main.ts runs it, the Bot API stand-in over HTTP, a reaction per entry), against raw inserts of
 * the same rows: one commit each (as live messages are stored) and all in one transaction.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../../src/wiring/app.ts';
import { parseConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { saveEntry } from '../../src/journal/entries/entry-store.ts';
import type { EntryDraft } from '../../src/journal/entries/entry.ts';
import { createLogger } from '../../src/log/logger.ts';
import { startPolling } from '../../src/telegram/intake/polling.ts';
import { startBotApiStandIn, TEST_BOT_INFO } from '../../test/stand-ins/bot-api.ts';
import { createMigratedFile } from './journal-db.ts';
import { rawInsertEachCommitted, rawInsertOneTransaction, readEntryRows } from './raw-insert.ts';
import { median } from './timing.ts';

/** 2024-04-01 08:00 UTC, unix seconds: the burst's first message. */
const START_UNIX = 1_711_958_400;

const TOKEN = '123456:BENCH-token-for-the-stand-in-api';
const OWNER = 4242_0001;

export interface CaptureRun {
  botSeconds: number;
  /** The bot's own store step alone (saveEntry through kysely), message by message, no Telegram round trips. */
  storeSeconds: number;
  rawEachSeconds: number;
  rawOneTxSeconds: number;
}

export interface CaptureResult {
  messages: number;
  runs: CaptureRun[];
  botPerSecond: number;
  storePerSecond: number;
  rawEachPerSecond: number;
  rawOneTxPerSecond: number;
}

/** A private-chat text message from the owner, as Telegram delivers it. */
function messageUpdate(i: number) {
  const date = START_UNIX + i * 90;
  const text = `Entry ${i}\nWent to the park for a walk. Felt calm most of the day. Had coffee with Ana, who is hopeful these days.`;
  return {
    message: {
      message_id: i + 1,
      date,
      chat: { id: OWNER, type: 'private', first_name: 'Owner' },
      from: { id: OWNER, is_bot: false, first_name: 'Owner' },
      text,
    },
  };
}

function draftOf(i: number): EntryDraft {
  const m = messageUpdate(i).message;
  return {
    ownerId: OWNER,
    source: 'live',
    chatId: OWNER,
    messageId: m.message_id,
    writtenAt: new Date(m.date * 1000),
    text: m.text,
  };
}

/** The same messages through saveEntry only, one after another. */
async function storeOnly(file: string, messages: number): Promise<number> {
  await createMigratedFile(file);
  const db = openDatabase(file);
  try {
    const drafts = Array.from({ length: messages }, (_, i) => draftOf(i));
    const t0 = performance.now();
    for (const d of drafts) await saveEntry(db, d, { timeZone: 'UTC', now: new Date() });
    return (performance.now() - t0) / 1000;
  } finally {
    await db.destroy();
  }
}

/** One burst through the bot; returns the seconds from queueing the updates to the last reaction. */
async function botBurst(file: string, messages: number): Promise<number> {
  await createMigratedFile(file);
  const api = await startBotApiStandIn();
  const db = openDatabase(file);
  const config = parseConfig({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: api.url,
    ALLOWED_USER_IDS: String(OWNER),
    DATABASE_PATH: file,
    JOURNAL_TIMEZONE: 'UTC',
  });
  // The real JSON logger, writing nowhere: formatting is part of the path, terminal output is not.
  const logger = createLogger({ write: () => undefined });
  const app = createApp(TOKEN, { config, db, logger, clock: () => new Date(), botInfo: TEST_BOT_INFO });
  await app.start();
  const polling = startPolling({ api: app.bot.api, inbox: app.inbox, logger });
  try {
    await api.waitFor((calls) => calls.some((c) => c.method === 'getUpdates'), 10_000); // polling, idle
    const t0 = performance.now();
    for (let i = 0; i < messages; i++) api.queueUpdate(messageUpdate(i));
    await api.waitFor((calls) => calls.filter((c) => c.method === 'setMessageReaction').length >= messages, 600_000);
    return (performance.now() - t0) / 1000;
  } finally {
    await polling.stop();
    await app.stop(10_000);
    await api.close();
    await db.destroy();
  }
}

export async function runCaptureBench(
  dir: string,
  messages: number,
  runs: number,
  log: (line: string) => void = () => undefined,
): Promise<CaptureResult> {
  const file = path.join(dir, 'capture.sqlite');
  const rawFile = path.join(dir, 'capture-raw.sqlite');
  const out: CaptureRun[] = [];
  for (let r = 0; r < runs; r++) {
    const botSeconds = await botBurst(file, messages);
    const rows = readEntryRows(file);
    const storeSeconds = await storeOnly(rawFile, messages);
    if (rows.length !== messages) throw new Error(`capture stored ${rows.length} of ${messages} messages`);
    await createMigratedFile(rawFile);
    const rawEachSeconds = rawInsertEachCommitted(rawFile, rows);
    await createMigratedFile(rawFile);
    const rawOneTxSeconds = rawInsertOneTransaction(rawFile, rows);
    out.push({ botSeconds, storeSeconds, rawEachSeconds, rawOneTxSeconds });
    log(
      `capture run ${r + 1}: bot ${botSeconds.toFixed(2)} s, saveEntry only ${storeSeconds.toFixed(2)} s, raw one commit each ${rawEachSeconds.toFixed(2)} s, raw one transaction ${rawOneTxSeconds.toFixed(3)} s`,
    );
  }
  for (const f of [file, rawFile]) for (const suffix of ['', '-wal', '-shm']) rmSync(`${f}${suffix}`, { force: true });
  const rate = (pick: (r: CaptureRun) => number) => messages / median(out.map(pick));
  return {
    messages,
    runs: out,
    botPerSecond: rate((r) => r.botSeconds),
    storePerSecond: rate((r) => r.storeSeconds),
    rawEachPerSecond: rate((r) => r.rawEachSeconds),
    rawOneTxPerSecond: rate((r) => r.rawOneTxSeconds),
  };
}
