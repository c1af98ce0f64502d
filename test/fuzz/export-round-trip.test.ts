// Fuzz: random journals (live and imported entries, edits with revisions, every media kind, tags in and out of the
// text, starred, place, weather, journal, an entry's own zone, text full of Markdown-looking lines, carriage returns,
// other scripts) exported to JSON and to Markdown and imported into empty journals come back field by field, and the
// Markdown export of the imported journal is the same file; with one entry damaged (an impossible time or day, or a
// day its instant is not) that entry is skipped and named and every other comes back. A few cases in npm test;
// `npm run fuzz` runs many more.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { importMarkdownExport } from '../../src/export/import-markdown-export.ts';
import { addDays } from '../../src/journal/dates/calendar-day.ts';
import type { EntryMetadata } from '../../src/journal/entries/entry-metadata.ts';
import { insertEntryBatch, type BatchDraft } from '../../src/journal/entries/entry-batch.ts';
import { applyEdit } from '../../src/journal/entries/entry-store.ts';
import { MEDIA_KINDS, type EntryMedia } from '../../src/journal/media/media.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { snapshot } from '../export/journal-fixture.ts';
import { FUZZ_SEED, FuzzTally, runs } from './fuzz-budget.ts';
import { expectIntactDatabase } from './integrity.ts';

const OWNER = 111;
const ZONE = 'Europe/Berlin';
const NOW = new Date('2025-01-10T12:00:00Z');
const dir = mkdtempSync(path.join(tmpdir(), 'fuzz-round-trip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lines a Markdown reader (or an old reader of this export) would take for structure. */
const structureLine = fc.constantFrom(
  '### 12:00',
  '## 2024-01-01 Monday',
  '### 07:15 · photo',
  '```',
  '~~~',
  '---',
  '# Journal',
  '<!-- entry 1',
  '-->',
  'lines: 3',
  'written_at: "2020-01-01T00:00:00.000Z"',
  '',
  '  ',
  '[10:30 am] call mom',
);
const line = fc.oneof(
  structureLine,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((s) => s.replaceAll('\n', ' ')),
);
const text = fc
  .tuple(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'))
  .map(([lines, eol]) => lines.join(eol))
  .filter((t) => t.trim() !== '');
const media: fc.Arbitrary<EntryMedia | null> = fc.option(
  fc.record({
    kind: fc.constantFrom(...MEDIA_KINDS),
    fileId: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: null }),
    fileName: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: null }),
    durationSeconds: fc.option(fc.nat(10_000), { nil: null }),
    fileSize: fc.option(fc.nat(10_000_000), { nil: null }),
  }),
  { nil: null },
);
const metadata: fc.Arbitrary<EntryMetadata | null> = fc.option(
  fc.record(
    {
      starred: fc.boolean(),
      journal: fc.string({ minLength: 1, maxLength: 12 }),
      place: fc.record({
        name: fc.string({ maxLength: 12 }),
        latitude: fc.double({ min: -90, max: 90, noNaN: true }),
        longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      }),
      weather: fc.record({
        description: fc.string({ maxLength: 12 }),
        temperature_c: fc.double({ min: -60, max: 60, noNaN: true }),
      }),
      time_zone: fc.constantFrom('America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'),
    },
    { requiredKeys: [] },
  ),
  { nil: null },
);
const entry = fc.record({
  at: fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
  text,
  media,
  metadata,
  source: fc.constantFrom('live' as const, 'import' as const),
  tags: fc.array(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), { maxLength: 3 }),
  edited: fc.option(text, { nil: null }),
});

