// The reader's fast lane (message-scanner.ts) changes nothing but speed: on every export, whole, cut or corrupted, in
// any chunking, the messages, the chats and the error (its words and position) are those of the tokenizer alone.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportError } from '../../src/importer/import-error.ts';
import {
  MAX_HELD_BYTES,
  MAX_NESTING,
  MessageScanner,
  messageEnd,
} from '../../src/importer/telegram-export/message-scanner.ts';
import { readExport } from '../../src/importer/telegram-export/read-export.ts';
import { writeSyntheticExport } from '../../scripts/synthetic-export.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { FUZZ_SEED, runs } from '../fuzz/fuzz-budget.ts';
import { hostileExport, toJson } from '../fuzz/hostile-export-arbs.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'message-scanner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const write = (content: string | Buffer) => {
  const file = path.join(dir, `export-${++files}.json`);
  writeFileSync(file, content);
  return file;
};
const fixture = (name: string) => path.join(REPO_ROOT, 'test/fixtures/telegram-export', name);

/** Everything a read yields, and how it ends. */
async function readAll(file: string, fastLane: boolean, chunkBytes?: number) {
  const { outline, batches } = readExport(file, { fastLane, chunkBytes });
  const items: unknown[] = [];
  let error: unknown = null;
  try {
    for await (const batch of batches)
      for (const { chat, raw, tooDeep } of batch.items) items.push({ chat: chat.key, raw, tooDeep });
  } catch (e) {
    error = e instanceof ImportError ? { problem: e.problem, position: e.position } : e;
  }
  const chats = [...outline.chats.values()].map((c) => ({ key: c.key, object: c.object, messages: c.messages }));
  return { items, chats, shape: outline.shape, exporterId: outline.exporterId, error };
}

async function expectSameRead(file: string, chunkBytes?: number) {
  const reference = await readAll(file, false, chunkBytes);
  expect(await readAll(file, true, chunkBytes)).toEqual(reference);
}

