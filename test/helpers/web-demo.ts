// The journal the browser tests and scripts/screenshots.ts look at: the demo journal (April–June 2024) plus a few
// live notes of April 2nd with #tags, a voice note, a non-ASCII name, and one edited note (so it has a revision).
import { createJournalWebView } from '../../src/wiring/journal-web-view.ts';
import { parseConfig, type Config } from '../../src/config/config.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { buildGeneratedJournal, DEMO_JOURNAL } from '../../src/demo/demo-journal.ts';
import { applyEdit, saveEntry } from '../../src/journal/entries/entry-store.ts';
import type { EntryDraft } from '../../src/journal/entries/entry.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import type { WebView } from '../../src/web/web-view.ts';

export const WEB_DAY = '2024-04-02';
/** The edited note's text now, and before the edit. */
export const EDITED_NOW = 'Long walk by the river with Tomás #walk #river';
export const EDITED_BEFORE = 'Walk by the river';

const NOW = new Date('2024-07-01T00:00:00Z');

export async function buildWebDemo(db: JournalDb, ownerId: number): Promise<void> {
  await buildGeneratedJournal(db, { ownerId, ...DEMO_JOURNAL, timeZone: 'UTC' });
  const draft = (messageId: number, at: string, text: string, extra: Partial<EntryDraft> = {}): EntryDraft => ({
    ownerId,
    source: 'live',
    chatId: ownerId,
    messageId,
    writtenAt: new Date(`${WEB_DAY}T${at}:00Z`),
    text,
    ...extra,
  });
  await saveEntry(db, draft(9001, '07:40', 'Coffee on the balcony, first warm morning #morning'), {
    timeZone: 'UTC',
    now: NOW,
  });
  await saveEntry(db, draft(9002, '12:15', EDITED_BEFORE), { timeZone: 'UTC', now: NOW });
  await applyEdit(db, draft(9002, '12:15', EDITED_NOW), new Date(`${WEB_DAY}T13:00:00Z`), {
    timeZone: 'UTC',
    now: NOW,
  });
  await saveEntry(
    db,
    draft(9003, '21:05', '[voice note 0:42]', {
      media: [{ kind: 'voice_note', fileId: 'v1', fileName: null, durationSeconds: 42, fileSize: 1000 }],
    }),
    { timeZone: 'UTC', now: NOW },
  );
  await saveEntry(db, draft(9004, '22:30', 'Read before sleep #reading #morning-pages'), { timeZone: 'UTC', now: NOW });
}

export interface WebDemoServer {
  url: string;
  view: WebView;
  config: Config;
  server: WebServer;
}

/** The web view over `db` on a free loopback port, as main.ts (polling) and npm run web serve it. */
export async function serveWebDemo(
  db: JournalDb,
  env: Record<string, string>,
  surface: 'local' | 'mini-app' = 'mini-app',
): Promise<WebDemoServer> {
  const config = parseConfig({ JOURNAL_TIMEZONE: 'UTC', ...env });
  const logger = createMemoryLogger();
  const view = createJournalWebView({
    config,
    db,
    clock: () => NOW,
    logger,
    botToken: config.telegramBotToken,
    surface,
  });
  const server = await startWebServer(view, { port: 0, host: '127.0.0.1', logger });
  return { url: `http://127.0.0.1:${server.port}`, view, config, server };
}

/** The session cookie (`name=value`) the login link gives `ownerId`, as a browser would keep it. */
export async function signIn(web: WebDemoServer, ownerId: number): Promise<string> {
  const login = await fetch(`${web.url}${await web.view.loginPath(ownerId)}`, { redirect: 'manual' });
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The form token (csrf) the pages give a caller with these headers (a session cookie, or a Mini App's initData). */
export async function formToken(web: WebDemoServer, headers: Record<string, string>): Promise<string> {
  const page = await (await fetch(`${web.url}/write`, { headers })).text();
  const token = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error('the write page carries no form token');
  return token;
}
