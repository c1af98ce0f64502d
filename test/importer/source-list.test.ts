// The importers' one list (importer/sources/source-list.ts): every --format has its source, every source_app its
// place in journal/entries/entry-source.ts's SOURCE_APPS (what the store checks in code), every detected form its name.
import { describe, expect, it } from 'vitest';
import { SOURCE_APPS } from '../../src/journal/entries/entry-source.ts';
import { SOURCE_FORMATS, type DetectedSource } from '../../src/importer/sources/detect-source.ts';
import { IMPORT_SOURCES, misplacedOptions, sourceName } from '../../src/importer/sources/source-list.ts';

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

describe('the import sources, in one list', () => {
  it('has one source per --format, each with a source_app the store takes, and a reader for every app but Telegram', () => {
    expect(IMPORT_SOURCES.map((s) => s.format).sort()).toEqual([...SOURCE_FORMATS].sort());
    for (const source of IMPORT_SOURCES) {
      expect(SOURCE_APPS).toContain(source.app);
      expect(source.read !== undefined).toBe(source.format !== 'telegram');
    }
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
