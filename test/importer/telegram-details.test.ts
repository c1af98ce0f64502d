// Issue 21's Telegram details: link addresses, polls, edit times from `edited`, edits in a later overlapping export,
// the partner's export of a personal chat refused, duplicate ids reported as damage, left chats marked.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTelegramExport } from '../../src/importer/telegram-export/import-export.ts';
import { formatImportSummary } from '../../src/importer/telegram-export/import-summary.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const fixture = (name: string) => path.join(REPO_ROOT, 'test/fixtures/telegram-export', name);
let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const run = (name: string, ownerId = 111) =>
  importTelegramExport(temp.db, fixture(name), { ownerId, timeZone: 'Europe/Berlin' });
const entry = (messageId: number) =>
  temp.db
    .selectFrom('entry')
    .selectAll()
    .where('chat_id', '=', 5000)
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();

describe('Telegram export details', () => {
  it('keeps a text_link as Markdown `[text](url)`, turns a poll into an entry, and reads `edited` in JOURNAL_TIMEZONE', async () => {
    const report = await run('details.json');
    expect(report.error).toBeNull();
    expect((await entry(1)).content).toBe('Read [this essay](https://example.com/essay) and https://example.org');
    expect((await entry(2)).content).toBe('[poll] Tea or coffee?: Tea, Coffee');
    // 08:30 in Berlin (UTC+1 in March) is 07:30 UTC.
    expect((await entry(3)).edited_at).toBe('2024-03-02T07:30:00.000Z');
    expect((await entry(1)).source_app).toBe('telegram');
    expect((await entry(1)).source_id).toBe('5000:1');
  });

  it('reports a message id repeated within one file as damage: the first kept, the rest named', async () => {
    const report = await run('details.json');
    expect(report.imported).toBe(4);
    expect(report.alreadyPresent).toBe(0);
    expect(report.skipped['duplicate-id']).toBe(2);
    expect((await entry(4)).content).toBe('The first message 4');
    const summary = formatImportSummary(report, 'add --chat').join('\n');
    expect(summary).toContain('2 repeating a message id already seen in the chat (the first kept) (messages 4 and 4)');
    expect(summary).not.toContain('already in the journal');
  });

  it('records an edit seen only in a later, overlapping export as a revision', async () => {
    await run('details.json');
    const later = await run('details-later.json');
    expect(later).toMatchObject({ error: null, imported: 1, alreadyPresent: 1, revised: 1 });
    const edited = await entry(4);
    expect(edited.content).toBe('The first message 4, edited later');
    expect(edited.edited_at).toBe('2024-03-05T09:00:00.000Z');
    const revisions = await temp.db
      .selectFrom('entry_revision')
      .select(['content', 'replaced_at'])
      .where('entry_id', '=', edited.id)
      .execute();
    expect(revisions).toEqual([{ content: 'The first message 4', replaced_at: '2024-03-05T09:00:00.000Z' }]);
  });

  it('refuses a personal chat exported by the other person (the chat id is the owner) and imports nothing', async () => {
    const report = await run('partner-personal-chat.json', 111);
    expect(report.error?.message).toMatch(/personal chat with user 111 exported from the other person's account/);
    expect(report.imported).toBe(0);
    expect(await temp.db.selectFrom('entry').select('id').execute()).toEqual([]);
    // The partner imports it as theirs: only their own message.
    const partners = await run('partner-personal-chat.json', 222);
    expect(partners).toMatchObject({ error: null, imported: 1 });
  });

  it('--dry-run counts what a real run would import and writes nothing', async () => {
    const dry = await importTelegramExport(temp.db, fixture('details.json'), {
      ownerId: 111,
      timeZone: 'Europe/Berlin',
      dryRun: true,
    });
    expect(dry).toMatchObject({ error: null, imported: 4 });
    expect(await temp.db.selectFrom('entry').select('id').execute()).toEqual([]);
    expect((await run('details.json')).imported).toBe(4);
  });

  it('marks chats the owner left as "left" in the summary', async () => {
    const report = await run('full-account.json');
    const summary = formatImportSummary(report, 'add --chat').join('\n');
    expect(summary).toContain('"Old diary" (private_channel, id 1600000001, left) 1 message');
    expect(summary).toContain('"World News" (public_channel, id 1800000001) 2 messages');
  });
});
