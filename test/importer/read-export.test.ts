// The streaming reader: both export shapes, any chunking, any key order, and one clear error per broken file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportError } from '../../src/importer/import-error.ts';
import { readExport, type ReadExportOptions } from '../../src/importer/telegram-export/read-export.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const fixture = (name: string) => path.join(REPO_ROOT, 'test/fixtures/telegram-export', name);
const dir = mkdtempSync(path.join(tmpdir(), 'read-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tempFile = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

async function readAll(file: string, options: ReadExportOptions = {}) {
  const { outline, batches } = readExport(file, options);
  const messages: { chat: string; id: unknown; text: unknown }[] = [];
  let bytes = 0;
  for await (const batch of batches) {
    for (const { chat, raw } of batch.items)
      messages.push({ chat: chat.key, id: (raw as any).id, text: (raw as any).text });
    bytes = batch.bytesRead;
  }
  const chats = [...outline.chats.values()].map((c): Record<string, unknown> => ({
    key: c.key,
    section: c.section,
    ...c.object,
    messages: c.messages,
  }));
  return { outline, messages, chats, bytes };
}

async function failure(file: string): Promise<ImportError> {
  try {
    await readAll(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return error as ImportError;
  }
  throw new Error(`expected ${file} to fail`);
}

describe('readExport', () => {
  it('reads a single-chat export: its messages in order, the chat keys, the whole file', async () => {
    const file = fixture('saved-messages.json');
    const { outline, messages, chats, bytes } = await readAll(file);
    expect(outline.shape).toBe('single');
    expect(messages).toHaveLength(16);
    expect(messages[0]).toEqual({ chat: 'single', id: 1, text: 'Morning pages\nSlept well.' });
    expect(chats).toEqual([{ key: 'single', section: 'single', type: 'saved_messages', id: 111, messages: 16 }]);
    expect(bytes).toBe(readFileSync(file).length);
  });

  it('reads a full-account export: chats and left chats, with their names, types and ids, and whose export it is', async () => {
    const { outline, chats, messages } = await readAll(fixture('full-account.json'));
    expect(outline.shape).toBe('full');
    expect(outline.exporterId).toBe(111);
    expect(chats.map((c) => [c.key, c.type, c.id, c.messages])).toEqual([
      ['chats:0', 'personal_chat', 300000000, 3],
      ['chats:1', 'saved_messages', 111, 2],
      ['chats:2', 'private_channel', 1500000001, 4],
      ['chats:3', 'bot_chat', 4242, 2],
      ['chats:4', 'bot_chat', 5555, 1],
      ['chats:5', 'private_supergroup', 1700000001, 2],
      ['chats:6', 'public_channel', 1800000001, 2],
      ['left_chats:0', 'private_channel', 1600000001, 1],
    ]);
    expect(messages).toHaveLength(17);
  });

  it('gives the same result whatever the chunk size', async () => {
    for (const name of ['full-account.json', 'control-escapes.json', 'saved-messages.json']) {
      const whole = await readAll(fixture(name));
      for (const chunkBytes of [1, 7, 64]) expect(await readAll(fixture(name), { chunkBytes })).toEqual(whole);
    }
  });

  it('picks up chat keys written after the messages', async () => {
    const { chats } = await readAll(fixture('keys-after-messages.json'));
    expect(chats.map((c) => [c.key, c.name ?? null, c.type, c.id])).toEqual([
      ['chats:0', 'Carol', 'personal_chat', 500000000],
      ['chats:1', null, 'saved_messages', 111],
    ]);
  });

  it('hands over only the chats asked for, and still counts the others', async () => {
    const { messages, chats } = await readAll(fixture('full-account.json'), { onlyChats: new Set(['chats:1']) });
    expect(messages.map((m) => m.text)).toEqual(['Saved note one', 'Saved note two']);
    expect(chats.find((c) => c.key === 'chats:0')!.messages).toBe(3);
  });

  it('reads \\xHH escapes as the control characters they stand for', async () => {
    const { messages } = await readAll(fixture('control-escapes.json'));
    expect(messages.map((m) => m.text)).toEqual(['bell\u0001 and form feed\u000c here', 'a literal \\x41 stays']);
  });

  describe('errors name the file and the problem', () => {
    it('a missing file, a folder, an empty file', async () => {
      expect((await failure(path.join(dir, 'nope.json'))).message).toBe(
        `${path.join(dir, 'nope.json')}: no such file.`,
      );
      mkdirSync(path.join(dir, 'folder.json'), { recursive: true });
      expect((await failure(path.join(dir, 'folder.json'))).message).toMatch(/folder\.json: is not a file\.$/);
      expect((await failure(tempFile('empty.json', ' \n'))).message).toMatch(/empty\.json: is empty\.$/);
    });

    it('not JSON at all', async () => {
      expect((await failure(tempFile('notes.txt', 'Dear diary,\ntoday…'))).problem).toBe(
        'is not JSON (it starts with "Dear diary,").',
      );
    });

    it('JSON that is not an export', async () => {
      expect((await failure(tempFile('list.json', '[1, 2, 3]'))).problem).toBe(
        'is JSON, but not a Telegram Desktop export: the top level is not an object.',
      );
      expect((await failure(tempFile('other.json', '{"users": [], "version": 2}'))).problem).toBe(
        'is JSON, but not a Telegram Desktop export: it has no "messages" or "chats" (top-level keys: "users", "version").',
      );
    });

    it('an export whose messages, chats.list or a chat is the wrong type names the field', async () => {
      const cases: [string, string][] = [
        ['{"type":"saved_messages","id":111,"messages":{}}', '"messages" is an object, not an array'],
        ['{"type":"saved_messages","id":111,"messages":"x"}', '"messages" is a string, not an array'],
        ['{"type":"saved_messages","id":111,"messages":null}', '"messages" is null, not an array'],
        ['{"type":"saved_messages","id":111,"messages":42}', '"messages" is a number, not an array'],
        ['{"chats":{"list":"x"}}', '"chats.list" is a string, not an array'],
        ['{"chats":[]}', '"chats" is an array, not an object'],
        ['{"chats":{"list":[7]}}', '"chats.list[…]" is a number, not an object'],
        [
          '{"left_chats":{"list":[{"id":1,"messages":{"a":1}}]}}',
          '"left_chats.list[…].messages" is an object, not an array',
        ],
      ];
      for (const [json, problem] of cases) {
        expect((await failure(tempFile('wrong-type.json', json))).problem, json).toBe(
          `is JSON, but not a Telegram Desktop export: ${problem}.`,
        );
      }
    });

    it('nesting past 100 levels is cut out before the parser: the message is marked too deep, the next one is whole', async () => {
      const deep = '['.repeat(300_000) + ']'.repeat(300_000);
      const file = tempFile('deep.json', `{"junk":${deep},"messages":[{"id":1,"text":${deep}},{"id":2,"text":"ok"}]}`);
      const { messages } = await readAll(file);
      expect(messages.map((m) => m.id)).toEqual([1, 2]);
      expect(messages[1]!.text).toBe('ok');
      const { batches } = readExport(file);
      const items = [];
      for await (const batch of batches) items.push(...batch.items);
      expect(items.map((i) => i.tooDeep ?? false)).toEqual([true, false]);
    });

    it('a truncated export, wherever it was cut', async () => {
      const whole = readFileSync(fixture('full-account.json'));
      for (const at of [1, 100, 1000, 3000, whole.length - 2]) {
        const error = await failure(tempFile(`cut-${at}.json`, whole.subarray(0, at)));
        expect(error.problem).toMatch(/^ends in the middle of the JSON after \d+ bytes: the file is truncated/);
      }
    });

    it('a syntax error, with its line and column in the original file (after \\x escapes)', async () => {
      const error = await failure(
        tempFile('broken.json', '{\n "name": "a\\x01b",\n "messages": [\n  {"id": 1 "type": "message"}\n ]\n}'),
      );
      expect(error.problem).toBe('is not valid JSON at line 4, column 12: unexpected string "type".');
      expect(error.position).toEqual({ line: 4, column: 12, byte: 47 });
      const bad = await failure(tempFile('bad-char.json', '{"messages": [\n  {"id": 1, "text": ?}]}'));
      expect(bad.problem).toBe('is not valid JSON at line 2, column 21: unexpected character "?".');
    });

    it('data after the end of the export', async () => {
      expect((await failure(tempFile('twice.json', '{"messages": []}\n{"messages": []}'))).problem).toBe(
        'has more data after the end of the JSON, at line 2, column 1.',
      );
    });
  });
});
