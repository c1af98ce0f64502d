// The Markdown export to a folder carries the media: `![](media/…)` for photos and links for other files, and each
// entry's media_items in its comment. `npm run export -- --format md --out <folder>/`, then `npm run import` of that
// folder into an empty journal, gives back the same entries with byte-identical media; the links are never text.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importMarkdownExport } from '../../src/export/import-markdown-export.ts';
import { readBlobWhole, writeBlob } from '../../src/db/media-blobs.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import type { EntryMedia } from '../../src/journal/media/media.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 111;
const NOW = new Date('2025-01-10T12:00:00Z');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const env = (file: string) => ({ DATABASE_PATH: file, ALLOWED_USER_IDS: String(OWNER), JOURNAL_TIMEZONE: 'UTC' });

const photoA = randomBytes(30_000);
const photoB = randomBytes(12_000);
const pdf = randomBytes(5_000);
const voice = randomBytes(7_000);

let source: TempDb;
beforeEach(async () => {
  source = await createTempDb();
});
afterEach(() => source.cleanup());

const medium = (kind: EntryMedia['kind'], extra: Partial<EntryMedia> = {}): EntryMedia => ({
  kind,
  fileId: `${kind}-id`,
  fileName: null,
  durationSeconds: null,
  fileSize: null,
  ...extra,
});

/** Stores an entry with its media and keeps the given bytes for each (null: its download still pending). */
async function entryWith(
  db: JournalDb,
  messageId: number,
  text: string,
  media: [EntryMedia, Buffer | null][],
): Promise<void> {
  const at = new Date(`2025-01-0${messageId}T09:30:00Z`);
  const id = await storeEntry(
    db,
    { ownerId: OWNER, source: 'live', chatId: OWNER, messageId, writtenAt: at, text, media: media.map(([m]) => m) },
    { timeZone: 'UTC', now: NOW },
  );
  const rows = await db
    .selectFrom('entry_media')
    .select('id')
    .where('entry_id', '=', id!)
    .orderBy('position')
    .execute();
  for (const [i, [, bytes]] of media.entries()) {
    if (bytes === null) continue;
    const mediaId = rows[i]!.id;
    await writeBlob(db, mediaId, [bytes], {
      now: NOW,
      onKept: async (trx, b) =>
        void (await trx
          .updateTable('entry_media')
          .set({ sha256: b.sha256, size: b.size, state: 'kept', next_at: null })
          .where('id', '=', mediaId)
          .execute()),
    });
  }
}

const MEDIA_FIELDS = [
  'entry_id',
  'position',
  'kind',
  'state',
  'sha256',
  'mime_type',
  'size',
  'width',
  'height',
  'duration_seconds',
  'file_name',
  'file_id',
] as const;
const entriesOf = (db: JournalDb) =>
  db
    .selectFrom('entry')
    .select([
      'id',
      'written_at',
      'local_day',
      'local_time',
      'title',
      'content',
      'source',
      'chat_id',
      'message_id',
      'journal',
    ])
    .orderBy('id')
    .execute();
const mediaOf = (db: JournalDb) =>
  db
    .selectFrom('entry_media')
    .select([...MEDIA_FIELDS])
    .orderBy('entry_id')
    .orderBy('position')
    .execute();

