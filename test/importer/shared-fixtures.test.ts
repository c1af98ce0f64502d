// Every sample in the shared fixtures folder (real and hand-written exports, see its PROVENANCE.md) imports as expected.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTelegramExport, type ImportOptions } from '../../src/importer/telegram-export/import-export.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import {
  SHARED_TELEGRAM_EXPORTS as SHARED,
  TELEGRAM_SKIP_REASON,
  sharedTelegramExportsPresent as present,
} from '../helpers/shared-fixtures.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const run = (name: string, options: Partial<ImportOptions> & { ownerId: number }) =>
  importTelegramExport(temp.db, path.join(SHARED, name), { timeZone: 'Europe/Moscow', ...options });
const contents = async () =>
  await temp.db
    .selectFrom('entry')
    .select(['chat_id', 'message_id', 'content', 'written_at'])
    .orderBy('message_id')
    .execute();
const nonZero = (skipped: Record<string, number>) =>
  Object.fromEntries(Object.entries(skipped).filter(([, n]) => n > 0));

describe.skipIf(!present)(`shared fixtures in ${SHARED} ${present ? '' : TELEGRAM_SKIP_REASON}`, () => {
  it('ragtgbot-private-group.json: a genuine group export, the owner’s messages only', async () => {
    const mine = await run('ragtgbot-private-group.json', { ownerId: 12345678 });
    expect(mine).toMatchObject({ error: null, imported: 4 });
    expect(nonZero(mine.skipped)).toEqual({ service: 1 });
    expect((await contents()).map((r) => r.chat_id)).toEqual([4696915167, 4696915167, 4696915167, 4696915167]);
    expect((await contents())[2]!.content).toBe('Что то на русском.');
    const someoneElse = await run('ragtgbot-private-group.json', { ownerId: 111 });
    expect(nonZero(someoneElse.skipped)).toEqual({ service: 1, 'not-owner': 4 });
  });

  it('chat-analytics-dm-personal.json: mixed text arrays, photos without text, dates with only one of date/date_unixtime', async () => {
    const report = await run('chat-analytics-dm-personal.json', { ownerId: 300000000 });
    expect(report).toMatchObject({ error: null, imported: 4 });
    expect(nonZero(report.skipped)).toEqual({ service: 2, 'not-owner': 2 });
    expect((await contents()).map((r) => [r.message_id, r.content])).toEqual([
      [3645, 'hello world'],
      [3663, 'blah blah'],
      [3672, '[photo]'], // photos without text are entries of their kind
      [3673, '[photo]'],
    ]);
    expect((await contents()).slice(0, 2).map((r) => r.written_at)).toEqual([
      '2022-03-08T10:07:42.000Z', // only `date`, read in JOURNAL_TIMEZONE (Moscow, +3)
      '2022-05-09T23:26:09.000Z',
    ]);
    // The chat partner's id as the owner: this export was made by the other account, and is refused as such.
    const bob = await run('chat-analytics-dm-personal.json', { ownerId: 700000000 });
    expect(bob.error?.message).toMatch(/another account's export/);
    expect(bob.imported).toBe(0);
  });

  it('chat-analytics-full-account.json: a full-account export, chats chosen with --chat', async () => {
    const byDefault = await run('chat-analytics-full-account.json', { ownerId: 100000001 });
    expect(byDefault).toMatchObject({ error: null, shape: 'full', imported: 0, messages: 6 });
    expect(byDefault.chats.map((c) => [c.name, c.type, c.messages, c.selected])).toEqual([
      ['Chat One', 'personal_chat', 2, false],
      ['Chat Two', 'private_group', 4, false],
    ]);
    const chosen = await run('chat-analytics-full-account.json', {
      ownerId: 100000001,
      chats: ['Chat One', '700000002'],
    });
    expect(nonZero(chosen.skipped)).toEqual({ 'not-owner': 5, service: 1 });
    expect(await run('chat-analytics-full-account.json', { ownerId: 300000000 })).toMatchObject({
      imported: 0,
      error: { problem: expect.stringMatching(/^is the export of Telegram user 100000001/) },
    });
  });

  it('chatstyle-synthetic-personal.json: link, bold and mention parts, a caption, a forward, a sticker, multi-line text', async () => {
    const report = await run('chatstyle-synthetic-personal.json', { ownerId: 111 });
    expect(report).toMatchObject({ error: null, imported: 5 });
    expect(nonZero(report.skipped)).toEqual({ 'not-owner': 3, service: 1, forwarded: 1, 'no-text': 2 });
    expect((await contents()).map((r) => r.content)).toEqual([
      'привет))',
      'смотри https://example.com/a круто',
      'ну **реально** норм, @boris_k глянь',
      'короче вот фотка',
      'ладно))\nщас дойду',
    ]);
  });

  it('chat-miner-minimal-full-account.json: a chat and messages without ids or types are counted, not imported, and nothing crashes', async () => {
    const byDefault = await run('chat-miner-minimal-full-account.json', { ownerId: 111 });
    expect(byDefault).toMatchObject({ error: null, imported: 0, messages: 2 });
    expect(nonZero(byDefault.skipped)).toEqual({ 'chat-not-selected': 2 });
    const chosen = await run('chat-miner-minimal-full-account.json', { ownerId: 111, chats: ['Chatname'] });
    expect(chosen).toMatchObject({ error: null, imported: 0, unmatchedChats: [] });
    expect(nonZero(chosen.skipped)).toEqual({ 'not-owner': 2 });
  });
});
