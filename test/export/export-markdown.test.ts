// The Markdown export reads as day-by-day text: front matter with dates and tags, a heading per day, each entry with its
// time, its fields in a comment renderers hide (test/export/markdown-round-trip.test.ts reads them back).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedRichJournal } from './journal-fixture.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'export-md-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
  await seedRichJournal(temp.db);
});
afterEach(() => temp.cleanup());

const md = (out: { file: string } | { dir: string }) =>
  exportJournal(temp.db, {
    ownerId: OWNER,
    format: 'md',
    out,
    timeZone: 'Europe/Berlin',
    dayStartsAt: '04:00',
    now: new Date('2025-01-10T12:00:00Z'),
  });

describe('Markdown export', () => {
  it('one file per year, with front matter, a heading per day and the time of each entry', async () => {
    const out = path.join(dir, 'years');
    const result = await md({ dir: out });
    expect(result.files.map((f) => path.basename(f.path))).toEqual(['2024.md', '2025.md']);
    const text = readFileSync(path.join(out, '2024.md'), 'utf8');
    expect(
      text.startsWith('---\ntitle: "Journal 2024"\ndate_from: 2024-06-01\ndate_to: 2024-12-30\nentries: 4\n'),
    ).toBe(true);
    expect(text).toMatch(/^tags: \["newyear", "plans", "review"\]$/m);
    expect(text).toContain('# Journal 2024\n');
    const block = (heading: string, body: string) =>
      new RegExp(`${heading}\\n<!-- entry \\d+\\n(?:[a-z_]+: .*\\n)*-->\\n${body}`);
    expect(text).toMatch(block('## 2024-06-01 Saturday\\n\\n### 20:00 · edited', 'Imported diary note'));
    expect(text).toMatch(block('### 21:00 · video note 0:15', '\\[video note 0:15\\]\\n'));
    expect(text).toMatch(
      block('## 2024-12-30 Monday\\n\\n### 09:00 · edited', 'Year end #review #plans\\nLots to plan.\\n'),
    );
    expect(text).toMatch(block('### 02:30 · voice note 0:42', 'Fireworks over the river, #newyear soon\\n'));
    expect(text.match(/^## /gm)).toHaveLength(2);
    expect(readFileSync(path.join(out, '2025.md'), 'utf8')).toMatch(
      block('### 11:00 · file q4.pdf', 'Quarterly numbers\\n'),
    );
  });

  it('or everything in one file', async () => {
    const file = path.join(dir, 'all.md');
    const result = await md({ file });
    expect(result).toMatchObject({ entries: 7, files: [{ path: file }] });
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^---\ntitle: "Journal"\ndate_from: 2024-06-01\ndate_to: 2025-01-04\nentries: 7\n/);
    expect(text.match(/^## /gm)).toHaveLength(5);
  });
});
