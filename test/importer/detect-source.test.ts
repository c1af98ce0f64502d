// Recognition by content (never by name alone): each kind of journal, and --format overriding it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectSource } from '../../src/importer/sources/detect-source.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { SHARED_JOURNALS, SKIP_REASON, sharedJournalsPresent } from '../helpers/shared-fixtures.ts';
import { buildZip } from '../helpers/zip-writer.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'detect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const own = (name: string) => path.join(REPO_ROOT, 'test/fixtures', name);
/** The same bytes under a name that says nothing. */
const renamed = (data: string | Buffer) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.dat`);
  writeFileSync(file, data);
  return file;
};
const kind = async (target: string, forced?: Parameters<typeof detectSource>[2]) =>
  (await detectSource(target, path.basename(target), forced)).kind;

describe('detectSource', () => {
  it('tells each journal by its content', async () => {
    expect(await kind(renamed(readFileSync(own('journals/dayone-oddities.json'))))).toBe('dayone-json');
    expect(
      await kind(
        renamed(buildZip([{ name: 'Journal.json', data: readFileSync(own('journals/dayone-oddities.json')) }])),
      ),
    ).toBe('dayone-zip');
    expect(await kind(renamed(readFileSync(own('journals/jrnl/starred.txt'))))).toBe('jrnl-text');
    expect(await kind(renamed(readFileSync(own('telegram-export/saved-messages.json'))))).toBe('telegram');
    expect(await kind(renamed('{"format":"journal-objects-export","version":1,"entries":[]}'))).toBe('journal-export');
    expect(
      await kind(
        renamed(
          '---\ntitle: "Journal"\ndate_from: 2024-01-01\ndate_to: 2024-01-02\nexported: 2025-01-10T12:00:00.000Z\n---\n',
        ),
      ),
    ).toBe('own-markdown');
    expect(await kind(own('journals/obsidian'))).toBe('notes');
    expect(await kind(own('journals/logseq'))).toBe('notes');
    const jrnlFolder = path.join(dir, 'folder-journal');
    mkdirSync(path.join(jrnlFolder, '2024', '04'), { recursive: true });
    writeFileSync(path.join(jrnlFolder, '2024', '04', '15.txt'), '[2024-04-15 09:30] A day.\n');
    expect(await kind(jrnlFolder)).toBe('jrnl-folder');
  });

  it.skipIf(!sharedJournalsPresent)(`the shared samples ${sharedJournalsPresent ? '' : SKIP_REASON}`, async () => {
    expect(await kind(path.join(SHARED_JOURNALS, 'dayone-official-example/Example.json'))).toBe('dayone-json');
    expect(await kind(path.join(SHARED_JOURNALS, 'jrnl/jrnl-docs-formats-example.json'))).toBe('jrnl-json');
    expect(await kind(path.join(SHARED_JOURNALS, 'jrnl/jrnl-org-tests/simple.journal'))).toBe('jrnl-text');
    expect(await kind(path.join(SHARED_JOURNALS, 'jrnl/jrnl-org-tests/basic_folder'))).toBe('jrnl-folder');
    expect(await kind(path.join(SHARED_JOURNALS, 'logseq-docs'))).toBe('notes');
    expect(await kind(path.join(SHARED_JOURNALS, 'obsidian-fw6'))).toBe('notes');
  });

  it('--format overrides; what cannot be that source is refused with why', async () => {
    expect(await kind(renamed('Just some words.\n'), 'markdown')).toBe('notes');
    expect(await kind(renamed('[not a date] text\n'), 'jrnl')).toBe('jrnl-text');
    await expect(kind(renamed(buildZip([{ name: 'a.json', data: Buffer.from('{}') }])), 'jrnl')).rejects.toThrow(
      /is a zip file; only Day One exports come as zips/,
    );
    await expect(kind(renamed('hello'))).rejects.toThrow(/is none of the journals this reads/);
    await expect(kind(path.join(dir, 'missing'))).rejects.toThrow(/no such file/);
  });
});
