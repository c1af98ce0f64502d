// Writing in the web view, in headless Chromium at a phone's 390×844 and a laptop's 1280×800: signed in with the
// login link, an entry is written into the Dreams journal with a photo, edited, and the day's mood set; the journal
// then holds the entry with its earlier version and the photo's bytes, as a captured one's. The Mini App writes one
// the same way through its script (the initData in a header, the photo as multipart). The phone's header is measured.
import { sign } from '@tma.js/init-data-node';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEntry } from '../../src/journal/entries/entry-store.ts';
import { launchChromium, noBrowserReason } from '../helpers/browser.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { buildWebDemo, serveWebDemo, type WebDemoServer } from '../helpers/web-demo.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

describe.skipIf(noBrowserReason !== null)(
  `writing in the web view${noBrowserReason ? ` (skipped: ${noBrowserReason})` : ''}`,
  () => {
    let temp: TempDb;
    let web: WebDemoServer;
    let browser: Browser;
    let photo: Buffer;
    const requested: string[] = [];

    beforeAll(async () => {
      temp = await createTempDb('sqlite');
      await buildWebDemo(temp.db, OWNER_ID);
      const at = new Date('2024-04-05T05:00:00Z');
      const dream = { ownerId: OWNER_ID, source: 'live' as const, chatId: OWNER_ID, messageId: 9100, writtenAt: at };
      await saveEntry(
        temp.db,
        { ...dream, text: 'Dreamt of the sea', journal: 'Dreams' },
        { timeZone: 'UTC', now: at },
      );
      photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa5533' } })
        .jpeg()
        .toBuffer();
      web = await serveWebDemo(temp.db, { TELEGRAM_BOT_TOKEN: TEST_TOKEN, ALLOWED_USER_IDS: String(OWNER_ID) });
      browser = await launchChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await web?.server.close();
      await temp?.cleanup();
    });

    async function newPage(viewport: { width: number; height: number }): Promise<Page> {
      const page = await (await browser.newContext({ viewport })).newPage();
      page.on('request', (r) => void requested.push(r.url()));
      return page;
    }

    const storedEntry = (id: number) =>
      temp.db.selectFrom('entry').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    for (const viewport of VIEWPORTS) {
      it(
        `at ${viewport.width}×${viewport.height}: writes an entry with a photo, edits it, sets the day's mood`,
        { timeout: 60_000 },
        async () => {
          const page = await newPage(viewport);
          await page.goto(`${web.url}${await web.view.loginPath(OWNER_ID)}`);
          const header = await page.locator('header').boundingBox();
          if (viewport.width === 390) expect(header!.height).toBeLessThan(110);

          await page.click('nav a:has-text("Write")');
          await expect(page.locator('h1').textContent()).resolves.toBe('Write an entry');
          const first = `Written at ${viewport.width} px: **a calm morning** by the #sea\n\nSecond paragraph.`;
          await page.selectOption('#journal', 'Dreams');
          await page.fill('#text', first);
          await page.setInputFiles('#photos', { name: 'sea.jpg', mimeType: 'image/jpeg', buffer: photo });
          await page.click('button:has-text("Save the entry")');
          await page.waitForURL(/\/journal\/Dreams\/entry\/\d+\?written=1$/);
          await expect(page.locator('[role="status"]').textContent()).resolves.toBe('The entry was saved.');
          await expect(page.locator('main .whole strong').textContent()).resolves.toBe('a calm morning');
          const thumbnail = page.locator('main img[alt="Photo of the entry"]');
          await page.waitForFunction((img) => (img as { complete: boolean }).complete, await thumbnail.elementHandle());
          await expect(thumbnail.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).resolves.toBe(640);
          const id = Number(/\/entry\/(\d+)/.exec(page.url())![1]);

          await page.click('text=Edit this entry');
          await expect(page.locator('#text').inputValue()).resolves.toBe(first);
          const second = `${first}\n\nAdded later.`;
          await page.fill('#text', second);
          await page.click('button:has-text("Save the edit")');
          await page.waitForURL(new RegExp(`/journal/Dreams/entry/${id}\\?edited=1$`));
          await expect(page.locator('main .whole').innerText()).resolves.toContain('Added later.');
          await expect(page.locator('.history .content').textContent()).resolves.toBe(first);

          // The journal holds it: the new text, the earlier one as a revision, the photo's bytes kept.
          const stored = await storedEntry(id);
          expect(stored).toMatchObject({ owner_id: OWNER_ID, journal: 'Dreams', content: second, source_app: 'web' });
          const revisions = await temp.db.selectFrom('entry_revision').selectAll().where('entry_id', '=', id).execute();
          expect(revisions.map((r) => r.content)).toEqual([first]);
          const media = await temp.db.selectFrom('entry_media').selectAll().where('entry_id', '=', id).execute();
          expect(media).toMatchObject([
            { kind: 'photo', state: 'kept', mime_type: 'image/jpeg', width: 640, height: 480, size: photo.length },
          ]);
          const tags = await temp.db.selectFrom('entry_tag').select('tag').where('entry_id', '=', id).execute();
          expect(tags.map((t) => t.tag)).toEqual(['sea']);

          // The day's mood, set on the day page, shows there and on the entry's page.
          await page.goto(`${web.url}/journal/Dreams/day/${stored.local_day}`);
          await page.click('form.mood button[aria-label="Mood 4 of 5"]');
          await page.waitForURL(/\?mood=4$/);
          await expect(page.locator('.mood-panel .mood-now').textContent()).resolves.toBe('🙂 4 of 5');
          await expect(page.locator('form.mood button[aria-pressed="true"]').getAttribute('value')).resolves.toBe('4');
          await page.goto(`${web.url}/journal/Dreams/entry/${id}`);
          await expect(page.locator('main .mood-now').textContent()).resolves.toBe('Mood of the day: 🙂 4 of 5');

          // Nothing scrolls sideways, and nothing left our origin.
          expect(await page.locator('html').evaluate((root) => root.scrollWidth <= root.clientWidth)).toBe(true);
          expect(requested.filter((u) => !u.startsWith(`${web.url}/`))).toEqual([]);
          await page.context().close();
        },
      );
    }

    it('a form without text is shown again with what to fix, and nothing is stored', async () => {
      const page = await newPage(VIEWPORTS[0]!);
      await page.goto(`${web.url}${await web.view.loginPath(OWNER_ID)}`);
      await page.goto(`${web.url}/write`);
      const before = await temp.db
        .selectFrom('entry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute();
      // Only spaces: the browser's `required` lets it through, the server says what is wrong.
      await page.fill('#text', '   ');
      await page.setInputFiles('#photos', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.click('button:has-text("Save the entry")');
      await expect(page.locator('[role="alert"]').textContent()).resolves.toBe(
        'The entry is empty: write something first.',
      );
      await page.fill('#text', 'With a file that is no photo');
      await page.setInputFiles('#photos', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.click('button:has-text("Save the entry")');
      await expect(page.locator('[role="alert"]').textContent()).resolves.toBe(
        '"notes.txt" is not a picture that can be read (JPEG, PNG, WebP, GIF, HEIC or AVIF). Nothing was saved.',
      );
      // What was typed is still there.
      await expect(page.locator('#text').inputValue()).resolves.toBe('With a file that is no photo');
      const after = await temp.db
        .selectFrom('entry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute();
      expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
      await page.context().close();
    });

    it('writes and edits from the Mini App: initData in a header, the photo sent as multipart', async () => {
      const page = await newPage(VIEWPORTS[0]!);
      const initData = sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, TEST_TOKEN, new Date());
      await page.goto(`${web.url}/write#${new URLSearchParams({ tgWebAppData: initData }).toString()}`);
      await page.locator('main h1', { hasText: /^Write an entry$/ }).waitFor();
      await page.fill('#text', 'From the Mini App, with a photo');
      await page.setInputFiles('#photos', { name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.click('button:has-text("Save the entry")');
      await page.locator('[role="status"]', { hasText: 'The entry was saved.' }).waitFor();
      const id = Number(/\/entry\/(\d+)/.exec(page.url())![1]);
      expect((await storedEntry(id)).content).toBe('From the Mini App, with a photo');
      await page.click('text=Edit this entry');
      await page.locator('main h1', { hasText: /^Edit the entry/ }).waitFor();
      await page.fill('#text', 'From the Mini App, edited');
      await page.click('button:has-text("Save the edit")');
      await page.locator('[role="status"]', { hasText: 'The edit was saved' }).waitFor();
      expect((await storedEntry(id)).content).toBe('From the Mini App, edited');
      const media = await temp.db.selectFrom('entry_media').select('state').where('entry_id', '=', id).execute();
      expect(media).toEqual([{ state: 'kept' }]);
      await page.context().close();
    });
  },
);
