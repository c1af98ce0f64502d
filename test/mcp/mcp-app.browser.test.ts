// The calendar App in headless Chromium beside a minimal host (test/helpers/mcp-app-host.ts) whose tools/call reach
// the real MCP server over the official client: the App draws the demo journal's latest month with mood colours,
// opens a day's entries in one tool call (a photo's thumbnail when asked), holds its layout from 320 to 1,200 px, follows the host's theme and display mode, fits a
// phone, and asks the network for nothing.
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { Browser, Frame } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPath } from '../../src/db/code-location.ts';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { DEMO_JOURNAL, buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { createLogger } from '../../src/log/logger.ts';
import { readBuiltPages } from '../../src/mcp/app-views.ts';
import { createObjectsServer } from '../../src/mcp/objects-server.ts';
import { launchChromium, noBrowserReason } from '../helpers/browser.ts';
import { openAppInHost } from '../helpers/mcp-app-host.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 1000;
const PHOTO_DAY = '2024-06-28';
const MOODS: [string, number][] = [
  ['2024-06-03', 5],
  [PHOTO_DAY, 1],
];

/** The one browser global the test reads (the tests' types have no DOM). */
interface BrowserStyles {
  getComputedStyle(element: unknown): { backgroundColor: string };
}

interface Calendar {
  days: { date: string; count: number; mood: number | null }[];
}

describe.skipIf(noBrowserReason !== null)(
  `the calendar MCP App in a browser${noBrowserReason ? ` (skipped: ${noBrowserReason})` : ''}`,
  () => {
    let temp: TempDb;
    let client: Client;
    let browser: Browser;
    let html: string;
    let toolResult: { structuredContent: Calendar };

    beforeAll(async () => {
      // The App's page is what scripts/build.mjs makes: build it when the sources are newer (a fresh clone has none).
      const build = (...args: string[]) =>
        spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
      if (build('--check').status !== 0) expect(build().status).toBe(0);
      temp = await createTempDb('sqlite');
      await buildGeneratedJournal(temp.db, { ownerId: OWNER, ...DEMO_JOURNAL, timeZone: 'UTC' });
      for (const [day, mood] of MOODS) await setMood(temp.db, OWNER, day, mood, new Date('2024-07-01T00:00:00Z'));
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const shot = new Date(`${PHOTO_DAY}T09:00:00Z`);
      const media = [
        {
          kind: 'photo' as const,
          mimeType: 'image/jpeg',
          fileId: 'p1',
          fileName: null,
          durationSeconds: null,
          fileSize: photo.length,
          width: 800,
          height: 600,
        },
      ];
      const id = await storeEntry(
        temp.db,
        {
          ownerId: OWNER,
          source: 'live',
          chatId: OWNER,
          messageId: 9200,
          writtenAt: shot,
          text: 'A blue photo from the river',
          media,
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

      const server = createObjectsServer({
        operations: createJournalOperations(temp.db, OWNER, { timeZone: 'UTC' }),
        instructions: 'The journal.',
        rootIds: ['journal'],
        logger: createLogger({ write: () => {} }),
        version: '0.0.0-test',
        readAppPage: readBuiltPages(builtPath),
      });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      client = new Client({ name: 'journal-app-host', version: '1.0.0' });
      await client.connect(clientSide);
      html = ((await client.readResource({ uri: 'ui://journal/calendar.html' })).contents[0] as { text: string }).text;
      toolResult = (await client.callTool({
        name: 'showCalendar',
        arguments: { objId: 'journal' },
      })) as typeof toolResult;
      browser = await launchChromium();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await client?.close();
      await temp?.cleanup();
    });

    const writtenDays = (frame: Frame) =>
      frame.locator('.day[data-count]').evaluateAll((days) =>
        days.map((d) => ({
          date: d.getAttribute('data-date'),
          count: Number(d.getAttribute('data-count')),
          mood: d.getAttribute('data-mood'),
        })),
      );
    const expectedDays = (month: string) =>
      toolResult.structuredContent.days
        .filter((d) => d.date.startsWith(month))
        .map((d) => ({ date: d.date, count: d.count, mood: d.mood === null ? null : String(d.mood) }));

    it("draws the latest month's days with their counts and moods, and steps back a month", async () => {
      const host = await openAppInHost(browser, { html, toolResult, client });
      const frame = await host.frame();
      await frame.locator('.day[data-count]').first().waitFor();
      expect(await writtenDays(frame)).toEqual(expectedDays('2024-06'));
      expect(await frame.locator('.month-name').textContent()).toBe('2024-06');
      // Mood colours: 1 is red.
      expect(
        await frame
          .locator(`.day[data-date="${PHOTO_DAY}"]`)
          .evaluate((day) => (globalThis as unknown as BrowserStyles).getComputedStyle(day).backgroundColor),
      ).toBe('rgb(217, 83, 79)');
      await frame.getByTitle('Previous month').click();
      await frame.locator('.month-name', { hasText: '2024-05' }).waitFor();
      expect(await writtenDays(frame)).toEqual(expectedDays('2024-05'));
      // Fits a phone: nothing wider than the frame.
      expect(await frame.locator('html').evaluate((root) => root.scrollWidth <= root.clientWidth)).toBe(true);
      expect(host.requested.filter((url) => !/^about:(blank|srcdoc)$/.test(url))).toEqual([]);
      await host.page.context().close();
    });

    it("opens a day in one tool call, each title printed once, and a photo's thumbnail only when asked", async () => {
      const host = await openAppInHost(browser, { html, toolResult, client });
      const frame = await host.frame();
      await frame.locator(`.day[data-date="${PHOTO_DAY}"]`).click();
      await frame.locator('#entries h2', { hasText: PHOTO_DAY }).waitFor();
      const rows = await temp.db
        .selectFrom('entry')
        .select(['content', 'title'])
        .where('owner_id', '=', OWNER)
        .where('local_day', '=', PHOTO_DAY)
        .orderBy('written_at')
        .orderBy('id')
        .execute();
      await expect.poll(() => frame.locator('.entry').count()).toBe(rows.length);
      // Opening the day was one call: the entries, their texts and their media came with getEntriesForDay.
      expect(host.toolCalls).toEqual([
        expect.objectContaining({
          name: 'invokeMethod',
          arguments: { objId: 'journal', methodName: 'getEntriesForDay', args: { date: PHOTO_DAY } },
        }),
      ]);
      const shown = await frame
        .locator('.entry')
        .evaluateAll((articles) =>
          articles.map((a) => [a.querySelector('h3')?.textContent ?? '', a.querySelector('p')?.textContent ?? '']),
        );
      const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
      shown.forEach(([title, body], i) => {
        // Every word of the entry is shown, and its title (the first line) once, not again as the text's first line.
        expect(words(`${title} ${body}`)).toBe(words(rows[i]!.content));
        if (title !== '') expect(title).toBe(rows[i]!.title);
      });
      expect(await frame.locator('.photos img').count()).toBe(0);
      await frame.getByRole('button', { name: 'Show the photo' }).click();
      const thumbnail = frame.locator('.photos img');
      await thumbnail.waitFor();
      expect(await thumbnail.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      expect(host.toolCalls.slice(1)).toEqual([
        expect.objectContaining({ arguments: expect.objectContaining({ methodName: 'viewMedia' }) }),
      ]);
      expect(host.requested.filter((url) => !/^about:(blank|srcdoc)$/.test(url))).toEqual([]);
      await host.page.context().close();
    });

    it('holds its layout from 320 to 1,200 px: no sideways scrolling, the month header over the grid, a legend', async () => {
      for (const width of [320, 720, 1200]) {
        const host = await openAppInHost(browser, { html, toolResult, client, viewport: { width, height: 800 } });
        const frame = await host.frame();
        await frame.locator(`.day[data-date="${PHOTO_DAY}"]`).click();
        await frame.locator('#entries .entry').first().waitFor();
        const layout = await frame.locator('html').evaluate((root) => {
          const box = (selector: string) => root.querySelector(selector)!.getBoundingClientRect();
          const [nav, grid, legend] = [box('nav'), box('.grid'), box('.legend')];
          return {
            overflow: root.scrollWidth - root.clientWidth,
            navEdges: [nav.left, nav.right],
            gridEdges: [grid.left, grid.right],
            legendWithin: legend.left >= grid.left - 1 && legend.right <= grid.right + 1,
            widest: Math.max(...[...root.querySelectorAll('body *')].map((e) => e.getBoundingClientRect().right)),
            viewport: root.clientWidth,
          };
        });
        expect(layout.overflow, `at ${width} px`).toBe(0);
        expect(layout.widest, `at ${width} px`).toBeLessThanOrEqual(layout.viewport + 0.5);
        expect(Math.abs(layout.navEdges[0]! - layout.gridEdges[0]!), `at ${width} px`).toBeLessThanOrEqual(1);
        expect(Math.abs(layout.navEdges[1]! - layout.gridEdges[1]!), `at ${width} px`).toBeLessThanOrEqual(1);
        expect(layout.legendWithin, `at ${width} px`).toBe(true);
        expect(await frame.locator('.legend').textContent()).toContain('written, no mood');
        await host.page.context().close();
      }
    });

    it("follows the host's dark theme, and in fullscreen draws every month", async () => {
      const hostContext = { theme: 'dark', displayMode: 'fullscreen', availableDisplayModes: ['inline', 'fullscreen'] };
      const host = await openAppInHost(browser, {
        html,
        toolResult,
        client,
        hostContext,
        viewport: { width: 1000, height: 800 },
      });
      const frame = await host.frame();
      await frame.locator('.month').first().waitFor();
      expect(await frame.locator('html').getAttribute('data-theme')).toBe('dark');
      expect(await frame.locator('.month h2').allTextContents()).toEqual(['2024-04', '2024-05', '2024-06']);
      expect(await writtenDays(frame)).toEqual(expectedDays('2024'));
      await host.page.context().close();
    });

    it("parses the result with the server's schema: an error's text or a wrong shape is said, nothing drawn", async () => {
      // A calendar whose days lost their counts (formats/calendar.ts says each has one), then showCalendar's error.
      const broken = {
        ...toolResult,
        structuredContent: { ...toolResult.structuredContent, days: [{ date: '2024-06-01', mood: null }] },
      };
      const refused = await client.callTool({ name: 'showCalendar', arguments: { objId: 'no-such-handle' } });
      for (const [result, said] of [
        [broken, 'This result is not a calendar this page can draw.'],
        [refused, /no-such-handle/],
      ] as const) {
        const host = await openAppInHost(browser, { html, toolResult: result, client });
        const frame = await host.frame();
        await frame.locator('.error').waitFor();
        expect(await frame.locator('.error').textContent()).toMatch(said);
        expect(await frame.locator('.day').count()).toBe(0);
        await host.page.context().close();
      }
    });
  },
);