describe('export round trip', () => {
  it('JSON and Markdown exports of random journals import back field by field', { timeout: 600_000 }, async () => {
    const tally = new FuzzTally('export round trip (JSON, Markdown)');
    let n = 0;
    await tally.run(() =>
      fc.assert(
        fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 12 }), async (entries) => {
          tally.cases += 1;
          tally.items += entries.length;
          const dbs: TempDb[] = [];
          try {
            const [source, fromJson, fromMarkdown] = await Promise.all([
              createTempDb(),
              createTempDb(),
              createTempDb(),
            ]);
            dbs.push(source, fromJson, fromMarkdown);
            const drafts: BatchDraft[] = entries.map((e, i) => ({
              ownerId: OWNER,
              source: e.source,
              chatId: e.source === 'live' ? OWNER : 900,
              messageId: i + 1,
              writtenAt: e.at,
              text: e.text,
              media: e.media ? [e.media] : [],
              hashtags: e.tags,
              metadata: e.metadata,
              ...(e.metadata?.time_zone ? { timeZone: e.metadata.time_zone } : {}),
              editedAt: null,
            }));
            await insertEntryBatch(source.db, drafts, { timeZone: ZONE, now: NOW, dayStartsAt: '04:00' });
            for (const [i, e] of entries.entries()) {
              if (e.edited !== null)
                await applyEdit(source.db, { ...drafts[i]!, text: e.edited }, new Date(e.at.getTime() + 60_000), {
                  timeZone: ZONE,
                  now: NOW,
                  dayStartsAt: '04:00',
                });
            }
            const run = ++n;
            const json = path.join(dir, `${run}.json`);
            const markdown = path.join(dir, `${run}.md`);
            const again = path.join(dir, `${run}-again.md`);
            const exportTo = (db: TempDb['db'], format: 'json' | 'md', file: string) =>
              exportJournal(db, {
                ownerId: OWNER,
                format,
                out: { file },
                timeZone: ZONE,
                dayStartsAt: '04:00',
                now: NOW,
              });
            await exportTo(source.db, 'json', json);
            await exportTo(source.db, 'md', markdown);
            expect(await importJournalExport(fromJson.db, json)).toMatchObject({
              imported: entries.length,
              damaged: [],
              error: null,
            });
            expect(await importMarkdownExport(fromMarkdown.db, markdown)).toMatchObject({
              imported: entries.length,
              damaged: [],
              error: null,
            });
            const expected = await fields(source.db);
            const lost = (got: Awaited<ReturnType<typeof fields>>) =>
              got.entries.length === expected.entries.length
                ? 0
                : Math.abs(expected.entries.length - got.entries.length);
            const [viaJson, viaMarkdown] = [await fields(fromJson.db), await fields(fromMarkdown.db)];
            tally.lost += lost(viaJson) + lost(viaMarkdown);
            expect(viaJson).toEqual(expected);
            expect(viaMarkdown).toEqual(expected);
            await exportTo(fromMarkdown.db, 'md', again);
            expect(readFileSync(again, 'utf8')).toBe(readFileSync(markdown, 'utf8'));
            await expectIntactDatabase(fromMarkdown.db);
            // Into the journal they came from, both add nothing.
            expect(await importJournalExport(source.db, json)).toMatchObject({ imported: 0 });
            expect(await importMarkdownExport(source.db, markdown)).toMatchObject({ imported: 0 });
          } finally {
            await Promise.all(dbs.map((d) => d.cleanup()));
          }
        }),
        { numRuns: runs(4), seed: FUZZ_SEED },
      ),
    );
  });
});

/** Impossible values for a field every export writes (JSON and Markdown alike), or a day its instant is not. */
const damage = fc.constantFrom(
  { field: 'local_time', to: () => '25:99' },
  { field: 'local_time', to: () => '24:00' },
  { field: 'written_at', to: () => '2024-13-45T99:00:00Z' },
  { field: 'written_at', to: () => '2023-02-29T10:00:00.000Z' },
  { field: 'local_day', to: () => '2024-13-01' },
  { field: 'local_day', to: () => '2021-02-29' },
  { field: 'local_day', to: (day: string) => addDays(day, 3) },
) as fc.Arbitrary<{ field: 'local_time' | 'written_at' | 'local_day'; to: (was: string) => string }>;

