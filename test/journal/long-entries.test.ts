// An entry of any size can be read: lists carry its first page marked as cut, getEntry reads on page by page,
// and paging a list always advances.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_PAGE_CHARS, pageEnd } from '../../src/journal/entries/entry-reading.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { DEFAULT_RESULT_LIMIT } from '../../src/objects/bound-result.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import type { InvokeResult, ObjectOperations } from '../../src/objects/operations.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 5;
let temp: TempDb;
let ops: ObjectOperations;
beforeEach(async () => {
  temp = await createTempDb();
  ops = createJournalOperations(temp.db, OWNER);
});
afterEach(() => temp.cleanup());

const value = (r: InvokeResult): any => {
  if (r.type !== 'value') throw new Error(`expected a value, got ${JSON.stringify(r)}`);
  return r.value;
};

/** 1 MB of text with every kind of character that JSON escapes or that takes two code units. */
function megabyteText(): string {
  const motifs = [
    'plain words ',
    'quote " and backslash \\ ',
    'line\nbreak\ttab ',
    'nul \u0000 bell \u0007 ',
    'emoji 🙂 and 𝄞 ',
    'café ünïcödé ',
  ];
  let text = 'A very long entry\n';
  for (let i = 0; text.length < 1_000_000; i++) text += motifs[i % motifs.length];
  return text;
}

describe('long entries', () => {
  it('a 1 MB entry is read page by page with getEntry: every page fits the result bound, and the pages join to the whole', async () => {
    const text = megabyteText();
    await seedEntries(temp.db, OWNER, [
      ['2024-04-01T08:00:00Z', 'short one'],
      ['2024-04-01T09:00:00Z', text],
      ['2024-04-01T10:00:00Z', 'after it'],
    ]);
    const list = value(await ops.invokeMethod('journal', 'getEntries', { limit: 2 }));
    expect(list.map((e: { content: string }) => e.content.length)).toEqual([9, expect.any(Number)]);
    const long = list[1];
    expect(long.contentLength).toBe(text.length);
    expect(long.cut).toBe(
      `content cut at ${long.content.length} of ${text.length} characters; read on with getEntry(id: ${long.id}, offset: ${long.content.length})`,
    );

    let offset: number | null = 0;
    let whole = '';
    let pages = 0;
    while (offset !== null) {
      const result = await ops.invokeMethod('journal', 'getEntry', { id: long.id, offset });
      expect(JSON.stringify(result).length).toBeLessThanOrEqual(DEFAULT_RESULT_LIMIT);
      const page = value(result);
      expect(page.truncated).toBeUndefined();
      expect(page.offset).toBe(offset);
      whole += page.content;
      offset = page.nextOffset;
      pages += 1;
    }
    expect(whole).toBe(text);
    expect(pages).toBeGreaterThan(1_000_000 / CONTENT_PAGE_CHARS - 1);
  });

  it('paging getEntries always advances, even past entries larger than the result bound', async () => {
    const big = 'x'.repeat(DEFAULT_RESULT_LIMIT * 2);
    await seedEntries(temp.db, OWNER, [
      ['2024-04-01T08:00:00Z', big],
      ['2024-04-01T09:00:00Z', big],
      ['2024-04-01T10:00:00Z', 'small'],
    ]);
    const seen: number[] = [];
    for (let offset = 0; offset < 3;) {
      const page = value(await ops.invokeMethod('journal', 'getEntries', { limit: 5, offset }));
      const items = Array.isArray(page) ? page : page.items;
      expect(items.length).toBeGreaterThan(0);
      seen.push(...items.map((e: { id: number }) => e.id));
      offset += items.length;
    }
    expect(new Set(seen).size).toBe(3);
    const day = value(await ops.invokeMethod('journal', 'getEntriesForDay', { date: '2024-04-01' }));
    expect((Array.isArray(day) ? day : day.items).length).toBeGreaterThan(0);
  });

  it('getEntry refuses an id outside the view or an offset past the end, saying how to fix it', async () => {
    await seedEntries(temp.db, OWNER, [['2024-04-01T08:00:00Z', 'hello']]);
    await seedEntries(temp.db, OWNER + 1, [['2024-04-01T08:00:00Z', 'not yours']]);
    const [mine] = value(await ops.invokeMethod('journal', 'getEntries', {}));
    expect(value(await ops.invokeMethod('journal', 'getEntry', { id: mine.id }))).toMatchObject({
      content: 'hello',
      offset: 0,
      contentLength: 5,
      nextOffset: null,
    });
    const theirs = (
      await temp.db
        .selectFrom('entry')
        .select('id')
        .where('owner_id', '=', OWNER + 1)
        .executeTakeFirstOrThrow()
    ).id;
    await expect(ops.invokeMethod('journal', 'getEntry', { id: theirs })).rejects.toThrow(ObjectError);
    await expect(ops.invokeMethod('journal', 'getEntry', { id: mine.id, offset: 6 })).rejects.toThrow(
      /offset 6 is past the end of entry \d+ \(5 characters\)/,
    );
  });

  it('a page ends where a character-by-character count of JSON escapes says, whatever the text', () => {
    // The reference: each character's width inside a JSON string, a pair of surrogates kept together.
    const reference = (text: string, offset: number, budget: number) => {
      let cost = 0;
      let end = offset;
      while (end < text.length) {
        const pair = /^[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(end, end + 2));
        const units = pair ? 2 : 1;
        const width = JSON.stringify(text.slice(end, end + units)).length - 2;
        if (cost + width > budget) break;
        cost += width;
        end += units;
      }
      return end;
    };
    const pieces = ['a', 'é', ' ', '\n', '"', '\\', '\u0001', '\t', '😀', '\ud800', '\udc00', '\u2028', '\u007f'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: random(900) }, () => pieces[random(pieces.length)]!).join('');
      const budget = [CONTENT_PAGE_CHARS, 400, 1_000][i % 3]!;
      const offset = i % 5 === 0 ? 0 : Math.min(text.length, random(200));
      expect(pageEnd(text, offset, budget), JSON.stringify({ text, offset, budget })).toBe(
        reference(text, offset, budget),
      );
    }
  });
});
