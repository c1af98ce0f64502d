// importTelegramExport end to end on a migrated SQLite file: what becomes an entry, chat choice, idempotency, interruption.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countEntries } from '../../src/journal/views/entry-queries.ts';
import {
  importTelegramExport,
  type ImportOptions,
  type ImportReport,
} from '../../src/importer/telegram-export/import-export.ts';
import { SKIP_REASONS } from '../../src/importer/telegram-export/export-format.ts';
import { writeSyntheticExport } from '../../scripts/synthetic-export.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('Telegram export import', (store) => {
  const OWNER = 111;
  const BOT = 4242;
  const fixture = (name: string) => path.join(REPO_ROOT, 'test/fixtures/telegram-export', name);
  const dir = mkdtempSync(path.join(tmpdir(), 'import-export-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
  });
  afterEach(() => temp.cleanup());

  const run = (file: string, options: Partial<ImportOptions> = {}) =>
    importTelegramExport(temp.db, file, {
      ownerId: OWNER,
      timeZone: 'Europe/Berlin',
      now: () => new Date('2024-06-01T12:00:00Z'),
      ...options,
    });
  const entries = () => temp.db.selectFrom('entry').selectAll().orderBy('chat_id').orderBy('message_id').execute();
  const skippedTotal = (r: ImportReport) => SKIP_REASONS.reduce((n, reason) => n + r.skipped[reason], 0);
  const nonZero = (r: ImportReport) => Object.fromEntries(Object.entries(r.skipped).filter(([, n]) => n > 0));

  describe('importTelegramExport', () => {
    it('turns the owner’s text messages (and bare media) into entries with title, text, instant, local day and time', async () => {
      const report = await run(fixture('saved-messages.json'));
      expect(report.error).toBeNull();
      expect(report).toMatchObject({
        shape: 'single',
        messages: 16,
        imported: 9,
        alreadyPresent: 0,
        interrupted: false,
      });
      const rows = await entries();
      expect(rows.map((r) => [r.message_id, r.content])).toEqual([
        [1, 'Morning pages\nSlept well.'],
        [2, 'Read **Dune** today, see https://example.com\nLoved it.'],
        [3, 'Sunset at the lake'],
        [4, '[photo]'],
        [8, 'Final text after the edit'],
        [9, 'Written before exports had unix times'],
        [10, 'A note without a sender'],
        [11, 'Rich text object'],
        [16, 'Late night thought'],
      ]);
      expect(rows[0]).toMatchObject({
        owner_id: OWNER,
        source: 'import',
        chat_id: OWNER,
        title: 'Morning pages',
        written_at: '2024-01-01T10:00:00.000Z',
        local_day: '2024-01-01',
        local_time: '11:00',
        edited_at: null,
        created_at: '2024-06-01T12:00:00.000Z',
      });
      expect(rows.find((r) => r.message_id === 8)!.edited_at).toBe(new Date((1704103200 + 999) * 1000).toISOString());
    });

    it('counts every skipped message by reason, and the counts add up', async () => {
      const report = await run(fixture('saved-messages.json'));
      expect(nonZero(report)).toEqual({ service: 1, forwarded: 1, 'no-text': 3, 'no-id': 1, 'no-date': 1 });
      expect(report.imported + report.alreadyPresent + skippedTotal(report)).toBe(report.messages);
    });

    it('follows JOURNAL_TIMEZONE: the local day, and a date without date_unixtime', async () => {
      await run(fixture('saved-messages.json'));
      const rows = await entries();
      expect(rows.find((r) => r.message_id === 16)).toMatchObject({
        written_at: '2024-01-01T23:30:00.000Z',
        local_day: '2024-01-02',
        local_time: '00:30',
      });
      expect(rows.find((r) => r.message_id === 9)).toMatchObject({
        written_at: '2024-01-05T22:30:00.000Z',
        local_day: '2024-01-05',
        local_time: '23:30',
      });
    });

    it('keeps the full-text index in step with imported entries', async () => {
      await run(fixture('saved-messages.json'));
      // Through the store's own search (FTS5 on SQLite, the tsvector on PostgreSQL).
      expect(await countEntries(temp.db, OWNER, { search: ['dune OR sunset'] })).toBe(2);
    });

    describe('a full-account export', () => {
      it('by default imports Saved Messages, private channels and the chat with this bot, and lists the rest', async () => {
        const report = await run(fixture('full-account.json'), { botId: BOT });
        expect(report.error).toBeNull();
        expect(report).toMatchObject({ shape: 'full', messages: 17, imported: 5 });
        expect((await entries()).map((r) => r.content)).toEqual([
          'Saved note one',
          'Saved note two',
          'Told the journal bot about the weekend',
          'Diary: first post',
          'Diary: second post',
        ]);
        expect(nonZero(report)).toEqual({ service: 1, forwarded: 1, 'not-owner': 1, 'chat-not-selected': 9 });
        expect(report.chats.filter((c) => !c.selected).map((c) => c.name)).toEqual([
          'Alice',
          'OtherBot',
          'Friends',
          'World News',
          'Old diary',
        ]);
        expect(report.imported + report.alreadyPresent + skippedTotal(report)).toBe(report.messages);
      });

      it('leaves the bot chat out when the bot is unknown (no token)', async () => {
        const report = await run(fixture('full-account.json'), { botId: null });
        expect(report.imported).toBe(4);
      });

      it('--chat picks chats by name (any case), by id, by Bot API id, or "Saved Messages"', async () => {
        const report = await run(fixture('full-account.json'), {
          chats: ['alice', '-1001700000001', '1600000001', 'saved messages'],
        });
        expect(report.unmatchedChats).toEqual([]);
        expect((await entries()).map((r) => [r.chat_id, r.content])).toEqual([
          [OWNER, 'Saved note one'],
          [OWNER, 'Saved note two'],
          [300000000, 'Lunch with Alice, talked about moving'],
          [1600000001, 'From a channel I left'],
          [1700000001, 'Hello friends'],
        ]);
        expect(report.skipped['not-owner']).toBe(2);
      });

      it('reports a --chat that names no chat', async () => {
        const report = await run(fixture('full-account.json'), { chats: ['Diary', 'Nobody'] });
        expect(report.unmatchedChats).toEqual(['Nobody']);
        expect(report.imported).toBe(2);
      });

      it('refuses someone else’s export and imports nothing', async () => {
        const report = await run(fixture('full-account.json'), { ownerId: 222 });
        expect(report.error?.message).toBe(
          `${fixture('full-account.json')}: is the export of Telegram user 111, but this journal belongs to user 222, so the import stopped. To import it into 111's journal, use --owner 111.`,
        );
        expect(await entries()).toEqual([]);
        const saved = await run(fixture('saved-messages.json'), { ownerId: 222 });
        expect(saved.error?.problem).toMatch(/^is the export of Telegram user 111/);
        expect(await entries()).toEqual([]);
      });
    });

    it('does not depend on key order: chats whose name, type and id follow their messages', async () => {
      const full = await run(fixture('keys-after-messages.json'));
      expect(full.error).toBeNull();
      expect((await entries()).map((r) => r.content)).toEqual(['Saved, keys after messages', 'Saved again']);
      expect(full.skipped['chat-not-selected']).toBe(2);
      const withCarol = await run(fixture('keys-after-messages.json'), { chats: ['Carol'] });
      expect(withCarol).toMatchObject({ imported: 1, unmatchedChats: [] });
      const single = await run(fixture('single-keys-after-messages.json'));
      expect(single).toMatchObject({ imported: 2, error: null });
      expect((await entries()).filter((r) => r.chat_id === 1500000002)).toHaveLength(2);
    });

    it('imports files with \\xHH escapes, keeping the control characters and an escaped backslash', async () => {
      const report = await run(fixture('control-escapes.json'));
      expect(report).toMatchObject({ imported: 2, error: null });
      expect((await entries()).map((r) => r.content)).toEqual([
        'bell\u0001 and form feed\u000c here',
        'a literal \\x41 stays',
      ]);
    });

    it('imports old exports: numeric from_id, no date_unixtime, null sender', async () => {
      const report = await run(fixture('old-numeric-ids.json'));
      expect(nonZero(report)).toEqual({ 'not-owner': 2 });
      expect((await entries()).map((r) => [r.content, r.written_at])).toEqual([
        ['Old export, numeric sender id', '2020-07-01T07:00:00.000Z'],
        ['Shifted peer id, **still mine**', '2020-12-01T08:10:00.000Z'],
      ]);
    });

    describe('idempotent', () => {
      it('importing the same export twice adds nothing the second time', async () => {
        await run(fixture('full-account.json'), { botId: BOT });
        const again = await run(fixture('full-account.json'), { botId: BOT });
        expect(again).toMatchObject({ imported: 0, alreadyPresent: 5 });
        expect(await entries()).toHaveLength(5);
      });

      it('a newer export overlapping an older one adds only the new messages', async () => {
        const older = path.join(dir, 'older.json');
        const newer = path.join(dir, 'newer.json');
        await writeSyntheticExport(older, { messages: 300 });
        await writeSyntheticExport(newer, { messages: 500 }); // the same first 300 messages, then 200 more
        expect((await run(older)).imported).toBe(300);
        expect(await run(newer)).toMatchObject({ imported: 200, alreadyPresent: 300 });
        const dupes = await sql<{ n: number }>`select count(*) - count(distinct message_id) as n from entry`.execute(
          temp.db,
        );
        expect(dupes.rows[0]!.n).toBe(0);
      });

      it('a newer export of an edited message updates its entry and keeps the earlier text as a revision', async () => {
        const chat = (text: string, edited?: string) => ({
          name: 'Diary',
          type: 'private_channel',
          id: 77,
          messages: [
            {
              id: 1,
              type: 'message',
              date: '2024-04-01T09:00:00',
              date_unixtime: '1711962000',
              text,
              ...(edited ? { edited: '2024-04-02T10:00:00', edited_unixtime: edited } : {}),
            },
          ],
        });
        const older = path.join(dir, 'edit-older.json');
        const newer = path.join(dir, 'edit-newer.json');
        writeFileSync(older, JSON.stringify(chat('first version')));
        writeFileSync(newer, JSON.stringify(chat('final version', '1712052000')));
        await run(older);
        expect(await run(newer)).toMatchObject({ imported: 0, alreadyPresent: 1, revised: 1 });
        expect((await entries()).map((r) => [r.content, r.edited_at])).toEqual([
          ['final version', '2024-04-02T10:00:00.000Z'],
        ]);
        const revisions = await temp.db.selectFrom('entry_revision').select('content').execute();
        expect(revisions.map((r) => r.content)).toEqual(['first version']);
      });
    });

    it('an interrupted import commits whole batches only, and a second run completes it without duplicates', async () => {
      const file = path.join(dir, 'interrupted.json');
      // Fewer on PostgreSQL (PGlite inserts more slowly), still many batches of 200.
      const made = await writeSyntheticExport(file, { messages: store === 'sqlite' ? 6000 : 2000, mix: true });
      const stop = new AbortController();
      const first = await run(file, { signal: stop.signal, batchSize: 200, onProgress: () => stop.abort() });
      expect(first.interrupted).toBe(true);
      expect(first.imported).toBeGreaterThan(0);
      expect(first.imported).toBeLessThan(made.entries);
      expect(await entries()).toHaveLength(first.imported);
      const second = await run(file);
      expect(second).toMatchObject({
        interrupted: false,
        imported: made.entries - first.imported,
        alreadyPresent: first.imported,
      });
      expect(await entries()).toHaveLength(made.entries);
    });

    // Progress is the reader's, whatever the store: 4,000 messages run on SQLite only, to keep npm test short.
    it.skipIf(store !== 'sqlite')('reports progress by bytes and messages, up to the whole file', async () => {
      const file = path.join(dir, 'progress.json');
      const made = await writeSyntheticExport(file, { messages: 4000, shape: 'full' });
      const seen: { bytesRead: number; messages: number }[] = [];
      const report = await run(file, { onProgress: (p) => seen.push(p) });
      expect(report.imported).toBe(made.entries);
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.at(-1)).toMatchObject({
        bytesRead: made.bytes,
        totalBytes: made.bytes,
        messages: made.messages,
        imported: made.entries,
      });
    });

    it('a broken file is reported, not thrown, and whole messages before the break are kept', async () => {
      const report = await run(path.join(dir, 'missing.json'));
      expect(report.error?.message).toBe(`${path.join(dir, 'missing.json')}: no such file.`);
      const cut = path.join(dir, 'cut.json');
      const made = await writeSyntheticExport(path.join(dir, 'whole.json'), { messages: 2000 });
      const { readFileSync } = await import('node:fs');
      writeFileSync(cut, readFileSync(made.file).subarray(0, Math.floor(made.bytes / 2)));
      const partial = await run(cut);
      expect(partial.error?.problem).toMatch(/truncated/);
      expect(partial.imported).toBeGreaterThan(900);
      expect(await entries()).toHaveLength(partial.imported);
      expect((await run(made.file)).imported).toBe(2000 - partial.imported);
    });
  });
});