describe('the fast lane', () => {
  it('finds where a message ends, past strings with escaped quotes and brackets, and stops at MAX_NESTING', () => {
    const text = Buffer.from('{"a":"x\\"}]\\\\","b":[{"c":"{["}]} tail');
    expect(messageEnd(text, 0)).toBe(text.indexOf(' tail') - 1);
    expect(messageEnd(Buffer.from('{"a":"open'), 0)).toBe(-1);
    expect(messageEnd(Buffer.from(`{"a":${'['.repeat(MAX_NESTING)}${']'.repeat(MAX_NESTING)}}`), 0)).toBe(-2);
  });

  it('parses the messages it finds and hands the tokenizer a null for each, across any chunking', () => {
    const json = Buffer.from('{"messages": [ {"id": 1, "text": "a, [b]"} ,\n {"id": 2}, 7, {"id": 3}]}');
    for (const size of [1, 3, 10, json.length]) {
      const fed: string[] = [];
      const parsed: unknown[] = [];
      let last = '';
      const scanner = new MessageScanner({
        tokenize: (bytes) => {
          fed.push(Buffer.from(bytes).toString());
          last = Buffer.from(bytes).toString().trimEnd().slice(-1);
        },
        // A stand-in for the guard: any `[` or `,` the scanner stops at is a message's cue here.
        messageNext: () => last === '[' || last === ',',
        failed: () => false,
        message: (value) => parsed.push(value),
      });
      for (let i = 0; i < json.length; i += size) scanner.push(json.subarray(i, i + size));
      scanner.flush();
      expect(parsed).toEqual([{ id: 1, text: 'a, [b]' }, { id: 2 }, { id: 3 }]);
      expect(fed.join('').replace(/\s/g, '')).toBe('{"messages":[null,null,7,null]}');
    }
  });

  it('reads the fixtures exactly as the tokenizer does, in any chunking', async () => {
    for (const name of [
      'saved-messages.json',
      'full-account.json',
      'control-escapes.json',
      'keys-after-messages.json',
      'old-numeric-ids.json',
      'details.json',
    ]) {
      for (const chunkBytes of [1, 7, 64, undefined]) await expectSameRead(fixture(name), chunkBytes);
    }
  });

  it('reads tdesktop-shaped exports of both shapes, with every kind of message, exactly as the tokenizer does', async () => {
    for (const shape of ['single', 'full'] as const) {
      const made = await writeSyntheticExport(path.join(dir, `synthetic-${shape}.json`), {
        messages: 1_500,
        shape,
        mix: true,
      });
      for (const chunkBytes of [333, undefined]) await expectSameRead(made.file, chunkBytes);
    }
  });

  it('leaves to the tokenizer what it is not sure of, with the same outcome: bad UTF-8, bad JSON, deep or huge messages', async () => {
    const message = (body: string) => `{"id":1,"type":"message","date_unixtime":"1704103200","text":${body}}`;
    const cases: (string | Buffer)[] = [
      `{"messages":[${message('"ok"')},${message('"a\\u0000b \\ud800 c"')}]}`,
      Buffer.concat([
        Buffer.from(`{"messages":[${message('"ok"')},{"id":2,"text":"`),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}]}'),
      ]),
      `{"messages":[${message('"ok"')},{"id":2 "text":"x"}]}`,
      `{"messages":[${message('"ok"')},{"id":2,"text":"tab\there"}]}`,
      `{"messages":[${message('"ok"')},{"id":2,"text":${'['.repeat(500)}"x"${']'.repeat(500)}}]}`,
      `{"messages":[${message('"ok"')},{"__proto__":{"text":"inherited?"},"id":3}]}`,
      `{"messages":[${message('"ok"')},]}`,
      `{"messages":[${message('"ok"')} ${message('"no comma"')}]}`,
      `{"messages":[${message('"ok"')}],"messages":[${message('"again"')}]}`,
      `{"chats":{"list":[{"type":"saved_messages","id":111,"messages":[${message('"in a chat"')}]}]},"left_chats":{"list":[{"messages":[${message('"left"')}],"id":5}]}}`,
      `{"messages":[${message('"ok"')}]}\n{"messages":[]}`,
      `\ufeff{"messages":[${message('"after a BOM"')}]}`,
    ];
    for (const content of cases)
      for (const chunkBytes of [5, undefined]) await expectSameRead(write(content), chunkBytes);
    // Bigger than is held between chunks: read by the tokenizer, as before.
    const huge = write(
      `{"messages":[${message('"ok"')},${message(JSON.stringify('x'.repeat(MAX_HELD_BYTES + 10)))},${message('"after"')}]}`,
    );
    for (const chunkBytes of [100_000, undefined]) await expectSameRead(huge, chunkBytes);
  }, 60_000);

  it('on hostile exports, whole, cut anywhere or with bytes changed, the reads agree', async () => {
    const edit = fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) });
    await fc.assert(
      fc.asyncProperty(
        hostileExport(6),
        fc.array(edit, { maxLength: 3 }),
        fc.nat(),
        fc.integer({ min: 1, max: 300 }),
        async (e, edits, cut, chunkBytes) => {
          const bytes = Buffer.from(toJson(e));
          for (const { at, byte } of edits) bytes[at % bytes.length] = byte;
          const file = write(
            edits.length > 0 || cut % 3 === 0 ? bytes.subarray(0, bytes.length - (cut % bytes.length)) : bytes,
          );
          await expectSameRead(file, chunkBytes);
        },
      ),
      { numRuns: runs(60), seed: FUZZ_SEED },
    );
  }, 120_000);

  it('reports a fault after parsed messages at its place in the original file', async () => {
    const made = await writeSyntheticExport(path.join(dir, 'positions.json'), { messages: 300 });
    const text = readFileSync(made.file, 'utf8');
    const broken = write(text.replace('"id": 1250,', '"id": 1250 oops'));
    const read = await readAll(broken, true);
    expect(read.error).toEqual((await readAll(broken, false)).error);
    expect(read.items.length).toBe(250);
  });
});
