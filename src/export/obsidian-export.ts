/**
 * `npm run export -- --format obsidian`: the journal as an Obsidian vault, `journal/YYYY-MM-DD.md` per day (another
 * journal's days in `journals/<name>/`, their front matter naming it) and the media in `attachments/<sha256>.<ext>`
 * (the journal's own bytes; an attached Markdown file as `<sha256>.md.txt`, so neither Obsidian nor the notes
 * importer takes it for a note). A day's note: front matter with its date, mood,
 * places and tags (Obsidian's properties), then each entry under its time as a `## HH:mm` heading, its media embedded
 * as `![[attachments/…]]` where its text holds the label the notes importer reads back, the tags its text does not
 * carry on a last `<!-- tags -->` line. The notes importer (importer/sources/vault-notes.ts) reads the marks written
 * here (formats/obsidian-vault.ts, which both name) and gives back entries on the same days with the same texts and
 * media.
 */
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { JournalDb } from '../db/journal-database.ts';
import { readBlob } from '../db/media-blobs.ts';
import { mediaLabel, mimeTypeOf, type MediaKind } from '../journal/media/media.ts';
import {
  ATTACHMENTS_FOLDER,
  attachmentKindOf,
  entryHeading,
  TAGS_MARK,
  VAULT_FIELDS,
  VAULT_MARK,
} from '../formats/obsidian-vault.ts';
import type { ExportedEntry, ExportedMediaItem } from './journal-export-format.ts';
import { ExportExistsError, type ExportFile } from './parted-output.ts';
import { readJournal, readMoods } from './read-journal.ts';
import { DEFAULT_EXPORT_DIR } from './export-defaults.ts';
import { defaultExportName } from './export-journal.ts';
import type { ExportFormatModule } from './export-format-module.ts';

export interface ObsidianExportRequest {
  ownerId: number;
  /** The vault folder: new, or empty. */
  dir: string;
  timeZone: string;
  dayStartsAt: string;
  journal?: string;
}

/** The kind the notes importer gives a file by its name (note-attachments.ts attachmentKind), for its label. */
const kindOnImport = (name: string): MediaKind => attachmentKindOf(mimeTypeOf(name, 'file'));

/** `attachments/<sha256>.<ext>` of a kept medium, or null without bytes; a Markdown file gets `.txt` after its own. */
function attachmentOf(m: ExportedMediaItem): string | null {
  if (m.path === null) return null;
  const name = path.basename(m.path);
  return `${ATTACHMENTS_FOLDER}/${/\.(md|markdown)$/i.test(name) ? `${name}.txt` : name}`;
}

/** What no folder name may hold on some system: path separators, Windows' reserved characters, control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_IN_FOLDER_NAME = /[/\\:*?"<>|\u0000-\u001f]|^\.+$/g;

/** The folder of a journal's notes: `journal` for the main one, `journals/<name>` for another. */
const notesFolder = (journal: string) =>
  journal === '' ? 'journal' : path.join('journals', journal.replace(UNSAFE_IN_FOLDER_NAME, '_'));

