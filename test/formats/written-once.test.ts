// Each format two sides share is written once, in src/formats/: the Obsidian vault's marks and fields, Day One's media
// folders and audio format, the Markdown export's fields and headings, the calendar's shape. No other src file spells them out again (the importer and the
// exporter, the server and the MCP App, import them), so the two sides cannot part.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAYONE_LISTS, DAYONE_MEDIA_MEMBER, dayOneAudioFormat, dayOneAudioType } from '../../src/formats/dayone.ts';
import { ENTRY_HEADING, entryHeading, TAGS_MARK, VAULT_MARK } from '../../src/formats/obsidian-vault.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const SRC = path.join(REPO_ROOT, 'src');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
const outsideFormats = sources(SRC)
  .filter((file) => !file.startsWith(path.join(SRC, 'formats') + path.sep))
  .map((file) => ({
    rel: path.relative(SRC, file).split(path.sep).join('/'),
    // The code, without the comments that describe a format in its own words.
    text: readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  }));

describe('formats written once', () => {
  it.each([
    ['the vault mark', /exported_by: "journal-objects"/],
    ['the tags mark', /['"`]<!-- tags --> ['"`]/],
    ["the vault's front matter fields", /['"`](time_zone|day_starts_at): /],
    ["a note's or export's headings", /\^#{2,3} \(\\d|`#{2,3} \$\{/],
    ["the Markdown export's front matter fields", /date_from|['"`]exported: /],
    ["Day One's media folders", /['"`/(|]pdfs['"`/)|]/],
    ["Day One's audio format", /['"]aac['"]/],
    ["the calendar's month layout", /firstWeekday: (z\.|number)/],
  ])('no src file outside formats/ writes %s', (_what, pattern) => {
    expect(outsideFormats.filter((f) => pattern.test(f.text)).map((f) => f.rel)).toEqual([]);
  });

  it("reads back what it writes: the vault's entry heading, Day One's audio format and media members", () => {
    expect(ENTRY_HEADING.exec(entryHeading('07:30'))?.slice(1)).toEqual(['07:30', undefined]);
    expect(ENTRY_HEADING.exec(entryHeading('23:05', 'America/Argentina/Buenos_Aires'))?.slice(1)).toEqual([
      '23:05',
      'America/Argentina/Buenos_Aires',
    ]);
    expect(VAULT_MARK).not.toContain('\n');
    expect(TAGS_MARK.startsWith('<!--')).toBe(true);
    for (const type of ['m4a', 'mp3', 'wav']) expect(dayOneAudioType(dayOneAudioFormat(type))).toBe(type);
    for (const { folder } of Object.values(DAYONE_LISTS)) {
      expect(DAYONE_MEDIA_MEMBER.test(`${folder}/0123456789abcdef0123456789abcdef.jpeg`)).toBe(true);
      expect(DAYONE_MEDIA_MEMBER.test(`${folder}/..`)).toBe(false);
      expect(DAYONE_MEDIA_MEMBER.test(`${folder}/sub/x.jpeg`)).toBe(false);
    }
    expect(DAYONE_MEDIA_MEMBER.test('Journal.json')).toBe(false);
  });
});
