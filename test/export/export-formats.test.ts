// The export formats are one list (src/export/export-formats.ts): every format in it writes the journal through its
// module, `npm run export` offers exactly those (its --format check and usage read the list), and docs/exporting.md
// documents each, so a new exporter is its module, its line in the list and its section in the docs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMAT_NAMES, EXPORT_FORMATS } from '../../src/export/export-formats.ts';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedKnownJournal } from '../journal/known-journal.ts';

let temp: TempDb;
/** What each format said it wrote: every one writes the same entries. */
const written = new Map<string, number>();
beforeAll(async () => {
  temp = await createTempDb();
  await seedKnownJournal(temp.db);
});
afterAll(() => temp.cleanup());

describe('the export formats', () => {
  it('are named once each', () => {
    expect(new Set(EXPORT_FORMAT_NAMES).size).toBe(EXPORT_FORMATS.length);
    expect(EXPORT_FORMAT_NAMES[0]).toBe('json'); // the default
  });

  it.each(EXPORT_FORMAT_NAMES)(
    '%s writes the journal through its module, to a folder, as many entries as the others',
    async (format) => {
      const module = EXPORT_FORMATS.find((f) => f.format === format)!;
      const out = path.join(temp.dir, `out-${format}/`);
      const result = await module.write(temp.db, {
        ownerId: OWNER,
        out,
        timeZone: 'UTC',
        dayStartsAt: '00:00',
        now: new Date('2025-01-10T12:00:00Z'),
      });
      expect(result.entries).toBeGreaterThan(0);
      written.set(format, result.entries);
      expect(new Set(written.values()).size).toBe(1);
      expect(result.files.length).toBeGreaterThan(0);
      for (const file of [...result.files, ...(result.media ?? [])]) {
        expect(file.path.startsWith(out)).toBe(true);
        expect(existsSync(file.path)).toBe(true);
      }
    },
  );

  it('are documented, each with its --format in docs/exporting.md and the command line there listing them all', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'exporting.md'), 'utf8');
    expect(doc).toContain(`[--format ${EXPORT_FORMAT_NAMES.join('|')}]`);
    expect(EXPORT_FORMAT_NAMES.filter((f) => !doc.includes(`\`--format ${f}\``))).toEqual([]);
  });

  it(
    'are what npm run export offers: an unknown --format is refused, naming every one',
    async () => {
      const run = await runEntryPoint('src/cli/export.ts', ['--format', 'docx'], {
        cwd: temp.dir,
        env: { DATABASE_PATH: temp.file },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--format must be json, md, dayone or obsidian (got "docx")');
      for (const f of EXPORT_FORMATS) expect(run.stderr).toContain(`--format ${f.format}`);
    },
    PROCESS_TEST_MS,
  );
});