/** An entry's section: its time heading, its text with embeds where the labels stood, its other tags. */
function section(entry: ExportedEntry, zone: string): string {
  const ownZone = entry.metadata?.time_zone;
  let text = entry.content;
  const unplaced: string[] = [];
  for (const m of entry.media_items ?? []) {
    const file = attachmentOf(m);
    if (file === null) continue;
    const label = mediaLabel({
      kind: kindOnImport(file),
      fileId: null,
      fileName: path.basename(file),
      durationSeconds: null,
      fileSize: null,
    });
    const at = text.indexOf(label);
    if (at >= 0) text = `${text.slice(0, at)}![[${file}]]${text.slice(at + label.length)}`;
    else unplaced.push(`![[${file}]]`);
  }
  const inText = new Set([...text.toLowerCase().matchAll(/#([\p{L}\p{N}_][\p{L}\p{N}_/-]*)/gu)].map((m) => m[1]));
  const extra = entry.tags.filter((t) => !inText.has(t));
  return [
    entryHeading(entry.local_time, ownZone && ownZone !== zone ? ownZone : undefined),
    '',
    text,
    ...(unplaced.length ? ['', unplaced.join(' ')] : []),
    ...(extra.length ? ['', `${TAGS_MARK}${extra.map((t) => `#${t}`).join(' ')}`] : []),
    '',
  ].join('\n');
}

export async function exportObsidian(
  db: JournalDb,
  request: ObsidianExportRequest,
): Promise<{ entries: number; files: ExportFile[] }> {
  if (existsSync(request.dir) && readdirSync(request.dir).length > 0) throw new ExportExistsError(request.dir);
  const attachments = path.join(request.dir, ATTACHMENTS_FOLDER);
  await mkdir(path.join(request.dir, 'journal'), { recursive: true, mode: 0o700 });
  const moods = new Map((await readMoods(db, request.ownerId, request.journal)).map((m) => [m.day, m.mood]));
  const days = new Map<string, ExportedEntry[]>();
  const files: ExportFile[] = [];
  const written = new Set<string>();
  let count = 0;
  for await (const entry of readJournal(db, request.ownerId, request.journal)) {
    count += 1;
    // One note per journal and day: the journal an entry is in travels with it.
    const key = `${entry.journal ?? ''}\u0000${entry.local_day}`;
    if (!days.has(key)) days.set(key, []);
    days.get(key)!.push(entry);
    for (const m of entry.media_items ?? []) {
      const file = attachmentOf(m);
      if (file === null || m.sha256 === null || written.has(file)) continue;
      written.add(file);
      await mkdir(attachments, { recursive: true, mode: 0o700 });
      await pipeline(
        Readable.from(readBlob(db, m.sha256)),
        createWriteStream(path.join(request.dir, file), { mode: 0o600 }),
      );
      files.push({ path: path.join(request.dir, file), bytes: m.size ?? 0 });
    }
  }
  for (const [key, entries] of days) {
    const [journal, day] = key.split('\u0000') as [string, string];
    const places = [...new Set(entries.flatMap((e) => (e.metadata?.place?.name ? [e.metadata.place.name] : [])))];
    const tags = [...new Set(entries.flatMap((e) => e.tags))].sort();
    const front = [
      '---',
      `date: ${day}`,
      ...(journal === '' ? [] : [`${VAULT_FIELDS.journal}: ${JSON.stringify(journal)}`]),
      ...(moods.has(day) ? [`mood: ${moods.get(day)}`] : []),
      ...(places.length ? [`place: ${JSON.stringify(places.join('; '))}`] : []),
      ...(tags.length ? [`tags: [${tags.map((t) => JSON.stringify(t)).join(', ')}]`] : []),
      `${VAULT_FIELDS.timeZone}: ${JSON.stringify(request.timeZone)}`,
      `${VAULT_FIELDS.dayStartsAt}: ${JSON.stringify(request.dayStartsAt)}`,
      VAULT_MARK,
      '---',
      '',
    ];
    const folder = path.join(request.dir, notesFolder(journal));
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, `${day}.md`);
    const text = [...front, ...entries.map((e) => section(e, request.timeZone))].join('\n');
    await writeFile(file, text, { mode: 0o600, flag: 'wx' });
    files.push({ path: file, bytes: Buffer.byteLength(text) });
  }
  return { entries: count, files };
}

/** The vault: --out DIR (new or empty), or `journal-<owner>-<UTC time>-obsidian/` in data/exports/. */
const vaultTarget = (out: string | undefined, ownerId: number, now: Date): string =>
  out ?? path.resolve(DEFAULT_EXPORT_DIR, defaultExportName(ownerId, now, 'x').replace(/\.x$/, '-obsidian'));

export const obsidianExportFormat: ExportFormatModule = {
  format: 'obsidian',
  usage: 'an Obsidian vault: journal/YYYY-MM-DD.md per day, attachments/ (--out a new or empty DIR/)',
  write: (db, { ownerId, out, now, timeZone, dayStartsAt, journal }) =>
    exportObsidian(db, { ownerId, dir: vaultTarget(out, ownerId, now), timeZone, dayStartsAt, journal }),
};
