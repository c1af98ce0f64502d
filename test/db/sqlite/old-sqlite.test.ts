// The journal file outlives the app (issue 41): SQLite since 3.37 (Ubuntu 22.04; Debian 12's `sqlite3` CLI and
// Python's `sqlite3` module are 3.40) opens it. A journal the demo generates, and one filled by a Day One import with a
// photo, moods, a named topic, an edit and a forgotten entry (a delete is what once stamped the search index with a
// format older SQLite refuses), are read with both: integrity, every row of every table, and search. The schema is
// also scanned for syntax newer than 3.37, which a 3.40 reader would not catch. .ci/run installs the CLI where missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalDb } from '../../../src/db/journal-database.ts';
import { buildGeneratedJournal, DEMO_JOURNAL } from '../../../src/demo/demo-journal.ts';
import { readDayOne } from '../../../src/importer/sources/dayone.ts';
import { importSource } from '../../../src/importer/sources/import-source.ts';
import { applyEdit, storeEntry } from '../../../src/journal/entries/entry-store.ts';
import { forgetEntry } from '../../../src/journal/forget/forget.ts';
import { nameTopic } from '../../../src/journal/journals/journal-topics.ts';
import { setMood } from '../../../src/journal/mood/mood.ts';
import { blackPng } from '../../helpers/black-png.ts';
import { createTempDb, testJournalKey, type TempDb } from '../../helpers/temp-db.ts';

const OWNER = 41;
const NOW = new Date('2025-01-10T12:00:00Z');

/** Why a reader cannot be had here, or null when it can. */
function unavailable(command: string, args: string[], what: string): string | null {
  if (testJournalKey()) return `skipped: TEST_JOURNAL_KEY encrypts the journal, which ${what} cannot read`;
  const run = spawnSync(command, args, { encoding: 'utf8' });
  return run.status === 0
    ? null
    : `skipped: ${what} is not installed here (.ci/run installs it: apt-get install sqlite3 python3)`;
}
const noCli = unavailable('sqlite3', ['-version'], 'the sqlite3 CLI');
const noPython = unavailable('python3', ['-c', 'import sqlite3'], "Python's sqlite3 module");

/** Words searched for in each journal; the counts of matches must agree between every reader. */
const WORDS = ['the', 'picnic', 'park', 'berlin', 'plans', 'review'];

/** Reads every table of the file with Python's sqlite3: integrity, rows per table (every column fetched), matches. */
const PYTHON = `
import json, sqlite3, sys
db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
out = {'version': sqlite3.sqlite_version, 'integrity': db.execute('pragma integrity_check').fetchone()[0], 'rows': {}, 'matches': {}}
for (name,) in db.execute("select name from sqlite_master where type = 'table' order by name").fetchall():
    out['rows'][name] = len(db.execute('select * from "%s"' % name).fetchall())
for word in sys.argv[2:]:
    out['matches'][word] = db.execute('select count(*) from entry_fts where entry_fts match ?', (word,)).fetchone()[0]
print(json.dumps(out))
`;

interface Reading {
  integrity: string;
  rows: Record<string, number>;
  matches: Record<string, number>;
}

