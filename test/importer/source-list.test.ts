// The importers' one list (importer/sources/source-list.ts): every --format has its source, every source_app its
// place in journal/entries/entry-source.ts's SOURCE_APPS (what the store checks in code), every detected form its name,
// every source recognises its own files, and detection (detect-source.ts) is the sources asked in the list's order.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SOURCE_APPS } from '../../src/journal/entries/entry-source.ts';
import { detectSource } from '../../src/importer/sources/detect-source.ts';
import { readFileHead } from '../../src/importer/sources/file-head.ts';
import {
  FILE_PASSES,
  type DetectedSource,
  type SourceFormat,
} from '../../src/importer/sources/import-source-module.ts';
import {
  IMPORT_SOURCES,
  misplacedOptions,
  SOURCE_FORMATS,
  sourceName,
} from '../../src/importer/sources/source-list.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const KINDS: DetectedSource[] = [
  { format: 'telegram', kind: 'telegram' },
  { format: 'telegram', kind: 'journal-export' },
  { format: 'dayone', kind: 'dayone-zip' },
  { format: 'dayone', kind: 'dayone-json' },
  { format: 'dayone', kind: 'dayone-folder' },
  { format: 'jrnl', kind: 'jrnl-json' },
  { format: 'jrnl', kind: 'jrnl-text' },
  { format: 'jrnl', kind: 'jrnl-folder' },
  { format: 'markdown', kind: 'notes' },
  { format: 'markdown', kind: 'own-markdown' },
];

/** One file or folder of each source's, from test/fixtures: a new source adds its own here. */
const OWN_FIXTURES: Record<SourceFormat, string> = {
  telegram: 'telegram-export/saved-messages.json',
  dayone: 'journals/dayone-oddities.json',
  jrnl: 'journals/jrnl/starred.txt',
  markdown: 'journals/obsidian',
};
const fixture = (format: SourceFormat) => path.join(REPO_ROOT, 'test/fixtures', OWN_FIXTURES[format]);

