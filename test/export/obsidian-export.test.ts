// `npm run export -- --format obsidian` (issue 41): a vault of journal/YYYY-MM-DD.md (entries under their times,
// place, mood and tags in front matter) and attachments/ embedded as ![[…]]; the notes importer reads it back into
// entries on the same days and times with the same texts, tags and media, byte for byte.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { exportObsidian } from '../../src/export/obsidian-export.ts';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { readMarkdownNotes } from '../../src/importer/sources/markdown-notes.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { blackPng } from '../helpers/black-png.ts';
import { runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 41;
const NOW = new Date('2025-01-10T12:00:00Z');
const ZONE = 'Europe/Berlin';
const dir = mkdtempSync(path.join(tmpdir(), 'obsidian-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PHOTO = blackPng(64, 48);
/** An attached Markdown file, dated by its name as a daily note would be, with a heading as a vault note would have. */
const NOTE_FILE = Buffer.from('---\ndate: 2024-05-03\n---\n## 09:00\n\nNot an entry\n');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

let source: TempDb;
let target: TempDb;
beforeEach(async () => {
  [source, target] = await Promise.all([createTempDb(), createTempDb()]);
  const folder = path.join(source.dir, 'dayone-in');
  mkdirSync(path.join(folder, 'photos'), { recursive: true });
  writeFileSync(path.join(folder, 'photos', `${md5(PHOTO)}.png`), PHOTO);
  const entries = [
    {
      uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
      creationDate: '2024-05-01T10:00:00Z',
      timeZone: ZONE,
      text: '![](dayone-moment://P1)\n\nPicnic by the lake',
      tags: ['park'],
      photos: [{ identifier: 'P1', md5: md5(PHOTO), type: 'png' }],
      location: { placeName: 'Tiergarten', localityName: 'Berlin', country: 'Germany' },
    },
  ];
  writeFileSync(path.join(folder, 'Journal.json'), JSON.stringify({ metadata: { version: '1.0' }, entries }));
  expect(
    await importSource(source.db, readDayOne(folder, false), 'dayone-in', { ownerId: OWNER, timeZone: ZONE }),
  ).toMatchObject({ imported: 1, mediaKept: 1 });
  const live = (messageId: number, at: string, text: string, hashtags: string[] = [], journal?: string) =>
    storeEntry(
      source.db,
      {
        ownerId: OWNER,
        source: 'live',
        chatId: OWNER,
        messageId,
        writtenAt: new Date(at),
        text,
        hashtags,
        ...(journal ? { journal } : {}),
      },
      { timeZone: ZONE, now: NOW },
    );
  await live(1, '2024-05-01T18:30:00Z', 'Evening: ## not a heading of ours\n### but text\n\nWith #sunset', [
    'sunset',
    'calm',
  ]);
  await live(2, '2024-05-02T06:00:00Z', 'Morning run');
  // The same day and time in another journal: its own note, its own entry on the way back.
  await live(4, '2024-05-02T06:00:00Z', 'Morning run by the sea', ['sea'], 'Travel');
  // A Markdown file sent as a document: an attachment of the entry, never a note of the vault.
  const doc = await storeEntry(
    source.db,
    {
      ownerId: OWNER,
      source: 'live',
      chatId: OWNER,
      messageId: 3,
      writtenAt: new Date('2024-05-02T07:00:00Z'),
      text: 'Packing list attached',
      media: [
        { kind: 'file', fileId: 'doc-1', fileName: 'packing.md', durationSeconds: null, fileSize: NOTE_FILE.length },
      ],
    },
    { timeZone: ZONE, now: NOW },
  );
  const row = await source.db
    .selectFrom('entry_media')
    .select('id')
    .where('entry_id', '=', doc!)
    .executeTakeFirstOrThrow();
  await writeBlob(source.db, row.id, [NOTE_FILE], {
    now: NOW,
    onKept: async (trx, b) =>
      void (await trx
        .updateTable('entry_media')
        .set({ sha256: b.sha256, size: b.size, state: 'kept', next_at: null })
        .where('id', '=', row.id)
        .execute()),
  });
  await setMood(source.db, OWNER, '2024-05-01', 4, NOW);
});
afterEach(async () => {
  await Promise.all([source.cleanup(), target.cleanup()]);
});

const journal = (t: TempDb) =>
  t.db
    .selectFrom('entry')
    .select(['id', 'local_day', 'local_time', 'content', 'journal'])
    .orderBy('written_at')
    .execute()
    .then((rows) =>
      Promise.all(
        rows.map(async ({ id, ...row }) => ({
          ...row,
          tags: (
            await t.db.selectFrom('entry_tag').select('tag').where('entry_id', '=', id).orderBy('tag').execute()
          ).map((r) => r.tag),
          media: await t.db
            .selectFrom('entry_media')
            .select(['sha256'])
            .where('entry_id', '=', id)
            .orderBy('position')
            .execute(),
        })),
      ),
    );

it('writes a vault the notes importer reads back: same days, times, journals, texts, tags and media', async () => {
  const vault = path.join(dir, `vault-${Math.random().toString(36).slice(2)}`);
  expect(
    await exportObsidian(source.db, { ownerId: OWNER, dir: vault, timeZone: ZONE, dayStartsAt: '00:00' }),
  ).toMatchObject({ entries: 5 });
  // The main journal's days in journal/, the Travel journal's in journals/Travel/, its notes naming it.
  expect(readdirSync(path.join(vault, 'journal')).sort()).toEqual(['2024-05-01.md', '2024-05-02.md']);
  expect(readdirSync(path.join(vault, 'journals', 'Travel'))).toEqual(['2024-05-02.md']);
  expect(readFileSync(path.join(vault, 'attachments', `${sha(PHOTO)}.png`))).toEqual(PHOTO);
  // The attached Markdown file keeps its bytes under a name no reader of the vault takes for a note.
  expect(readdirSync(path.join(vault, 'attachments')).sort()).toEqual(
    [`${sha(PHOTO)}.png`, `${sha(NOTE_FILE)}.md.txt`].sort(),
  );
  expect(readFileSync(path.join(vault, 'attachments', `${sha(NOTE_FILE)}.md.txt`))).toEqual(NOTE_FILE);
  const travel = readFileSync(path.join(vault, 'journals', 'Travel', '2024-05-02.md'), 'utf8');
  expect(travel).toMatch(/^---\ndate: 2024-05-02\njournal: "Travel"\ntags: \["sea"\]\n/);
  expect(travel).toContain('## 08:00\n\nMorning run by the sea\n\n<!-- tags --> #sea\n');
  expect(travel).not.toContain('Morning run\n');
  const note = readFileSync(path.join(vault, 'journal', '2024-05-01.md'), 'utf8');
  expect(note).toMatch(/^---\ndate: 2024-05-01\nmood: 4\nplace: "Tiergarten"\ntags: \["calm", "park", "sunset"\]\n/);
  expect(note).toContain(
    `## 12:00\n\nPicnic by the lake\n\n![[attachments/${sha(PHOTO)}.png]]\n\n<!-- tags --> #park\n`,
  );
  expect(note).not.toContain('journal:');
  expect(note).toContain(
    '## 20:30\n\nEvening: ## not a heading of ours\n### but text\n\nWith #sunset\n\n<!-- tags --> #calm\n',
  );
  expect(readFileSync(path.join(vault, 'journal', '2024-05-02.md'), 'utf8')).toContain(
    `## 09:00\n\nPacking list attached\n\n![[attachments/${sha(NOTE_FILE)}.md.txt]]\n`,
  );

  const back = await importSource(target.db, readMarkdownNotes(vault, ZONE), 'vault', {
    ownerId: OWNER,
    timeZone: ZONE,
  });
  expect(back).toMatchObject({ imported: 5, mediaKept: 2, error: null });
  const [before, after] = [await journal(source), await journal(target)];
  // The attachment comes back a file of the entry, its label after the text (as the vault shows it); the rest as it was.
  const packing = after.find((e) => e.content.startsWith('Packing list'))!;
  expect(packing.content).toBe(`Packing list attached\n\n[file ${sha(NOTE_FILE)}.md.txt]`);
  // The photo's Day One reference was dropped on import (no label beside a kept photo); the vault places it after the
  // words, and the notes importer reads an embed back as its label.
  const picnic = after.find((e) => e.content.startsWith('Picnic by the lake'))!;
  expect(picnic.content).toBe('Picnic by the lake\n\n[photo]');
  const unlabelled = (e: (typeof after)[number]) =>
    e === packing
      ? { ...e, content: 'Packing list attached' }
      : e === picnic
        ? { ...e, content: 'Picnic by the lake' }
        : e;
  expect(after.map(unlabelled)).toEqual(before);
  expect(after.find((e) => e.content === 'Morning run by the sea')!.journal).toBe('Travel');
});

it('npm run export -- --format obsidian writes the vault and refuses a folder that is not empty', async () => {
  await source.db.destroy();
  const vault = path.join(dir, `cli-vault-${Math.random().toString(36).slice(2)}`);
  const env = { DATABASE_PATH: source.file, ALLOWED_USER_IDS: String(OWNER), JOURNAL_TIMEZONE: ZONE };
  const run = await runEntryPoint('src/cli/export.ts', ['--format', 'obsidian', '--out', vault], { cwd: dir, env });
  expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Exported 5 entries of user 41 to:\n/) });
  expect(readdirSync(path.join(vault, 'journal'))).toContain('2024-05-01.md');
  const again = await runEntryPoint('src/cli/export.ts', ['--format', 'obsidian', '--out', vault], { cwd: dir, env });
  expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists: an export never replaces/) });
});
