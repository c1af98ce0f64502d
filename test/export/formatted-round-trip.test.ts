// A Telegram post with bold, a link and code is imported as Markdown, shown formatted by the web view, and comes back
// the same through the journal's JSON export and its re-import.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTelegramExport } from '../../src/importer/telegram-export/import-export.ts';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { entryMarkdown } from '../../src/web/entry-markdown.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 111;
const dir = mkdtempSync(path.join(tmpdir(), 'formatted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let source: TempDb;
let target: TempDb;
beforeEach(async () => {
  source = await createTempDb();
  target = await createTempDb();
});
afterEach(async () => {
  await source.cleanup();
  await target.cleanup();
});

const POST = {
  id: 1,
  type: 'message',
  date: '2024-03-01T10:00:00',
  date_unixtime: '1709283600',
  from: 'Diary',
  from_id: 'channel5000',
  text: [
    { type: 'bold', text: 'Big news' },
    ' 🎉: read ',
    { type: 'text_link', text: 'the essay', href: 'http://example.com/' },
    ', then run ',
    { type: 'code', text: 'npm ci' },
    { type: 'strikethrough', text: ' today' },
    ' — 2*3 = 6, my_var stays',
  ],
};
const MARKDOWN =
  '**Big news** 🎉: read [the essay](http://example.com/), then run `npm ci` ~~today~~ — 2\\*3 = 6, my_var stays';

const contents = (db: TempDb['db']) => db.selectFrom('entry').select('content').execute();

describe('formatting through import, the web view and the JSON export', () => {
  it('keeps bold, a link and code as Markdown, renders them, and round-trips them unchanged', async () => {
    const exportFile = path.join(dir, 'result.json');
    writeFileSync(exportFile, JSON.stringify({ name: 'Diary', type: 'private_channel', id: 5000, messages: [POST] }));
    const report = await importTelegramExport(source.db, exportFile, { ownerId: OWNER, timeZone: 'Europe/Berlin' });
    expect(report.error).toBeNull();
    expect(await contents(source.db)).toEqual([{ content: MARKDOWN }]);

    const html = entryMarkdown(MARKDOWN).toString();
    expect(html).toContain('<strong>Big news</strong>');
    expect(html).toContain('<code>npm ci</code>');
    expect(html).toContain('<span class="link">the essay</span>');
    expect(html).toContain('<del>today</del>');
    expect(html).toContain('2*3 = 6, my_var stays');

    const journalFile = path.join(dir, 'journal.json');
    await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'json',
      out: { file: journalFile },
      timeZone: 'Europe/Berlin',
      dayStartsAt: '04:00',
      now: new Date('2025-01-10T12:00:00Z'),
    });
    expect(readFileSync(journalFile, 'utf8')).toContain(JSON.stringify(MARKDOWN));
    await importJournalExport(target.db, journalFile);
    expect(await contents(target.db)).toEqual([{ content: MARKDOWN }]);
  });
});
