// The calendar App in headless Chromium beside a minimal host (test/helpers/mcp-app-host.ts) whose tools/call reach
// the real MCP server over the official client: the App draws the demo journal's latest month with mood colours,
// opens a day's entries and a photo's thumbnail through the host, follows the host's theme and display mode, fits a
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
        'UTC',
        shot,
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

    it("opens a day's entries and a photo's thumbnail through the host's tools/call", async () => {
      const host = await openAppInHost(browser, { html, toolResult, client });
      const frame = await host.frame();
      await frame.locator(`.day[data-date="${PHOTO_DAY}"]`).click();
      await frame.locator('#entries h2', { hasText: PHOTO_DAY }).waitFor();
      const rows = await temp.db
        .selectFrom('entry')
        .select('content')
        .where('owner_id', '=', OWNER)
        .where('local_day', '=', PHOTO_DAY)
        .orderBy('written_at')
        .orderBy('id')
        .execute();
      await expect.poll(() => frame.locator('.entry').count()).toBe(rows.length);
      expect(await frame.locator('.entry p').allTextContents()).toEqual(rows.map((r) => r.content));
      const thumbnail = frame.locator('.photos img');
      await thumbnail.waitFor();
      expect(await thumbnail.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      expect(host.toolCalls).toContainEqual(
        expect.objectContaining({
          name: 'invokeMethod',
          arguments: { objId: 'journal', methodName: 'getEntriesForDay', args: { date: PHOTO_DAY } },
        }),
      );
      expect(host.toolCalls).toContainEqual(
        expect.objectContaining({ arguments: expect.objectContaining({ methodName: 'viewMedia' }) }),
      );
      expect(host.requested.filter((url) => !/^about:(blank|srcdoc)$/.test(url))).toEqual([]);
      await host.page.context().close();
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
  },
);
