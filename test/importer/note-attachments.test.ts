// Obsidian and Logseq attachments become entry media: `![[name]]` found by name anywhere in the vault, `![[dir/x|300]]`,
// `![](../assets/x.png)`, each file's bytes kept in the journal; a missing file, a symbolic link and a path leading out
// of the folder imported stay text and are counted as missing, and nothing outside the folder is read. A re-import adds
// nothing twice. The notes are fixtures (test/fixtures/journals); the test writes the attachments' bytes beside them.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBlobWhole } from '../../src/db/media-blobs.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { readMarkdownNotes } from '../../src/importer/sources/markdown-notes.ts';
import { createAttachmentResolver } from '../../src/importer/sources/note-attachments.ts';
import { formatSourceSummary } from '../../src/importer/sources/source-summary.ts';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 111;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = randomBytes(3_000);
const pdf = randomBytes(2_000);
const ogg = randomBytes(1_500);
const outside = randomBytes(500);
const seedlings = Buffer.concat([PNG, randomBytes(16)]);
const clip = randomBytes(4_000);

const dir = mkdtempSync(path.join(tmpdir(), 'note-attachments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture vault copied into `root`, its attachments written, and a file and a link that lead outside it. */
function obsidianVault(root: string): string {
  const vault = path.join(root, 'vault');
  cpSync(path.join(REPO_ROOT, 'test/fixtures/journals/obsidian-attachments'), vault, { recursive: true });
  mkdirSync(path.join(vault, 'Assets/images'), { recursive: true });
  mkdirSync(path.join(vault, 'Trips'));
  mkdirSync(path.join(vault, 'attachments'));
  writeFileSync(path.join(vault, 'Assets/images/balcony.png'), PNG);
  writeFileSync(path.join(vault, 'Trips/lisbon.jpg'), jpeg);
  writeFileSync(path.join(vault, 'attachments/Q2 report.pdf'), pdf);
  writeFileSync(path.join(vault, 'Daily/memo.ogg'), ogg);
  writeFileSync(path.join(root, 'outside.png'), outside);
  symlinkSync(path.join(root, 'outside.png'), path.join(vault, 'secret-link.png'));
  return vault;
}

function logseqGraph(root: string): string {
  const graph = path.join(root, 'graph');
  cpSync(path.join(REPO_ROOT, 'test/fixtures/journals/logseq-attachments'), graph, { recursive: true });
  mkdirSync(path.join(graph, 'assets'));
  writeFileSync(path.join(graph, 'assets/seedlings_1714700000000_0.png'), seedlings);
  writeFileSync(path.join(graph, 'assets/rain clip.mp4'), clip);
  return graph;
}

let temp: TempDb;
let root: string;
beforeEach(async () => {
  temp = await createTempDb();
  root = mkdtempSync(path.join(dir, 'case-'));
});
afterEach(() => temp.cleanup());

const run = (target: string) =>
  importSource(temp.db, readMarkdownNotes(target, 'UTC'), 'notes', { ownerId: OWNER, timeZone: 'UTC' });
const media = () =>
  temp.db
    .selectFrom('entry_media')
    .innerJoin('entry', 'entry.id', 'entry_media.entry_id')
    .select([
      'entry.local_day',
      'entry_media.position',
      'entry_media.kind',
      'entry_media.state',
      'entry_media.sha256',
      'entry_media.mime_type',
      'entry_media.file_name',
      'entry_media.note',
    ])
    .orderBy('entry.local_day')
    .orderBy('entry_media.position')
    .execute();

describe('Obsidian attachments', () => {
  it('become the entry media with their bytes; the missing, linked and outside ones stay text, counted', async () => {
    const vault = obsidianVault(root);
    const report = await run(vault);
    expect(report).toMatchObject({ error: null, imported: 2, mediaKept: 4, mediaMissing: 4 });
    expect(formatSourceSummary(report)[1]).toBe(
      'Media: 4 files kept in the journal; 4 without a file (kept as labels only).',
    );
    const entries = await temp.db.selectFrom('entry').select(['local_day', 'content']).orderBy('local_day').execute();
    expect(entries).toEqual([
      {
        local_day: '2024-05-01',
        // Found files are labels (the same file twice is one medium); a note embed, a web image and a missing file stay text.
        content:
          'Breakfast on the balcony.\n[photo]\n[photo]\n![[Planning]]\n![](https://example.com/x.png)\n![[missing.png]]\nAgain: [photo]',
      },
      {
        local_day: '2024-05-02',
        content:
          'Report attached: [file Q2 report.pdf]\nA voice memo [audio memo.ogg]\nNot followed: ![[secret-link.png]]\nNot read: ![](../../etc/passwd) and ![](../../outside.png)',
      },
    ]);
    expect(await media()).toEqual([
      {
        local_day: '2024-05-01',
        position: 0,
        kind: 'photo',
        state: 'kept',
        sha256: sha(PNG),
        mime_type: 'image/png',
        file_name: 'balcony.png',
        note: null,
      },
      {
        local_day: '2024-05-01',
        position: 1,
        kind: 'photo',
        state: 'kept',
        sha256: sha(jpeg),
        mime_type: 'image/jpeg',
        file_name: 'lisbon.jpg',
        note: null,
      },
      {
        local_day: '2024-05-01',
        position: 2,
        kind: 'photo',
        state: 'reference',
        sha256: null,
        mime_type: 'image/png',
        file_name: 'missing.png',
        note: 'missing.png was not in the imported folder',
      },
      {
        local_day: '2024-05-02',
        position: 0,
        kind: 'file',
        state: 'kept',
        sha256: sha(pdf),
        mime_type: 'application/pdf',
        file_name: 'Q2 report.pdf',
        note: null,
      },
      {
        local_day: '2024-05-02',
        position: 1,
        kind: 'audio',
        state: 'kept',
        sha256: sha(ogg),
        mime_type: 'audio/ogg',
        file_name: 'memo.ogg',
        note: null,
      },
      {
        local_day: '2024-05-02',
        position: 2,
        kind: 'photo',
        state: 'reference',
        sha256: null,
        mime_type: 'image/png',
        file_name: 'secret-link.png',
        note: 'secret-link.png was not in the imported folder',
      },
      {
        local_day: '2024-05-02',
        position: 3,
        kind: 'file',
        state: 'reference',
        sha256: null,
        mime_type: 'application/octet-stream',
        file_name: 'passwd',
        note: '../../etc/passwd is outside the imported folder: not read',
      },
      {
        local_day: '2024-05-02',
        position: 4,
        kind: 'photo',
        state: 'reference',
        sha256: null,
        mime_type: 'image/png',
        file_name: 'outside.png',
        note: '../../outside.png is outside the imported folder: not read',
      },
    ]);
    for (const bytes of [PNG, jpeg, pdf, ogg]) expect(await readBlobWhole(temp.db, sha(bytes))).toEqual(bytes);
    // The file beside the vault was never read: its bytes are in no blob.
    expect(
      await temp.db.selectFrom('media_blob').select('sha256').where('sha256', '=', sha(outside)).execute(),
    ).toEqual([]);

    const again = await run(vault);
    expect(again).toMatchObject({ error: null, imported: 0, alreadyPresent: 2, revised: 0, mediaKept: 0 });
    expect(await temp.db.selectFrom('entry_media').select('id').execute()).toHaveLength(8);
    expect(await temp.db.selectFrom('media_blob').select('sha256').execute()).toHaveLength(4);
  });

  it('a single note reads its attachments from its own folder only', async () => {
    const vault = obsidianVault(root);
    const report = await run(path.join(vault, 'Daily/2024-05-02.md'));
    // memo.ogg sits beside the note; the report is in ../attachments, outside what was given.
    expect(report).toMatchObject({ error: null, imported: 1, mediaKept: 1, mediaMissing: 4 });
  });

  it('resolves only inside the folder, whatever the path says', () => {
    const vault = obsidianVault(root);
    const resolver = createAttachmentResolver(vault);
    const note = path.join(vault, 'Daily/2024-05-01.md');
    expect(resolver.resolve('balcony.png', note)).toEqual({ relative: path.join('Assets', 'images', 'balcony.png') });
    expect(resolver.resolve('BALCONY.PNG', note)).toEqual({ relative: path.join('Assets', 'images', 'balcony.png') });
    expect(resolver.resolve('Trips/lisbon.jpg', note)).toEqual({ relative: path.join('Trips', 'lisbon.jpg') });
    expect(resolver.resolve('../Trips/lisbon.jpg', note)).toEqual({ relative: path.join('Trips', 'lisbon.jpg') });
    expect(resolver.resolve('/etc/passwd', note)).toEqual({
      missing: '/etc/passwd is outside the imported folder: not read',
    });
    expect(resolver.resolve('../../../../../../etc/passwd', note)).toMatchObject({
      missing: expect.stringMatching(/outside the imported folder/),
    });
    expect(resolver.resolve('Daily', note)).toEqual({ missing: 'Daily was not in the imported folder' });
  });
});

describe('Logseq attachments', () => {
  it("are read from the graph's assets/, sizes and spaces in paths allowed", async () => {
    const graph = logseqGraph(root);
    const report = await run(graph);
    expect(report).toMatchObject({ error: null, imported: 1, mediaKept: 2, mediaMissing: 0, label: 'Logseq journals' });
    const entry = await temp.db.selectFrom('entry').select('content').executeTakeFirstOrThrow();
    expect(entry.content).toBe('- Seedlings are up [photo]\n- A clip of the rain [video rain clip.mp4]');
    expect((await media()).map((m) => [m.kind, m.sha256, m.mime_type])).toEqual([
      ['photo', sha(seedlings), 'image/png'],
      ['video', sha(clip), 'video/mp4'],
    ]);
  });
});

describe('npm run import of a vault with attachments', { timeout: PROCESS_TEST_MS }, () => {
  it('says how many media files it kept and how many were missing', async () => {
    const vault = obsidianVault(root);
    const env = {
      DATABASE_PATH: path.join(root, 'journal.sqlite'),
      ALLOWED_USER_IDS: String(OWNER),
      JOURNAL_TIMEZONE: 'UTC',
    };
    const first = await runEntryPoint('src/cli/import.ts', [vault], { cwd: root, env });
    expect(first.stderr).toContain('a folder of daily notes (Obsidian or Logseq)');
    expect(first.stdout).toMatch(
      /^Obsidian daily notes: imported 2 entries .*\nMedia: 4 files kept in the journal; 4 without a file \(kept as labels only\)\.\n/,
    );
    expect(first.code).toBe(0);
    const second = await runEntryPoint('src/cli/import.ts', [vault], { cwd: root, env });
    expect(second.stdout).toMatch(/^Obsidian daily notes: imported 0 entries; 2 already in the journal /);
    expect(second.code).toBe(0);
  });
});