describe('export round trip with damage', () => {
  it(
    'one damaged entry of a JSON or Markdown export is skipped and named; every other comes back',
    { timeout: 600_000 },
    async () => {
      const tally = new FuzzTally('export round trip, damaged (JSON, Markdown)');
      let n = 0;
      await tally.run(() =>
        fc.assert(
          fc.asyncProperty(
            fc.array(entry, { minLength: 2, maxLength: 6 }),
            fc.nat(),
            damage,
            async (entries, pick, hurt) => {
              tally.cases += 1;
              tally.items += entries.length;
              const dbs: TempDb[] = [];
              try {
                const [source, fromJson, fromMarkdown] = await Promise.all([
                  createTempDb(),
                  createTempDb(),
                  createTempDb(),
                ]);
                dbs.push(source, fromJson, fromMarkdown);
                const drafts: BatchDraft[] = entries.map((e, i) => ({
                  ownerId: OWNER,
                  source: e.source,
                  chatId: 900,
                  messageId: i + 1,
                  writtenAt: e.at,
                  text: e.text,
                  hashtags: e.tags,
                  metadata: e.metadata,
                  ...(e.metadata?.time_zone ? { timeZone: e.metadata.time_zone } : {}),
                  editedAt: null,
                }));
                await insertEntryBatch(source.db, drafts, { timeZone: ZONE, now: NOW, dayStartsAt: '04:00' });
                const run = ++n;
                const [json, markdown] = [path.join(dir, `damaged-${run}.json`), path.join(dir, `damaged-${run}.md`)];
                for (const [format, file] of [
                  ['json', json],
                  ['md', markdown],
                ] as const)
                  await exportJournal(source.db, {
                    ownerId: OWNER,
                    format,
                    out: { file },
                    timeZone: ZONE,
                    dayStartsAt: '04:00',
                    now: NOW,
                  });
                // The same entry damaged in both files: the k-th of the export (they are written in the same order).
                const parsed = JSON.parse(readFileSync(json, 'utf8')) as { entries: Record<string, string | number>[] };
                const k = pick % parsed.entries.length;
                const victim = parsed.entries[k]!;
                const was = String(victim[hurt.field]);
                victim[hurt.field] = hurt.to(was);
                writeFileSync(json, JSON.stringify(parsed));
                const md = readFileSync(markdown, 'utf8');
                const block = md.indexOf(`<!-- entry ${victim.id}\n`);
                const line = `${hurt.field}: ${JSON.stringify(was)}`;
                const at = md.indexOf(line, block);
                writeFileSync(
                  markdown,
                  md.slice(0, at) + `${hurt.field}: ${JSON.stringify(victim[hurt.field])}` + md.slice(at + line.length),
                );
                const viaJson = await importJournalExport(fromJson.db, json);
                const viaMarkdown = await importMarkdownExport(fromMarkdown.db, markdown);
                expect(viaJson).toMatchObject({
                  imported: entries.length - 1,
                  error: null,
                  damaged: [expect.stringMatching(new RegExp(`^entry ${k + 1} \\(id ${victim.id}\\): `))],
                });
                expect(viaMarkdown).toMatchObject({
                  imported: entries.length - 1,
                  error: null,
                  damaged: [expect.stringMatching(new RegExp(`^entry ${victim.id} \\(`))],
                });
                const kept = (await fields(source.db)).entries.filter((e) => e.id !== victim.id);
                for (const target of [fromJson, fromMarkdown]) {
                  const got = (await fields(target.db)).entries;
                  tally.lost += Math.max(0, kept.length - got.length);
                  expect(got).toEqual(kept);
                }
              } finally {
                await Promise.all(dbs.map((d) => d.cleanup()));
              }
            },
          ),
          { numRuns: runs(4), seed: FUZZ_SEED },
        ),
      );
    },
  );
});

/** Every stored field, metadata as the object it stands for (its stored key order is the writer's, not a field). */
async function fields(db: TempDb['db']) {
  const shot = await snapshot(db, OWNER);
  return {
    ...shot,
    entries: shot.entries.map((e) => ({ ...e, metadata: e.metadata === null ? null : JSON.parse(e.metadata) })),
  };
}
