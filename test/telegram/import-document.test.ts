// An owner's result.json sent to the bot is downloaded through the Bot API (getFile, then the file URL) and imported.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { documentUpdate, OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { entriesWithMedia } from '../helpers/entry-media-columns.ts';

const fixture = (name: string) => readFileSync(path.join(REPO_ROOT, 'test/fixtures/telegram-export', name));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ JOURNAL_TIMEZONE: 'Europe/Berlin' });
});
afterEach(() => t.close());

const entries = () => entriesWithMedia(t.temp.db).orderBy('entry.id').execute();
const statusTexts = () =>
  [...t.api.callsTo('sendMessage'), ...t.api.callsTo('editMessageText')].map((c) => String(c.payload.text));
const finalText = () => String(t.api.callsTo('editMessageText').at(-1)?.payload.text ?? '');

describe('importing an export sent as a document', () => {
  it('downloads it via getFile and the file URL, imports it, and ends the one status message with the summary', async () => {
    const content = fixture('saved-messages.json');
    t.api.addFile('export-1', content);
    await t.send(documentUpdate('export-1', 'result.json', content.length));

    expect(t.api.callsTo('getFile')[0]!.payload).toMatchObject({ file_id: 'export-1' });
    const rows = await entries();
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.source === 'import' && r.owner_id === OWNER_ID && r.chat_id === OWNER_ID)).toBe(true);
    expect(t.api.callsTo('sendMessage')).toHaveLength(1);
    const statusId = t.api.callsTo('sendMessage')[0]!;
    expect(statusId.payload.text).toMatch(/^Importing result\.json/);
    expect(t.api.callsTo('editMessageText').every((c) => c.payload.chat_id === OWNER_ID)).toBe(true);
    expect(finalText()).toMatch(/^Imported 9 entries from 1 chat/);
    expect(finalText()).toMatch(/Skipped 7 messages/);
  });

  it('a document with a caption is imported, not stored as an entry', async () => {
    const content = fixture('saved-messages.json');
    t.api.addFile('export-2', content);
    await t.send(documentUpdate('export-2', 'result.json', content.length, { caption: 'my export' }));
    const rows = await entries();
    expect(rows.some((r) => r.content === 'my export')).toBe(false);
    expect(rows).toHaveLength(9);
  });

  it('sending the same export twice adds nothing the second time', async () => {
    const content = fixture('saved-messages.json');
    t.api.addFile('export-3', content);
    await t.send(documentUpdate('export-3', 'result.json', content.length));
    await t.send(documentUpdate('export-3', 'result.json', content.length));
    expect(await entries()).toHaveLength(9);
    expect(finalText()).toMatch(/^Imported 0 entries from 1 chat; 9 already in the journal/);
  });

  it('over 20 MB: explains the CLI import and downloads nothing', async () => {
    await t.send(documentUpdate('huge', 'result.json', 25 * 1024 * 1024));
    expect(t.api.callsTo('getFile')).toHaveLength(0);
    const [reply] = t.api.callsTo('sendMessage');
    expect(reply!.payload.text).toMatch(/up to 20 MB/);
    expect(reply!.payload.text).toContain('npm run import -- path/to/result.json');
    expect(await entries()).toHaveLength(0);
  });

  it('a size the update did not state, refused by getFile as too big: explains the CLI import', async () => {
    t.api.fail('getFile', { error_code: 400, description: 'Bad Request: file is too big' });
    await t.send(documentUpdate('unsized', 'result.json', 0));
    expect(t.api.callsTo('getFile')).toHaveLength(1);
    expect(finalText()).toMatch(/up to 20 MB/);
    expect(finalText()).toContain('npm run import -- path/to/result.json');
    expect(await entries()).toHaveLength(0);
  });

  it('a getFile failure for another reason says the download failed', async () => {
    t.api.fail('getFile', {
      error_code: 400,
      description: 'Bad Request: wrong file_id or the file is temporarily unavailable',
    });
    await t.send(documentUpdate('gone', 'result.json', 100));
    expect(finalText()).toMatch(/^Could not download result\.json from Telegram/);
  });

  it('a file that is not JSON gets one clear error naming the file, and nothing is stored', async () => {
    t.api.addFile('bad', 'this is not json');
    await t.send(documentUpdate('bad', 'result.json', 16));
    expect(finalText()).toBe('Could not import result.json: is not JSON (it starts with "this is not json").');
    expect(await entries()).toHaveLength(0);
  });

  it('a truncated export keeps the whole messages before the cut and says the file is truncated', async () => {
    const content = fixture('saved-messages.json');
    const cut = content.subarray(0, content.indexOf('"id": 8,'));
    t.api.addFile('cut', cut);
    await t.send(documentUpdate('cut', 'result.json', cut.length));
    expect(finalText()).toMatch(/^Could not import result\.json: ends in the middle of the JSON .* truncated/);
    expect((await entries()).map((r) => r.message_id)).toEqual([1, 2, 3, 4]);
  });

  it('a failed download is reported and nothing is imported', async () => {
    await t.send(documentUpdate('missing-on-server', 'result.json', 100));
    expect(finalText()).toMatch(/^Could not download result\.json from Telegram/);
    expect(await entries()).toHaveLength(0);
  });

  it('the chat with this bot adds only what the bot did not capture live', async () => {
    await t.send(textUpdate('Captured live already', { messageId: 7, date: 1713171600 }));
    const content = fixture('bot-chat.json');
    t.api.addFile('bot-chat', content);
    await t.send(documentUpdate('bot-chat', 'result.json', content.length));
    const rows = await entries();
    expect(rows.map((r) => [r.source, r.content])).toEqual([
      ['live', 'Captured live already'],
      ['import', 'Written before the bot ran'],
    ]);
    expect(finalText()).toMatch(/^Imported 1 entry from 1 chat; 1 already in the journal/);
  });

  it('a JSON file with another name is imported too; other documents are kept as file entries', async () => {
    const content = fixture('saved-messages.json');
    t.api.addFile('named', content);
    await t.send(documentUpdate('named', 'telegram-export.json', content.length));
    expect(finalText()).toMatch(/^Imported 9 entries/);
    await t.send({
      message: {
        ...documentUpdate('pdf', 'notes.pdf', 100).message,
        document: {
          file_id: 'pdf',
          file_unique_id: 'u-pdf',
          file_name: 'notes.pdf',
          mime_type: 'application/pdf',
          file_size: 100,
        },
      },
    });
    expect(t.api.callsTo('getFile')).toHaveLength(1);
    expect(statusTexts().at(-1)).not.toMatch(/Importing notes\.pdf/);
    expect((await entries()).filter((r) => r.source === 'live')).toMatchObject([
      { content: '[file notes.pdf]', media_kind: 'file', media_file_id: 'pdf' },
    ]);
  });
});
