/**
 * npm run screenshots: the pictures in docs/ (docs/img/*.png), made the way the browser tests drive the web view:
 * a demo journal in a temp folder, the web view on a loopback port, Debian's chromium through playwright-core at a
 * phone's size, and the /stats picture rendered as the bot sends it.
 */
import { sign } from '@tma.js/init-data-node';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/sqlite/open-database.ts';
import { addDemoExtras } from '../src/demo/demo-extras.ts';
import { statsPicture } from '../src/stats/stats-picture.ts';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { Browser } from 'playwright-core';
import { builtPath } from '../src/db/code-location.ts';
import type { JournalDb } from '../src/db/journal-database.ts';
import { createJournalOperations } from '../src/journal/journal-operations.ts';
import { createLogger } from '../src/log/logger.ts';
import { readBuiltPages } from '../src/mcp/app-views.ts';
import { createObjectsServer } from '../src/mcp/objects-server.ts';
import { launchChromium, noBrowserReason } from '../test/helpers/browser.ts';
import { openAppInHost } from '../test/helpers/mcp-app-host.ts';
import { buildWebDemo, serveWebDemo, WEB_DAY } from '../test/helpers/web-demo.ts';

const OWNER = 1000;
/** Any well-formed token: the Mini App screenshot signs its launch data with it, as Telegram would with the bot's. */
const TOKEN = '123456:SCREENSHOT-token-signs-the-launch-data';
/** Telegram's dark theme, as themeParams hands it to a Mini App. */
const TELEGRAM_DARK = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
};
const OUT = path.resolve(import.meta.dirname, '../docs/img');

async function main(): Promise<void> {
  if (noBrowserReason) throw new Error(`Cannot take screenshots: ${noBrowserReason}`);
  mkdirSync(OUT, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-screenshots-'));
  const db = openDatabase(path.join(dir, 'journal.sqlite'));
  try {
    await migrateToLatest(db);
    await buildWebDemo(db, OWNER);
    // The demo's photos, moods and prompts, as npm run demo adds them: the timeline and photos pages show pictures.
    await addDemoExtras(db, OWNER, new Date('2024-07-01T00:00:00Z'), 1);
    const picture = await statsPicture(db, OWNER, { kind: 'year', year: 2024 }, { today: '2024-06-30' });
    if (picture.type !== 'picture') throw new Error('the demo journal gave no stats picture');
    writeFileSync(path.join(OUT, 'stats.png'), picture.png);
    const web = await serveWebDemo(db, { TELEGRAM_BOT_TOKEN: TOKEN, ALLOWED_USER_IDS: String(OWNER) });
    const browser = await launchChromium();
    try {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          colorScheme: scheme,
        });
        const page = await context.newPage();
        await page.goto(`${web.url}${await web.view.loginPath(OWNER)}`);
        const shots: [string, string][] =
          scheme === 'light'
            ? [
                ['calendar', '/?year=2024'],
                ['month', '/month/2024-04'],
                ['day', `/day/${WEB_DAY}`],
                ['search', '/search?q=walk'],
                ['timeline', '/timeline'],
                ['photos', '/photos'],
                ['tags', '/tags'],
                ['entry', '/entry/702'],
              ]
            : [['day-dark', `/day/${WEB_DAY}`]];
        for (const [name, where] of shots) {
          // Photos are lazy and scaled on request: wait until the page's pictures are in.
          await page.goto(`${web.url}${where}`, { waitUntil: 'networkidle' });
          await page.screenshot({ path: path.join(OUT, `web-${name}.png`) });
          console.log(`docs/img/web-${name}.png`);
        }
        await context.close();
      }
      // As a Mini App in Telegram's dark theme: launch data in the fragment, every page fetched with it.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const launch = new URLSearchParams({
        tgWebAppData: sign({ user: { id: OWNER, first_name: 'Owner' } }, TOKEN, new Date()),
        tgWebAppThemeParams: JSON.stringify(TELEGRAM_DARK),
      });
      await page.goto(`${web.url}/month/2024-04#${launch.toString()}`);
      await page.locator('main h1', { hasText: /^April 2024$/ }).waitFor();
      await page.screenshot({ path: path.join(OUT, 'web-mini-app.png') });
      console.log('docs/img/web-mini-app.png');
      await context.close();
      await mcpAppShot(db, browser);
    } finally {
      await browser.close();
      await web.server.close();
    }
    console.log('docs/img/stats.png');
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The calendar MCP App (docs/mcp.md) beside the minimal host the browser test uses: the server in-process over the
 * official client, showCalendar's result sent to the App, a day opened. Needs the App's page built (npm run build).
 */
async function mcpAppShot(db: JournalDb, browser: Browser): Promise<void> {
  const server = createObjectsServer({
    operations: createJournalOperations(db, OWNER, { timeZone: 'UTC' }),
    instructions: 'The journal.',
    rootIds: ['journal'],
    logger: createLogger({ write: () => {} }),
    version: 'screenshot',
    readAppPage: readBuiltPages(builtPath),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'screenshot-host', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const html = ((await client.readResource({ uri: 'ui://journal/calendar.html' })).contents[0] as { text: string })
      .text;
    const toolResult = await client.callTool({ name: 'showCalendar', arguments: { objId: 'journal' } });
    const host = await openAppInHost(browser, {
      html,
      toolResult,
      client,
      viewport: { width: 390, height: 760 },
      deviceScaleFactor: 2,
    });
    const frame = await host.frame();
    await frame.locator('.day.written').last().click();
    await frame.locator('.entry').first().waitFor();
    await host.page.screenshot({ path: path.join(OUT, 'mcp-app-calendar.png') });
    console.log('docs/img/mcp-app-calendar.png');
    await host.page.context().close();
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
