// The pages one lives in, in headless Chromium on a phone (390×844) and a desktop (1280×800): the home page on this
// month with today marked, the Timeline newest first with small thumbnails, Photos, an entry page showing its photo
// with no "[photo]" label, search newest first, and the journal named in the heading.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { saveEntry, storeEntry } from '../../src/journal/entries/entry-store.ts';
import { launchChromium, noBrowserReason } from '../helpers/browser.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { buildWebDemo, serveWebDemo, type WebDemoServer } from '../helpers/web-demo.ts';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

describe.skipIf(noBrowserReason !== null)(
  `pages to live in${noBrowserReason ? ` (skipped: ${noBrowserReason})` : ''}`,
  () => {
    let temp: TempDb;
    let web: WebDemoServer;
    let browser: Browser;
    let photoEntry: number;

    beforeAll(async () => {
      temp = await createTempDb('sqlite');
      await buildWebDemo(temp.db, OWNER_ID);
      const dream = new Date('2024-04-05T05:00:00Z');
      await saveEntry(
        temp.db,
        {
          ownerId: OWNER_ID,
          source: 'live',
          chatId: OWNER_ID,
          messageId: 9100,
          writtenAt: dream,
          text: 'Dreamt of a walk on the moon',
          journal: 'Dreams',
        },
        { timeZone: 'UTC', now: dream },
      );
      // The latest entry of the journal: a photo, with "[photo]" as its text as Telegram's captionless photos have.
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const shot = new Date('2024-06-30T20:00:00Z');
      photoEntry = (await storeEntry(
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
              width: 1600,
              height: 1200,
            },
          ],
        },
        { timeZone: 'UTC', now: shot },
      ))!;
      const captioned = new Date('2024-06-29T20:00:00Z');
      const sunset = (await storeEntry(
        temp.db,
        {
          ownerId: OWNER_ID,
          source: 'live',
          chatId: OWNER_ID,
          messageId: 9201,
          writtenAt: captioned,
          text: 'Sunset over the lake',
          media: [
            {
              kind: 'photo',
              mimeType: 'image/jpeg',
              fileId: 'p2',
              fileName: null,
              durationSeconds: null,
              fileSize: photo.length,
              width: 1600,
              height: 1200,
            },
          ],
        },
        { timeZone: 'UTC', now: captioned },
      ))!;
      for (const entryId of [photoEntry, sunset]) {
        const medium = await temp.db
          .selectFrom('entry_media')
          .select('id')
          .where('entry_id', '=', entryId)
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
      }
      web = await serveWebDemo(temp.db, { ALLOWED_USER_IDS: String(OWNER_ID) }, 'local');
      browser = await launchChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await web?.server.close();
      await temp?.cleanup();
    });

    async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
      const page = await (await browser.newContext({ viewport })).newPage();
      await page.goto(`${web.url}${await web.view.loginPath(OWNER_ID)}`);
      return page;
    }

    /** Whether an element's box lies within the first screen. */
    const onFirstScreen = async (page: Page, selector: string, height: number) => {
      const box = await page.locator(selector).first().boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= height;
    };

    it.each(VIEWPORTS)(
      '$name: the home page shows this month on the first screen with today marked',
      { timeout: 60_000 },
      async (viewport) => {
        const page = await signedIn(viewport);
        await expect(page.locator('main h1').textContent()).resolves.toBe('2024');
        // serveWebDemo's clock reads 2024-07-01T00:00Z: "today" is July 1st in UTC.
        const today = page.locator('.this-month [aria-current="date"]');
        await expect(today.textContent()).resolves.toBe('1');
        await expect(page.locator('.this-month caption').textContent()).resolves.toBe('July 2024');
        expect(await onFirstScreen(page, '.this-month [aria-current="date"]', viewport.height)).toBe(true);
        // The year is still there: every month of it, below this one.
        await expect(page.locator('.year table.month').count()).resolves.toBe(12);
        await page.close();
      },
    );

    it.each(VIEWPORTS)(
      '$name: the Timeline lists entries newest first, thumbnails at most 320 px wide',
      { timeout: 60_000 },
      async (viewport) => {
        const page = await signedIn(viewport);
        await page.click('nav a:has-text("Timeline")');
        await expect(page.locator('main h1').textContent()).resolves.toBe('Timeline');
        const stamps = await page
          .locator('article.entry time')
          .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
        expect(stamps.length).toBeGreaterThanOrEqual(20);
        expect(stamps).toEqual([...stamps].sort().reverse());
        expect(stamps[0]!.startsWith('2024-06-30')).toBe(true); // the latest day first: the photo's
        const thumbnail = page.locator('main .media-items img').first();
        await page.waitForFunction((img) => (img as { complete: boolean }).complete, await thumbnail.elementHandle());
        const width = (await thumbnail.boundingBox())!.width;
        expect(width).toBeGreaterThan(100);
        expect(width).toBeLessThanOrEqual(320);
        expect(await page.locator('main').innerText()).not.toContain('[photo]');

        await page.click('a[rel="next"]');
        const earlier = await page
          .locator('article.entry time')
          .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
        expect(earlier[0]! < stamps.at(-1)!).toBe(true);
        await page.close();
      },
    );

    it.each(VIEWPORTS)(
      '$name: an entry page shows its photo and no "[photo]" label; Photos opens it',
      { timeout: 60_000 },
      async (viewport) => {
        const page = await signedIn(viewport);
        await page.click('nav a:has-text("Photos")');
        await expect(page.locator('main h1').textContent()).resolves.toBe('Photos');
        await page.click('ul.photo-grid a');
        await page.waitForURL(new RegExp(`/entry/${photoEntry}$`));
        const photo = page.locator('main .media-items img');
        await page.waitForFunction((img) => (img as { complete: boolean }).complete, await photo.elementHandle());
        await expect(
          photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        ).resolves.toBeGreaterThan(0);
        expect(await page.locator('main').innerText()).not.toContain('[photo]');
        await page.close();
      },
    );

    it(
      'search lists best matches first, newest first when asked, with small thumbnails; a journal is named in the heading',
      { timeout: 60_000 },
      async () => {
        const page = await signedIn(VIEWPORTS[0]);
        await page.goto(`${web.url}/search?q=walk`);
        await expect(page.locator('p.order strong').textContent()).resolves.toBe('Best matches');
        await page.goto(`${web.url}/search?q=walk&order=newest`);
        const days = await page
          .locator('article.entry .meta a[href^="/day/"]')
          .evaluateAll((els) => els.map((e) => e.textContent!));
        expect(days.length).toBeGreaterThan(5);
        expect(days).toEqual([...days].sort().reverse());
        // The photo entry's search result: its picture is a small thumbnail.
        await page.goto(`${web.url}/search?q=Sunset`);
        const small = page.locator('main .media-items.small img').first();
        await page.waitForFunction((img) => (img as { complete: boolean }).complete, await small.elementHandle());
        expect((await small.boundingBox())!.width).toBeLessThanOrEqual(120);
        await page.goto(`${web.url}/journal/Dreams/`);
        await expect(page.locator('main h1').textContent()).resolves.toBe('2024 in Dreams');
        await page.close();
      },
    );
  },
);
