// The web view in headless Chromium (Debian's package, driven by playwright-core; one launch for the file): the local
// login link, then calendar → day → search "walk" → an entry's revisions → Forget, and the Mini App signed in with
// initData signed here with the test's bot token, in Telegram's theme colours, a photo's thumbnail shown (its address
// carries a grant, as an <img> sends no initData), switching to the Dreams journal there.
// Every request stays on our origin.
import { sign } from '@tma.js/init-data-node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { saveEntry, storeEntry } from '../../src/journal/entries/entry-store.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { launchChromium, noBrowserReason } from '../helpers/browser.ts';
import {
  buildWebDemo,
  EDITED_BEFORE,
  EDITED_NOW,
  serveWebDemo,
  WEB_DAY,
  type WebDemoServer,
} from '../helpers/web-demo.ts';

const OTHER_OWNER = 222;

describe.skipIf(noBrowserReason !== null)(
  `web view in a browser${noBrowserReason ? ` (skipped: ${noBrowserReason})` : ''}`,
  () => {
    let temp: TempDb;
    let web: WebDemoServer;
    let browser: Browser;
    /** Every URL the browser asked for, to prove nothing left our origin. */
    const requested: string[] = [];

    beforeAll(async () => {
      temp = await createTempDb('sqlite');
      await buildWebDemo(temp.db, OWNER_ID);
      await seedEntries(temp.db, OTHER_OWNER, [[`${WEB_DAY}T10:00:00Z`, 'The other owner walks alone']]);
      const at = new Date('2024-04-05T05:00:00Z');
      await saveEntry(
        temp.db,
        {
          ownerId: OWNER_ID,
          source: 'live',
          chatId: OWNER_ID,
          messageId: 9100,
          writtenAt: at,
          text: 'Dreamt of a walk on the moon',
          journal: 'Dreams',
        },
        { timeZone: 'UTC', now: at },
      );
      // A kept photo on April 3rd, the day the Mini App opens.
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const shot = new Date('2024-04-03T09:00:00Z');
      const id = await storeEntry(
        temp.db,
        {
          ownerId: OWNER_ID,
          source: 'live',
          chatId: OWNER_ID,
          messageId: 9200,
          writtenAt: shot,
          text: '[photo]',
          media: [
            {
              kind: 'photo',
              mimeType: 'image/jpeg',
              fileId: 'p1',
              fileName: null,
              durationSeconds: null,
              fileSize: photo.length,
              width: 800,
              height: 600,
            },
          ],
        },
        { timeZone: 'UTC', now: shot },
      );
      const medium = await temp.db
        .selectFrom('entry_media')
        .select('id')
        .where('entry_id', '=', id!)
        .executeTakeFirstOrThrow();
      await writeBlob(temp.db, medium.id, [photo], {
        now: shot,
        onKept: async (trx, b) =>
          void (await trx
            .updateTable('entry_media')
            .set({ sha256: b.sha256, state: 'kept', next_at: null })
            .where('id', '=', medium.id)
            .execute()),
      });
      web = await serveWebDemo(temp.db, {
        TELEGRAM_BOT_TOKEN: TEST_TOKEN,
        ALLOWED_USER_IDS: `${OWNER_ID},${OTHER_OWNER}`,
      });
      browser = await launchChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await web?.server.close();
      await temp?.cleanup();
    });

    async function newPage(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
      const page = await context.newPage();
      page.on('request', (r) => void requested.push(r.url()));
      return page;
    }

    /** Waits until the page's h1 reads `text` (the Mini App swaps pages in after fetching them). */
    // A locator, not a string to evaluate: the page's CSP (default-src 'self') forbids eval, Playwright's included.
    const heading = (page: Page, text: string) =>
      page.locator('main h1', { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();

    /** No attribute in the page points anywhere but here. */
    const externalUrls = (html: string) =>
      [...html.matchAll(/\b(?:src|href|action)="((?:[a-z]+:)?\/\/[^"]*)"/gi)].map((m) => m[1]);

    it(
      'signs in with the login link and walks calendar → day → search → revisions → Forget',
      { timeout: 60_000 },
      async () => {
        const page = await newPage();
        await page.goto(`${web.url}${await web.view.loginPath(OWNER_ID)}`);
        // The calendar: the year of "today" (2024), April's days with entries link to their day.
        await expect(page.locator('h1').textContent()).resolves.toBe('2024');
        const april = page.locator('a[href^="/day/2024-04-"]');
        expect(await april.count()).toBeGreaterThan(20);
        await expect(page.locator('a[href="/day/2024-04-01"]').getAttribute('aria-label')).resolves.toMatch(
          /^Monday, 1 April 2024: \d+ entries$/,
        );
        expect(externalUrls(await page.content())).toEqual([]);

        await page.click(`a[href="/day/${WEB_DAY}"]`);
        await expect(page.locator('h1').textContent()).resolves.toBe('Tuesday, 2 April 2024');
        await expect(page.locator('article.entry').count()).resolves.toBe(4);
        const day = await page.locator('main').innerText();
        expect(day).toContain(EDITED_NOW); // "Tomás": UTF-8 end to end
        expect(day).toContain('[voice note 0:42]');
        expect(day).toContain('#reading');
        expect(day).not.toContain('other owner');

        await page.fill('#q', 'walk');
        await page.press('#q', 'Enter');
        await page.waitForURL(/\/search\?q=walk/);
        await expect(page.locator('h1').textContent()).resolves.toBe('Search: walk');
        await expect(page.locator('main > p').first().textContent()).resolves.toMatch(/^\d+ entries, 1–\d+ shown\.$/);
        expect(await page.locator('main').innerText()).not.toContain('other owner');

        await page.fill('#q', '"walk');
        await page.press('#q', 'Enter');
        await expect(page.locator('[role="alert"]').textContent()).resolves.toMatch(
          /^a phrase is missing its closing "/,
        );

        await page.goto(`${web.url}/day/${WEB_DAY}`);
        await page.click('text=Open entry (1 earlier version)');
        await expect(page.locator('main .whole').textContent()).resolves.toBe(EDITED_NOW);
        await expect(page.locator('.history .content').textContent()).resolves.toBe(EDITED_BEFORE);
        const entryPath = new URL(page.url()).pathname;

        await page.click('text=Forget this entry…');
        await expect(page.locator('h1').textContent()).resolves.toBe('Forget this entry?');
        await page.click('button:has-text("Forget for good")');
        await page.waitForURL(new RegExp(`/day/${WEB_DAY}\\?forgotten=1$`));
        await expect(page.locator('[role="status"]').textContent()).resolves.toBe('The entry was forgotten.');
        await expect(page.locator('article.entry').count()).resolves.toBe(3);
        expect(await page.locator('main').innerText()).not.toContain(EDITED_NOW);
        const gone = await page.goto(`${web.url}${entryPath}`);
        expect(gone?.status()).toBe(404);

        expect(requested.filter((u) => !u.startsWith(`${web.url}/`))).toEqual([]);
      },
    );

    it(
      'opens as a Mini App with signed initData, in the theme Telegram passes, and follows links and forms',
      { timeout: 60_000 },
      async () => {
        const page = await newPage({ colorScheme: 'dark' });
        const initData = sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, TEST_TOKEN, new Date());
        const theme = {
          bg_color: '#17212b',
          text_color: '#f5f5f5',
          hint_color: '#708499',
          link_color: '#6ab3f3',
          button_color: '#5288c1',
          button_text_color: '#ffffff',
          secondary_bg_color: '#232e3c',
        };
        const launch = new URLSearchParams({
          tgWebAppData: initData,
          tgWebAppVersion: '8.0',
          tgWebAppPlatform: 'android',
          tgWebAppThemeParams: JSON.stringify(theme),
        });
        await page.goto(`${web.url}/#${launch.toString()}`);
        // The first answer is the 401 shell (a fragment is never sent); app.js loads the page with the initData.
        await heading(page, '2024');
        const background = await page
          .locator('body')
          .evaluate(
            (body) =>
              (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(
                body,
              ).backgroundColor,
          );
        expect(background).toBe('rgb(23, 33, 43)');

        await page.click('a[href="/day/2024-04-03"]');
        await heading(page, 'Wednesday, 3 April 2024');
        expect(await page.locator('article.entry').count()).toBeGreaterThan(0);
        const thumbnail = page.locator('main img[alt="Photo of the entry"]');
        await expect(thumbnail.getAttribute('src')).resolves.toMatch(/^\/media\/[0-9a-f]{64}\/thumbnail\?grant=/);
        await page.waitForFunction((img) => (img as { complete: boolean }).complete, await thumbnail.elementHandle());
        await expect(
          thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        ).resolves.toBe(640);

        await page.fill('#q', 'walk');
        await page.press('#q', 'Enter');
        await heading(page, 'Search: walk');
        expect(await page.locator('main').innerText()).not.toContain('other owner');

        // The switcher leads to the same search in the Dreams journal, whose links then stay in it.
        await page.click('nav.journals a:has-text("Dreams")');
        await page.locator('main > p', { hasText: /^1 entry, 1–1 shown\.$/ }).waitFor();
        await expect(page.locator('nav.journals a[aria-current="page"]').textContent()).resolves.toBe('Dreams 1 entry');
        await page.click('main a[href="/journal/Dreams/day/2024-04-05"]');
        await heading(page, 'Friday, 5 April 2024 in Dreams'); // the heading names the journal shown
        await expect(page.locator('main').innerText()).resolves.toContain('Dreamt of a walk on the moon');
        await expect(page.locator('article.entry').count()).resolves.toBe(1);
        expect(requested.filter((u) => !u.startsWith(`${web.url}/`))).toEqual([]);
      },
    );
  },
);
