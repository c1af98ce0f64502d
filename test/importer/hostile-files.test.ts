// Files an import must not follow or silently alter: a zip member that is a symbolic link and a symlinked note are
// skipped and named (never read: they may point anywhere); a note that is not UTF-8 is named, not imported with
// replacement characters. Everything else in the same import goes in.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
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
const run = (reader: Parameters<typeof importSource>[1]) => importSource(temp.db, reader, 'test', { ownerId: 7, timeZone: 'UTC' });

describe('files an import does not follow or alter', () => {
  it('a zip member that is a symbolic link is skipped and named; the other journal imports', async () => {
    const journal = Buffer.from(JSON.stringify({ metadata: { version: '1.0' }, entries: [{ uuid: 'A'.repeat(32), creationDate: '2023-05-01T10:00:00Z', text: 'kept' }] }));
    const file = path.join(dir, 'export.zip');
    writeFileSync(file, buildZip([{ name: 'Journal.json', data: journal }, { name: 'Secrets.json', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }]));
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
    expect(report).toMatchObject({ error: null, imported: 1, skippedIds: { symlink: ['2024-03-02.md'], 'not-utf8': ['2024-03-03.md'] } });
    const rows = await temp.db.selectFrom('entry').select('content').execute();
    expect(rows).toEqual([{ content: 'A good day' }]);
  });
});
