// Files an import must not follow or silently alter: a zip member that is a symbolic link and a symlinked note are
// skipped and named (never read: they may point anywhere); a note that is not UTF-8 is named, not imported with
// replacement characters. Everything else in the same import goes in.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { jsonValues } from '../../src/importer/sources/json-values.ts';
import { readMarkdownNotes } from '../../src/importer/sources/markdown-notes.ts';
import { formatSourceSummary } from '../../src/importer/sources/source-summary.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { buildZip } from '../helpers/zip-writer.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'hostile-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());
const run = (reader: Parameters<typeof importSource>[1]) =>
  importSource(temp.db, reader, 'test', { ownerId: 7, timeZone: 'UTC' });

describe('files an import does not follow or alter', () => {
  it('a zip member that is a symbolic link is skipped and named; the other journal imports', async () => {
    const journal = Buffer.from(
      JSON.stringify({
        metadata: { version: '1.0' },
        entries: [{ uuid: 'A'.repeat(32), creationDate: '2023-05-01T10:00:00Z', text: 'kept' }],
      }),
    );
    const file = path.join(dir, 'export.zip');
    writeFileSync(
      file,
      buildZip([
        { name: 'Journal.json', data: journal },
        { name: 'Secrets.json', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 },
      ]),
    );
    const report = await run(readDayOne(file, true));
    expect(report).toMatchObject({ error: null, imported: 1, skippedIds: { symlink: ['Secrets.json'] } });
    expect(formatSourceSummary(report).join('\n')).toMatch(/1 symbolic links, not followed .*\(entry Secrets\.json\)/);
  });

  it('a symlinked note is skipped and named; a note that is not UTF-8 is named, not altered; the rest import', async () => {
    const vault = path.join(dir, 'vault');
    mkdirSync(vault);
    writeFileSync(path.join(vault, '2024-03-01.md'), 'A good day');
    writeFileSync(path.join(dir, 'outside.md'), 'not in the vault');
    symlinkSync(path.join(dir, 'outside.md'), path.join(vault, '2024-03-02.md'));
    // Latin-1 "café": the byte 0xE9 alone is not UTF-8.
    writeFileSync(path.join(vault, '2024-03-03.md'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    const report = await run(readMarkdownNotes(vault, 'UTC'));
    expect(report).toMatchObject({
      error: null,
      imported: 1,
      skippedIds: { symlink: ['2024-03-02.md'], 'not-utf8': ['2024-03-03.md'] },
    });
    const rows = await temp.db.selectFrom('entry').select('content').execute();
    expect(rows).toEqual([{ content: 'A good day' }]);
  });
});

describe('a field too large to read', () => {
  it('is named by its entry id, and the entries after it still import', async () => {
    const entries = [
      { uuid: 'B'.repeat(32), creationDate: '2023-05-01T10:00:00Z', text: 'before' },
      // Escapes and other scripts inside the long field: the cut still leaves valid JSON behind it.
      { uuid: 'C'.repeat(32), creationDate: '2023-05-02T10:00:00Z', text: 'huge \\"quoted\\" ünï \u00e9 '.repeat(400) },
      { uuid: 'D'.repeat(32), creationDate: '2023-05-03T10:00:00Z', text: 'after' },
    ];
    const file = path.join(dir, 'Big.json');
    writeFileSync(file, JSON.stringify({ metadata: { version: '1.0' }, entries }));
    const report = await run(readDayOne(file, false, { maxFieldBytes: 1000 }));
    expect(report).toMatchObject({ error: null, imported: 2, skippedIds: { 'too-large': ['C'.repeat(32)] } });
    expect(
      (await temp.db.selectFrom('entry').select('content').orderBy('written_at').execute()).map((r) => r.content),
    ).toEqual(['before', 'after']);
  });

  it('is cut at whole characters wherever the chunks split, leaving the rest of the document readable', async () => {
    const value = { a: 'x'.repeat(50) + '\\u00e9"é'.repeat(30), b: 'short' };
    const text = Buffer.from(JSON.stringify([value, { c: 'next' }]));
    for (const size of [1, 3, 7, 64]) {
      const chunks = (async function* () {
        for (let i = 0; i < text.length; i += size) yield text.subarray(i, i + size);
      })();
      const got = [];
      for await (const v of jsonValues(chunks, ['$.*'], undefined, 60)) got.push(v);
      expect(got.map((v) => v.oversized ?? false)).toEqual([true, false]);
      expect((got[0]!.value as { b: string }).b).toBe('short');
      expect(got[1]!.value).toEqual({ c: 'next' });
    }
  });
});