describe(
  'the Markdown export with media, through npm run export and npm run import',
  { timeout: PROCESS_TEST_MS * 3 },
  () => {
    it('links photos and files, lists media_items, and an import into an empty journal gives back the same bytes', async () => {
      await entryWith(source.db, 1, 'Lisbon: the table by the window', [
        [medium('photo', { width: 1280, height: 960, mimeType: 'image/jpeg' }), photoA],
        [medium('photo', { width: 800, height: 600, mimeType: 'image/jpeg' }), photoB],
      ]);
      await entryWith(source.db, 2, 'Quarterly numbers', [
        [medium('file', { fileName: 'q4 [final].pdf', mimeType: 'application/pdf' }), pdf],
      ]);
      await entryWith(source.db, 3, '[voice note 0:07]', [
        [medium('voice_note', { durationSeconds: 7, mimeType: 'audio/ogg' }), voice],
      ]);
      await entryWith(source.db, 4, '[photo]', [[medium('photo', { mimeType: 'image/jpeg' }), null]]);
      await entryWith(source.db, 5, '![](media/written-by-hand.jpg) is text the person typed', []);
      await source.db.destroy();

      const out = path.join(source.dir, 'md-export/');
      const exported = await runEntryPoint('src/cli/export.ts', ['--format', 'md', '--out', out], {
        cwd: source.dir,
        env: env(source.file),
      });
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
      expect(readdirSync(path.join(out, 'media')).sort()).toEqual(
        [`${sha(photoA)}.jpg`, `${sha(photoB)}.jpg`, `${sha(pdf)}.pdf`, `${sha(voice)}.ogg`].sort(),
      );
      const text = readFileSync(path.join(out, '2025.md'), 'utf8');
      // Photos as images, other files as links, a blank line, then the text; the pending photo has no link.
      expect(text).toContain(
        `-->\n![](media/${sha(photoA)}.jpg)\n![](media/${sha(photoB)}.jpg)\n\nLisbon: the table by the window\n`,
      );
      expect(text).toContain(`-->\n[q4 \\[final\\].pdf](media/${sha(pdf)}.pdf)\n\nQuarterly numbers\n`);
      expect(text).toContain(`-->\n[voice note 0:07](media/${sha(voice)}.ogg)\n\n[voice note 0:07]\n`);
      expect(text).toMatch(/"note":"its bytes were not in the exported journal","path":null\}\]\nsource/);
      expect(text).toContain(
        `media_items: [{"kind":"photo","sha256":"${sha(photoA)}","mime_type":"image/jpeg","size":30000,"width":1280,"height":960,"duration_seconds":null,"file_name":null,"file_id":"photo-id","note":null,"path":"media/${sha(photoA)}.jpg"},`,
      );

      const fresh = path.join(source.dir, 'fresh.sqlite');
      const imported = await runEntryPoint('src/cli/import.ts', [out], { cwd: source.dir, env: env(fresh) });
      expect(imported.stderr).toContain('a journal export (npm run export, Markdown)');
      expect(imported.stdout).toBe(
        "Imported 5 of 5 entries from the journal's Markdown export into user 111's journal; 0 already there.\nMedia: 4 files kept in the journal; 1 without a file (kept as labels only).\n",
      );
      expect(imported.code).toBe(0);

      const before = openDatabase(source.file);
      const after = openDatabase(fresh);
      try {
        // The same entries (ids, days, texts: no link became text), the same media rows, the same bytes.
        expect(await entriesOf(after)).toEqual(await entriesOf(before));
        const keptBefore = (await mediaOf(before)).filter((m) => m.state === 'kept');
        expect((await mediaOf(after)).filter((m) => m.state === 'kept')).toEqual(keptBefore);
        expect(keptBefore).toHaveLength(4);
        for (const bytes of [photoA, photoB, pdf, voice]) expect(await readBlobWhole(after, sha(bytes))).toEqual(bytes);
        expect(
          await after
            .selectFrom('entry_media')
            .select(['kind', 'state', 'note'])
            .where('state', '!=', 'kept')
            .execute(),
        ).toEqual([{ kind: 'photo', state: 'reference', note: 'its bytes were not in the exported journal' }]);
      } finally {
        await before.destroy();
        await after.destroy();
      }

      // Again into the same journal: nothing twice. And its own export is the same Markdown.
      const again = await runEntryPoint('src/cli/import.ts', [out], { cwd: source.dir, env: env(fresh) });
      expect(again.stdout).toMatch(/^Imported 0 of 5 entries .*; 5 already there\.\n/);
      const second = path.join(source.dir, 'second/');
      expect(
        (
          await runEntryPoint('src/cli/export.ts', ['--format', 'md', '--out', second], {
            cwd: source.dir,
            env: env(fresh),
          })
        ).code,
      ).toBe(0);
      const withoutStamp = (s: string) => s.replace(/^exported: .*$/m, '');
      expect(withoutStamp(readFileSync(path.join(second, '2025.md'), 'utf8'))).toBe(withoutStamp(text));
      const check = openDatabase(fresh);
      try {
        expect(await check.selectFrom('media_blob').select('sha256').execute()).toHaveLength(4);
      } finally {
        await check.destroy();
      }
      source.db = openDatabase(source.file); // for cleanup
    });
  },
);