/** The same reading with the app's own SQLite (better-sqlite3), to compare against. */
async function ownReading(db: JournalDb): Promise<Reading> {
  const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(
    db,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables.rows)
    rows[name] = (await sql.raw<Record<string, unknown>>(`SELECT * FROM "${name}"`).execute(db)).rows.length;
  const matches: Record<string, number> = {};
  for (const word of WORDS)
    matches[word] = Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM entry_fts WHERE entry_fts MATCH ${word}`.execute(db)).rows[0]!
        .n,
    );
  return { integrity: 'ok', rows, matches };
}

/** The CLI's reading: one `select count(*)` per table after `select *` of it, and the matches. */
function cliReading(file: string, tables: string[]): Reading {
  const statements = [
    'pragma integrity_check;',
    ...tables.map((t) => `select count(*) from (select * from "${t}");`),
    ...WORDS.map((w) => `select count(*) from entry_fts where entry_fts match '${w}';`),
  ];
  const lines = execFileSync('sqlite3', ['-readonly', '-bail', file, statements.join('\n')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return {
    integrity: lines[0]!,
    rows: Object.fromEntries(tables.map((t, i) => [t, Number(lines[1 + i])])),
    matches: Object.fromEntries(WORDS.map((w, i) => [w, Number(lines[1 + tables.length + i])])),
  };
}

/** A Day One export folder: one entry with a photo and a place, one tagged entry, as Day One writes them. */
function dayOneFolder(dir: string): string {
  const photo = blackPng(64, 48);
  const md5 = createHash('md5').update(photo).digest('hex');
  mkdirSync(path.join(dir, 'photos'), { recursive: true });
  writeFileSync(path.join(dir, 'photos', `${md5}.png`), photo);
  const entries = [
    {
      uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
      creationDate: '2024-05-01T10:00:00Z',
      timeZone: 'Europe/Berlin',
      text: '![](dayone-moment://P1)\n\nPicnic by the lake',
      tags: ['park', 'friends'],
      photos: [{ identifier: 'P1', md5, type: 'png' }],
      location: {
        placeName: 'Tiergarten',
        localityName: 'Berlin',
        country: 'Germany',
        latitude: 52.51,
        longitude: 13.35,
      },
    },
    {
      uuid: 'B1B2C3D4E5F60718293A4B5C6D7E8F90',
      creationDate: '2024-05-02T19:30:00Z',
      timeZone: 'Europe/Berlin',
      text: 'Quiet evening',
      tags: ['home'],
    },
  ];
  const file = path.join(dir, 'Journal.json');
  writeFileSync(file, JSON.stringify({ metadata: { version: '1.0' }, entries }));
  return file;
}

async function fillImported(temp: TempDb): Promise<void> {
  const report = await importSource(
    temp.db,
    readDayOne(dayOneFolder(path.join(temp.dir, 'dayone')), false),
    'Journal.json',
    { ownerId: OWNER, timeZone: 'UTC' },
  );
  expect(report).toMatchObject({ imported: 2, mediaKept: 1, error: null });
  const live = (messageId: number, at: string, text: string) =>
    storeEntry(
      temp.db,
      { ownerId: OWNER, source: 'live', chatId: OWNER, messageId, writtenAt: new Date(at), text, journal: 'Travel' },
      { timeZone: 'Europe/Berlin', now: NOW },
    );
  await nameTopic(temp.db, OWNER, 5, 'Travel');
  await live(1, '2024-12-30T08:00:00Z', 'Year end #review');
  await applyEdit(
    temp.db,
    {
      ownerId: OWNER,
      source: 'live',
      chatId: OWNER,
      messageId: 1,
      writtenAt: new Date('2024-12-30T08:00:00Z'),
      text: 'Year end #review #plans',
      journal: 'Travel',
    },
    NOW,
    { timeZone: 'Europe/Berlin', now: NOW },
  );
  const doomed = await live(2, '2024-12-31T08:00:00Z', 'Forget this one');
  await forgetEntry(temp.db, OWNER, doomed!);
  await setMood(temp.db, OWNER, '2024-05-01', 4, NOW);
  await setMood(temp.db, OWNER, '2024-12-30', 2, NOW);
}

/** Syntax newer than SQLite 3.37 that a 3.40 reader would still parse (3.38–3.40), or would not (3.41+). */
const TOO_NEW = [
  /group_concat\([^()]*\bORDER BY/i,
  /->>?/,
  /\bunixepoch\s*\(/i,
  /\bconcat(_ws)?\s*\(/i,
  /\bstring_agg\s*\(/i,
  /\btimediff\s*\(/i,
  /\bunhex\s*\(/i,
  /\boctet_length\s*\(/i,
  /\bformat\s*\(/i,
];

describe.each([
  [
    'a demo journal',
    async (temp: TempDb) =>
      void (await buildGeneratedJournal(temp.db, { ownerId: OWNER, ...DEMO_JOURNAL, timeZone: 'Europe/Berlin' })),
  ],
  ['a Day One import with a photo, moods, a topic, an edit and a forget', fillImported],
])('%s opens in older SQLite', (_name, fill) => {
  let temp: TempDb;
  let own: Reading;
  beforeAll(async () => {
    temp = await createTempDb('sqlite');
    await fill(temp);
    own = await ownReading(temp.db);
    // Closed as a user's copy would be: the -wal checkpointed into the file.
    await temp.db.destroy();
  }, 120_000);
  afterAll(() => temp.cleanup());

  it('uses no syntax newer than SQLite 3.37 in its schema', async () => {
    const db = await temp.reopen();
    const schema = (await sql<{ name: string; sql: string | null }>`SELECT name, sql FROM sqlite_master`.execute(db))
      .rows;
    await db.destroy();
    const tooNew = schema.filter((s) => s.sql && TOO_NEW.some((re) => re.test(s.sql!))).map((s) => s.name);
    expect(tooNew).toEqual([]);
    expect(schema.length).toBeGreaterThan(20);
  });

  it.skipIf(noCli)(`reads every table and searches with the sqlite3 CLI ${noCli ?? ''}`, () => {
    const reading = cliReading(temp.file, Object.keys(own.rows));
    expect(reading).toEqual(own);
    expect(own.rows.entry).toBeGreaterThan(0);
  });

  it.skipIf(noPython)(`reads every table and searches with Python's sqlite3 ${noPython ?? ''}`, () => {
    const out = JSON.parse(
      execFileSync('python3', ['-c', PYTHON, temp.file, ...WORDS], { encoding: 'utf8' }),
    ) as Reading & { version: string };
    expect({ integrity: out.integrity, rows: out.rows, matches: out.matches }).toEqual(own);
  });
});

