/**
 * `npm run export -- --format dayone`: the journal as Day One's export, a zip holding one `<Journal>.json` per journal
 * (`{ metadata: { version }, entries }`, dayone-entry.ts) and the media in `photos/`, `videos/`, `audios/`, `pdfs/`
 * named `<md5>.<type>`, the same bytes as the journal keeps. Staged in a private folder beside the zip, removed after.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { JournalDb } from '../db/journal-database.ts';
import { readBlob } from '../db/media-blobs.ts';
import { dayOneEntry, dayOneListOf, dayOneTypeOf, type DayOneMedium } from './dayone-entry.ts';
import { dayOneMediaPath, DAYONE_LISTS, type DayOneList } from '../formats/dayone.ts';
import { ExportExistsError, type ExportFile } from './parted-output.ts';
import { readJournal } from './read-journal.ts';
import { DEFAULT_EXPORT_DIR } from './export-defaults.ts';
import { defaultExportName } from './export-journal.ts';
import { isFolderTarget, type ExportFormatModule } from './export-format-module.ts';

export interface DayOneExportRequest {
  ownerId: number;
  /** The zip to write; one already there is refused (ExportExistsError). */
  file: string;
  /** JOURNAL_TIMEZONE: the zone of entries that recorded none of their own. */
  timeZone: string;
  /** One journal alone; every journal when left out. */
  journal?: string;
}

/** What no file name may hold on some system: path separators, Windows' reserved characters, control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_IN_FILE_NAME = /[/\\:*?"<>|\u0000-\u001f]/g;

/** `Journal.json` for the main journal; another by its name, made safe for a file name. */
const journalFileName = (journal: string) =>
  `${journal === '' ? 'Journal' : journal.replace(UNSAFE_IN_FILE_NAME, '_')}.json`;

/** Writes one blob into `folder` as `<md5>.<type>`, hashing it on the way; its md5. */
async function writeMedium(db: JournalDb, sha256: string, folder: string, type: string): Promise<string> {
  const md5 = createHash('md5');
  const staged = path.join(folder, `${sha256}.partial`);
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(Readable.from(readBlob(db, sha256)), hashing, createWriteStream(staged, { mode: 0o600 }));
  const digest = md5.digest('hex');
  await rename(staged, path.join(folder, `${digest}.${type}`));
  return digest;
}

export async function exportDayOne(
  db: JournalDb,
  request: DayOneExportRequest,
): Promise<{ entries: number; files: ExportFile[] }> {
  if (existsSync(request.file)) throw new ExportExistsError(request.file);
  const dir = path.dirname(path.resolve(request.file));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(path.join(dir, '.dayone-export-'));
  try {
    const journals = new Map<string, object[]>();
    const written = new Map<string, string>();
    let count = 0;
    for await (const entry of readJournal(db, request.ownerId, request.journal)) {
      const media: DayOneMedium[] = [];
      for (const item of entry.media_items ?? []) {
        const type = dayOneTypeOf(item);
        const list = dayOneListOf(item.kind, type);
        if (item.sha256 === null || item.path === null || list === null || type === '') continue;
        const folder = path.join(stage, DAYONE_LISTS[list].folder);
        const key = `${list}/${item.sha256}.${type}`;
        if (!written.has(key)) {
          await mkdir(folder, { recursive: true, mode: 0o700 });
          written.set(key, await writeMedium(db, item.sha256, folder, type));
        }
        media.push({ item, md5: written.get(key)!, type, list });
      }
      // A topic's journal, else the Day One journal an imported entry came from, else the main one.
      const name = journalFileName(entry.journal ?? entry.metadata?.journal ?? '');
      if (!journals.has(name)) journals.set(name, []);
      journals.get(name)!.push(dayOneEntry(entry, media, request.timeZone));
      count += 1;
    }
    const zip = new ZipFile();
    for (const [name, entries] of journals)
      zip.addBuffer(Buffer.from(JSON.stringify({ metadata: { version: '1.0' }, entries }, null, 2)), name);
    for (const [key, md5] of written) {
      const [list] = key.split('/') as [DayOneList];
      const name = dayOneMediaPath(list, md5, key.slice(key.lastIndexOf('.') + 1));
      // Photos, sound and video are compressed already: stored as they are.
      zip.addFile(path.join(stage, name), name, { compress: false });
    }
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(request.file, { mode: 0o600, flags: 'wx' }));
    return { entries: count, files: [{ path: request.file, bytes: (await stat(request.file)).size }] };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** The Day One zip: --out FILE, or `journal-<owner>-<UTC time>-dayone.zip` in --out DIR/ or data/exports/. */
function zipTarget(out: string | undefined, ownerId: number, now: Date): string {
  const name = defaultExportName(ownerId, now, 'zip').replace(/\.zip$/, '-dayone.zip');
  if (out === undefined) return path.resolve(DEFAULT_EXPORT_DIR, name);
  return isFolderTarget(out) ? path.join(out, name) : out;
}

export const dayOneExportFormat: ExportFormatModule = {
  format: 'dayone',
  usage: 'a zip Day One imports: <Journal>.json per journal, photos/<md5>.jpeg… (--out FILE.zip or DIR/)',
  write: (db, { ownerId, out, now, timeZone, journal }) =>
    exportDayOne(db, { ownerId, file: zipTarget(out, ownerId, now), timeZone, journal }),
};