describe('the Markdown export with media, in process', () => {
  it("one journal's export writes that journal's media alone", async () => {
    await entryWith(source.db, 1, 'main photo', [[medium('photo', { mimeType: 'image/jpeg' }), photoA]]);
    const id = await storeEntry(
      source.db,
      {
        ownerId: OWNER,
        source: 'live',
        chatId: OWNER,
        messageId: 2,
        writtenAt: NOW,
        text: 'dream photo',
        journal: 'Dreams',
        media: [medium('photo', { mimeType: 'image/jpeg' })],
      },
      { timeZone: 'UTC', now: NOW },
    );
    const row = await source.db
      .selectFrom('entry_media')
      .select('id')
      .where('entry_id', '=', id!)
      .executeTakeFirstOrThrow();
    await writeBlob(source.db, row.id, [photoB], {
      now: NOW,
      onKept: async (trx, b) =>
        void (await trx
          .updateTable('entry_media')
          .set({ sha256: b.sha256, state: 'kept', next_at: null })
          .where('id', '=', row.id)
          .execute()),
    });
    const out = path.join(source.dir, 'dreams');
    await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'md',
      out: { dir: out },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
      journal: 'Dreams',
    });
    expect(readdirSync(path.join(out, 'media'))).toEqual([`${sha(photoB)}.jpg`]);
  });

  it('an export whose media links a person removed (keeping the blank line after them, or not) still reads each text whole', async () => {
    await entryWith(source.db, 1, 'first line\nsecond line', [
      [medium('photo', { mimeType: 'image/jpeg' }), photoA],
      [medium('file', { fileName: 'a.pdf', mimeType: 'application/pdf' }), pdf],
    ]);
    await entryWith(source.db, 2, 'next entry', [[medium('photo', { mimeType: 'image/jpeg' }), photoB]]);
    const out = path.join(source.dir, 'md');
    await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'md',
      out: { dir: out },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
    });
    const file = path.join(
      out,
      readdirSync(out).find((n) => n.endsWith('.md'))!,
    );
    const exported = readFileSync(file, 'utf8');
    const linkLines = exported.split('\n').filter((l) => /^!?\[[^\]]*\]\(media\//.test(l));
    expect(linkLines).toHaveLength(3);
    // The first entry's links removed with their blank line kept; the second's removed with its blank line too.
    const edited = exported
      .split('\n')
      .filter((l) => !linkLines.includes(l))
      .join('\n')
      .replace(/-->\n\nnext entry/, '-->\nnext entry');
    writeFileSync(file, edited);
    const target = await createTempDb();
    try {
      expect(await importMarkdownExport(target.db, out)).toMatchObject({ imported: 2, damaged: [], error: null });
      const texts = await target.db.selectFrom('entry').select('content').orderBy('written_at').execute();
      expect(texts.map((t) => t.content)).toEqual(['first line\nsecond line', 'next entry']);
    } finally {
      await target.cleanup();
    }
  });

  it("reads version 2's files, whose media_items line was the metadata's list of media", async () => {
    await storeEntry(
      source.db,
      {
        ownerId: OWNER,
        source: 'import',
        chatId: 900,
        messageId: 1,
        writtenAt: NOW,
        text: 'Day One entry',
        metadata: { journal: 'Travel', media: [{ kind: 'photo', file_name: 'a.jpeg' }] },
      },
      { timeZone: 'UTC', now: NOW },
    );
    const file = path.join(source.dir, 'v3.md');
    await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'md',
      out: { file },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
    });
    const v3 = readFileSync(file, 'utf8');
    expect(v3).toContain('metadata_media: [{"kind":"photo","file_name":"a.jpeg"}]');
    const v2 = path.join(source.dir, 'v2.md');
    writeFileSync(v2, v3.replace('version: 3', 'version: 2').replace('metadata_media: ', 'media_items: '));
    const target = await createTempDb();
    try {
      expect(await importMarkdownExport(target.db, v2)).toMatchObject({ imported: 1, damaged: [], error: null });
      const stored = await target.db.selectFrom('entry').select('metadata').executeTakeFirstOrThrow();
      expect(JSON.parse(stored.metadata!)).toEqual({
        journal: 'Travel',
        media: [{ kind: 'photo', file_name: 'a.jpeg' }],
      });
      writeFileSync(v2, v3.replace('version: 3', 'version: 4'));
      expect((await importMarkdownExport(target.db, v2)).error).toBe(
        'v2.md is version 4 of the Markdown export; this version reads up to 3',
      );
    } finally {
      await target.cleanup();
    }
  });
});