describe('the rewritten search triggers', () => {
  it('store the same words as the 3.44 syntax they replace', async () => {
    const temp = await createTempDb('sqlite');
    try {
      await fillImported(temp);
      await buildGeneratedJournal(temp.db, { ownerId: OWNER + 1, ...DEMO_JOURNAL, entries: 50, timeZone: 'UTC' });
      // A tag added and one taken away after the entry was written: the tag triggers recompute the words.
      const first = await temp.db
        .selectFrom('entry')
        .select('id')
        .where('owner_id', '=', OWNER)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await temp.db
        .insertInto('entry_tag')
        .values([
          { entry_id: first.id, owner_id: OWNER, tag: 'aardvark' },
          { entry_id: first.id, owner_id: OWNER, tag: 'zebra' },
        ])
        .execute();
      await temp.db.deleteFrom('entry_tag').where('entry_id', '=', first.id).where('tag', '=', 'friends').execute();
      // The app's SQLite (3.44+) parses the old form: compute it afresh and compare with what the triggers stored.
      const rows = (
        await sql<{ id: number; stored: string; expected: string }>`
          SELECT e.id, e.search_more AS stored, trim(coalesce((SELECT group_concat(t.tag, ' ' ORDER BY t.tag) FROM entry_tag AS t
            WHERE t.entry_id = e.id AND instr(lower(e.content), '#' || t.tag) = 0), '')
            || ' ' || coalesce(json_extract(e.metadata, '$.place.name'), '') || ' ' || coalesce(json_extract(e.metadata, '$.place.locality'), '')
            || ' ' || coalesce(json_extract(e.metadata, '$.place.area'), '') || ' ' || coalesce(json_extract(e.metadata, '$.place.country'), '')) AS expected
          FROM entry AS e ORDER BY e.id`.execute(temp.db)
      ).rows;
      expect(rows.filter((r) => r.stored !== r.expected)).toEqual([]);
      expect(rows.find((r) => r.id === first.id)?.stored).toBe('aardvark park zebra Tiergarten Berlin  Germany');
      expect(rows.some((r) => r.stored.includes('Tiergarten Berlin  Germany'))).toBe(true);
    } finally {
      await temp.cleanup();
    }
  }, 120_000);
});
