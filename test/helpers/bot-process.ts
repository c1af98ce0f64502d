// `npm start` as a real process against the stand-ins, and a look into its database from outside.
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { PROCESS_WAIT_MS, startEntryPoint, type RunningProcess } from './run-entry-point.ts';
import { OWNER_ID } from './updates.ts';

export const PROCESS_TOKEN = '123456789:AAH-abcdefghijklmnopqrstuvwxyz012';

export function startBot(options: {
  cwd: string;
  dbPath: string;
  apiRoot: string;
  env?: Record<string, string>;
  wrapper?: string[];
}): RunningProcess {
  return startEntryPoint('src/main.ts', [], {
    cwd: options.cwd,
    wrapper: options.wrapper,
    env: {
      TELEGRAM_BOT_TOKEN: PROCESS_TOKEN,
      TELEGRAM_API_ROOT: options.apiRoot,
      ALLOWED_USER_IDS: String(OWNER_ID),
      DATABASE_PATH: options.dbPath,
      ...options.env,
    },
  });
}

/** Resolves once the process has written `text` to stderr: on its output, not on a timer; `timeoutMs` only bounds a hang. */
export function waitForStderr(bot: RunningProcess, text: string | RegExp, timeoutMs = PROCESS_WAIT_MS): Promise<void> {
  const seen = () => (typeof text === 'string' ? bot.stderr().includes(text) : text.test(bot.stderr()));
  if (seen()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      bot.child.stderr!.off('data', check);
      bot.child.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    // The helper's own listener has appended the chunk by the time this one runs (listeners run in order).
    const check = () => seen() && done();
    const closed = (code: number | null) =>
      seen()
        ? done()
        : done(new Error(`process exited (${code}) before printing ${String(text)}; stderr:\n${bot.stderr()}`));
    const timer = setTimeout(
      () => done(new Error(`process did not print ${String(text)} in ${timeoutMs} ms; stderr:\n${bot.stderr()}`)),
      timeoutMs,
    );
    bot.child.stderr!.on('data', check);
    bot.child.on('close', closed);
  });
}

/** The entries' message ids, read through a connection of our own (WAL lets it read while the bot writes). */
export async function storedMessageIds(dbPath: string): Promise<number[]> {
  const db = openDatabase(dbPath);
  try {
    const rows = await db.selectFrom('entry').select('message_id').orderBy('message_id').execute();
    return rows.map((r) => r.message_id);
  } catch {
    return []; // not migrated yet
  } finally {
    await db.destroy();
  }
}

export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A port for the bot's webhook server (free-port.ts says why not one listen(0) gave). */
export { freePort } from './free-port.ts';