const dir = mkdtempSync(path.join(tmpdir(), 'source-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());
/** The bytes under a name that says nothing. */
const unnamed = (text: string) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.dat`);
  writeFileSync(file, text);
  return file;
};
const detect = (target: string, forced?: SourceFormat) => detectSource(target, path.basename(target), forced);

/** Watches every source's recognisers (they still answer as they do), recording who was asked, in order. */
function watchSources(): string[] {
  const asked: string[] = [];
  for (const source of IMPORT_SOURCES) {
    const file = source.recogniseFile;
    vi.spyOn(source, 'recogniseFile').mockImplementation((head, pass) => {
      asked.push(`${source.format} ${pass}`);
      return file(head, pass);
    });
    const folder = source.recogniseFolder;
    vi.spyOn(source, 'recogniseFolder').mockImplementation((target, name, forced) => {
      asked.push(`${source.format} folder`);
      return folder(target, name, forced);
    });
  }
  return asked;
}

describe('the import sources, in one list', () => {
  it('has one source per --format, each with a source_app the store takes, and a reader for every app but Telegram', () => {
    expect(SOURCE_FORMATS).toEqual(['dayone', 'jrnl', 'markdown', 'telegram']);
    expect(IMPORT_SOURCES.map((s) => s.format).sort()).toEqual([...SOURCE_FORMATS]);
    for (const source of IMPORT_SOURCES) {
      expect(SOURCE_APPS).toContain(source.app);
      expect(source.read !== undefined).toBe(source.format !== 'telegram');
    }
  });

  it.each(IMPORT_SOURCES.map((s) => [s.format, s] as const))(
    'the %s source recognises its own fixture, and detection finds it there',
    async (format, source) => {
      const target = fixture(format);
      const found = await detect(target);
      expect(found.format).toBe(format);
      if (statSync(target).isDirectory()) expect(source.recogniseFolder(target, 'fixture', false)).toEqual(found);
      else {
        const head = await readFileHead(target);
        expect(FILE_PASSES.map((pass) => source.recogniseFile(head, pass)).find((f) => f !== null)).toEqual(found);
        expect(source.recogniseFile(head, 'forced')).toEqual(found);
      }
      expect((await detect(target, format)).format).toBe(format);
    },
  );

  it('detection asks the sources, pass by pass, in the list order, and stops at the first that knows the file', async () => {
    const asked = watchSources();
    expect(await detect(unnamed('[2024-04-15 09:30] A day.\n'))).toEqual({ format: 'jrnl', kind: 'jrnl-text' });
    const order = IMPORT_SOURCES.map((s) => s.format);
    expect(asked).toEqual([
      ...order.map((f) => `${f} marked`),
      ...order.slice(0, order.indexOf('jrnl') + 1).map((f) => `${f} shaped`),
    ]);
  });

  it('a file no source knows has been put to every source in every pass, and the refusal names them all', async () => {
    const asked = watchSources();
    await expect(detect(unnamed('hello'))).rejects.toThrow(
      `is none of the journals this reads (${IMPORT_SOURCES.map((s) => s.title).join(', ')})`,
    );
    expect(asked).toEqual(FILE_PASSES.flatMap((pass) => IMPORT_SOURCES.map((s) => `${s.format} ${pass}`)));
  });

  it('a folder is put to each source once, in order; --format asks only its source', async () => {
    const asked = watchSources();
    expect((await detect(fixture('markdown'))).kind).toBe('notes');
    expect(asked).toEqual(IMPORT_SOURCES.map((s) => `${s.format} folder`));
    asked.length = 0;
    expect((await detect(unnamed('Just some words.\n'), 'markdown')).kind).toBe('notes');
    expect(asked).toEqual(['markdown forced']);
  });

  it('keeps the documented priorities between sources', async () => {
    const kindOf = async (text: string) => (await detect(unnamed(text))).kind;
    // The journal's own JSON export before Day One's keys, which it may hold too.
    expect(await kindOf('{"format":"journal-objects-export","entries":[{"uuid":"A","creationDate":"x"}]}')).toBe(
      'journal-export',
    );
    // A marker (Day One's keys) before Telegram's common words.
    expect(await kindOf('{"messages":[],"entries":[{"uuid":"A","creationDate":"2020-01-01T00:00:00Z"}]}')).toBe(
      'dayone-json',
    );
    // The own Markdown export before jrnl's dated lines (an entry may start with a date), jrnl before notes.
    expect(
      await kindOf('---\ndate_from: 2024-01-01\nexported: 2025-01-10T12:00:00.000Z\n---\n2024-04-15 09:30 call\n'),
    ).toBe('own-markdown');
    expect(await kindOf('# Notes\n[2024-04-15 09:30] A day.\n')).toBe('jrnl-text');
    // Any other JSON is Telegram's guess, last.
    expect(await detect(unnamed('{"something": 1}'))).toEqual({ format: 'telegram', kind: 'telegram', guessed: true });
  });

  it('names every form a source is found in', () => {
    for (const found of KINDS) expect(sourceName(found)).toMatch(/^an? /);
    expect(sourceName({ format: 'dayone', kind: 'dayone-zip' })).toBe('a Day One export (zip)');
  });

  it("refuses an option of another source (or another form), in the list's order", () => {
    const given = { chats: true, journals: true, dateFormat: true };
    expect(misplacedOptions({ format: 'jrnl', kind: 'jrnl-text' }, given)).toEqual([
      '--chat (Telegram exports)',
      '--journal (Day One zips)',
    ]);
    expect(misplacedOptions({ format: 'jrnl', kind: 'jrnl-json' }, given)).toEqual([
      '--chat (Telegram exports)',
      '--journal (Day One zips)',
      '--date-format (jrnl text journals)',
    ]);
    expect(
      misplacedOptions(
        { format: 'dayone', kind: 'dayone-folder' },
        { chats: false, journals: true, dateFormat: false },
      ),
    ).toEqual([]);
    expect(
      misplacedOptions(
        { format: 'telegram', kind: 'journal-export' },
        { chats: true, journals: false, dateFormat: false },
      ),
    ).toEqual(['--chat (Telegram exports)']);
  });
});
