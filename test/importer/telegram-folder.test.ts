// The folder Telegram Desktop writes (issue 41): `npm run import -- ChatExport_2024-05-01/` (result.json with photos/
// and voice_messages/ beside it), or the folder holding it, imports as that export with its media, byte for byte.
// Two exports one folder down are refused, naming both; a result.json that is not Telegram's is no Telegram export.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { detectSource } from '../../src/importer/sources/detect-source.ts';
import { blackPng } from '../helpers/black-png.ts';
import { runEntryPoint } from '../helpers/run-entry-point.ts';
import { savedMessage, writeSavedMessages } from '../helpers/saved-messages-export.ts';
import { testJournalKey } from '../helpers/temp-db.ts';

const OWNER = 4141;
const dir = mkdtempSync(path.join(tmpdir(), 'telegram-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PHOTO = blackPng(80, 60);
const VOICE = Buffer.from('OggS voice bytes of a test');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A Telegram Desktop export folder under `parent`: a photo with a caption, a voice message, a text. */
function chatExport(parent: string, name = 'ChatExport_2024-05-01'): string {
  const folder = path.join(parent, name);
  mkdirSync(path.join(folder, 'photos'), { recursive: true });
  mkdirSync(path.join(folder, 'voice_messages'), { recursive: true });
  writeFileSync(path.join(folder, 'photos', 'photo_1@01-05-2024_10-00-00.jpg'), PHOTO);
  writeFileSync(path.join(folder, 'voice_messages', 'audio_1@01-05-2024_10-01-00.ogg'), VOICE);
  writeSavedMessages(folder, OWNER, [
    savedMessage(OWNER, 1, {
      photo: 'photos/photo_1@01-05-2024_10-00-00.jpg',
      photo_file_size: PHOTO.length,
      width: 80,
      height: 60,
      text: 'The lake',
      text_entities: [{ type: 'plain', text: 'The lake' }],
    }),
    savedMessage(OWNER, 2, {
      file: 'voice_messages/audio_1@01-05-2024_10-01-00.ogg',
      file_size: VOICE.length,
      media_type: 'voice_message',
      mime_type: 'audio/ogg',
      duration_seconds: 3,
    }),
    savedMessage(OWNER, 3, { text: 'A plain note', text_entities: [{ type: 'plain', text: 'A plain note' }] }),
  ]);
  return folder;
}

async function importFolder(target: string, db: string) {
  return runEntryPoint('src/cli/import.ts', [target], {
    cwd: dir,
    env: { DATABASE_PATH: db, ALLOWED_USER_IDS: String(OWNER), JOURNAL_TIMEZONE: 'UTC' },
  });
}

async function stored(file: string) {
  const db = openDatabase(file, { key: testJournalKey() });
  try {
    const entries = await db.selectFrom('entry').select(['content']).orderBy('written_at').execute();
    const media = await db.selectFrom('entry_media').select(['kind', 'sha256']).orderBy('id').execute();
    return { entries: entries.map((e) => e.content), media };
  } finally {
    await db.destroy();
  }
}

describe('a Telegram Desktop export folder', () => {
  it.each([
    ['the folder itself', (parent: string) => chatExport(parent)],
    ['the folder holding it', (parent: string) => (chatExport(parent), parent)],
  ])('imports given as %s, with its photo and voice files', async (_name, target) => {
    const parent = mkdtempSync(path.join(dir, 'case-'));
    const run = await importFolder(target(parent), path.join(parent, 'journal.sqlite'));
    expect(run.stderr).toMatch(/is a Telegram Desktop export/);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(/Media: 2 files kept in the journal/);
    const got = await stored(path.join(parent, 'journal.sqlite'));
    expect(got.entries).toEqual(['The lake', expect.stringMatching(/^\[voice note/), 'A plain note']);
    expect(got.media).toEqual([
      { kind: 'photo', sha256: sha(PHOTO) },
      { kind: 'voice_note', sha256: sha(VOICE) },
    ]);
  });

  it('refuses two exports one folder down, naming both', async () => {
    const parent = mkdtempSync(path.join(dir, 'two-'));
    chatExport(parent, 'ChatExport_2024-05-01');
    chatExport(parent, 'ChatExport_2024-06-01');
    await expect(detectSource(parent, 'Downloads')).rejects.toThrow(
      /holds 2 Telegram exports \(ChatExport_2024-05-01, ChatExport_2024-06-01\): give the one to import/,
    );
  });

  it("does not take a result.json that is not Telegram's for an export", async () => {
    const parent = mkdtempSync(path.join(dir, 'other-'));
    writeFileSync(path.join(parent, 'result.json'), JSON.stringify({ score: 3 }));
    await expect(detectSource(parent, 'scores')).rejects.toThrow(
      /is a folder with no journal this reads: no Telegram export \(result.json\)/,
    );
  });
});
