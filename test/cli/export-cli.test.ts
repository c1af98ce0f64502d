// npm run export as a real process: by default into data/exports/ of the project folder (git-ignored), never the
// folder the user stands in, and every file private (0600) in a private folder (0700); never replacing an earlier
// export: default names carry the owner and the time, and a file already there is refused, named.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { DEFAULT_EXPORT_DIR } from '../../src/export/export-defaults.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedKnownJournal } from '../journal/known-journal.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
  await seedKnownJournal(temp.db);
  await temp.db.destroy();
});
afterEach(() => temp.cleanup());

describe('npm run export', { timeout: PROCESS_TEST_MS }, () => {
  it('writes into data/exports/ by default, 0600 files in a 0700 folder', async () => {
    // npm runs the script in the project folder (here the test's folder) and passes where the user stood as INIT_CWD.
    const elsewhere = path.join(temp.dir, 'somewhere');
    const env = { DATABASE_PATH: temp.file, INIT_CWD: elsewhere };
    const json = await runEntryPoint('src/cli/export.ts', ['--owner', String(OWNER)], { cwd: temp.dir, env });
    const md = await runEntryPoint('src/cli/export.ts', ['--format', 'md', '--owner', String(OWNER)], {
      cwd: temp.dir,
      env,
    });
    expect([json.code, md.code]).toEqual([0, 0]);
    const dir = path.join(temp.dir, DEFAULT_EXPORT_DIR);
    const files = readdirSync(dir).sort();
    expect(files).toEqual([
      expect.stringMatching(new RegExp(`^journal-${OWNER}-\\d{8}-\\d{6}\\.json$`)),
      expect.stringMatching(new RegExp(`^journal-${OWNER}-\\d{8}-\\d{6}\\.md$`)),
    ]);
    expect(json.stdout).toContain(path.join(dir, files[0]!));
    expect(files.map((f) => statSync(path.join(dir, f)).mode & 0o777)).toEqual([0o600, 0o600]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(temp.dir)).not.toContain('somewhere');

    // Two more in a row with the default name (its time to the second): each writes a file of its own, or, started
    // within the second of the one before, refuses to replace it. A command starts in well under a second.
    const again = await runEntryPoint('src/cli/export.ts', ['--owner', String(OWNER)], { cwd: temp.dir, env });
    const third = await runEntryPoint('src/cli/export.ts', ['--owner', String(OWNER)], { cwd: temp.dir, env });
    for (const run of [again, third])
      if (run.code !== 0) expect(run.stderr).toMatch(/already exists: an export never replaces an earlier file/);
    const written = [again, third].filter((run) => run.code === 0).length;
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(1 + written);
  });

  it('an export to one file says it left the media out and how to include them; a folder export sums its media up', async () => {
    const db = temp.openAnother();
    const at = new Date('2024-04-03T09:00:00Z');
    for (const [i, bytes] of [Buffer.from('first photo bytes'), Buffer.from('second photo bytes')].entries()) {
      const id = await storeEntry(
        db,
        {
          ownerId: OWNER,
          source: 'live',
          chatId: OWNER,
          messageId: 9300 + i,
          writtenAt: at,
          text: '[photo]',
          media: [
            {
              kind: 'photo',
              mimeType: 'image/jpeg',
              fileId: `p${i}`,
              fileName: null,
              durationSeconds: null,
              fileSize: bytes.length,
            },
          ],
        },
        { timeZone: 'UTC', now: at },
      );
      const medium = await db
        .selectFrom('entry_media')
        .select('id')
        .where('entry_id', '=', id!)
        .executeTakeFirstOrThrow();
      await writeBlob(db, medium.id, [bytes], {
        now: at,
        onKept: async (trx, b) =>
          void (await trx
            .updateTable('entry_media')
            .set({ sha256: b.sha256, size: b.size, state: 'kept', next_at: null })
            .where('id', '=', medium.id)
            .execute()),
      });
    }
    await db.destroy();
    const env = { DATABASE_PATH: temp.file };
    const oneFile = await runEntryPoint(
      'src/cli/export.ts',
      ['--owner', String(OWNER), '--out', path.join(temp.dir, 'one.json')],
      { cwd: temp.dir, env },
    );
    expect(oneFile.code).toBe(0);
    expect(oneFile.stdout).toContain('2 photos, voice notes and files were left out');
    expect(oneFile.stdout).toContain('npm run export -- --out <folder>/');

    const folder = await runEntryPoint(
      'src/cli/export.ts',
      ['--owner', String(OWNER), '--out', path.join(temp.dir, 'all/')],
      { cwd: temp.dir, env },
    );
    expect(folder.code).toBe(0);
    const lines = folder.stdout.trim().split('\n');
    expect(lines).toHaveLength(3); // the heading, the JSON file, and one line for media/
    expect(lines[2]).toMatch(
      new RegExp(
        `^  ${path.join(temp.dir, 'all', 'media').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/: 2 media files \\(0\\.0 MB\\)$`,
      ),
    );
    expect(folder.stdout).not.toContain('left out');
    expect(readdirSync(path.join(temp.dir, 'all', 'media'))).toHaveLength(2);
  });

  it('refuses to replace a file already there, naming it, and leaves it as it was', async () => {
    const out = path.join(temp.dir, 'mine.json');
    writeFileSync(out, 'an earlier export');
    const env = { DATABASE_PATH: temp.file };
    const refused = await runEntryPoint('src/cli/export.ts', ['--owner', String(OWNER), '--out', out], {
      cwd: temp.dir,
      env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `${out} already exists: an export never replaces an earlier file. Nothing more was written; give --out another name (or move that file away).`,
    );
    expect(readFileSync(out, 'utf8')).toBe('an earlier export');
    const years = path.join(temp.dir, 'years/');
    expect(
      (
        await runEntryPoint('src/cli/export.ts', ['--owner', String(OWNER), '--format', 'md', '--out', years], {
          cwd: temp.dir,
          env,
        })
      ).code,
    ).toBe(0);
    const second = await runEntryPoint(
      'src/cli/export.ts',
      ['--owner', String(OWNER), '--format', 'md', '--out', years],
      { cwd: temp.dir, env },
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/\d{4}\.md already exists/);
  });
});
