/**
 * What a file or folder holds, recognised by its content (never by its name alone): a Telegram Desktop export,
 * the journal's own JSON or Markdown export, a Day One export (zip or JSON), a jrnl journal (JSON, text, folder),
 * or a folder of Obsidian or Logseq daily notes.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { ImportError } from '../import-error.ts';
import { dayOneFolderJournals } from './dayone.ts';
import { folderJournalFiles } from './jrnl.ts';
import { isOwnMarkdownExport, markdownFiles } from './markdown-notes.ts';
import { telegramExportIn } from './telegram-folder.ts';
import { isZip, listZip } from './zip-reader.ts';

/** The --format names; each has its entry in source-list.ts (its app, names, options and reader). */
export const SOURCE_FORMATS = ['dayone', 'jrnl', 'markdown', 'telegram'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export type DetectedSource =
  | {
      format: 'telegram';
      kind: 'telegram';
      guessed?: true;
      /** A Telegram Desktop folder: its result.json (media beside it). */ file?: string;
    }
  | {
      format: 'telegram';
      kind: 'journal-export';
      /** In a folder: the export file in it (its media/ beside). */ file?: string;
    }
  | { format: 'dayone'; kind: 'dayone-zip' | 'dayone-json' | 'dayone-folder' }
  | { format: 'jrnl'; kind: 'jrnl-json' | 'jrnl-text' | 'jrnl-folder' }
  | { format: 'markdown'; kind: 'notes' | 'own-markdown' };

const HEAD_BYTES = 64 * 1024;

async function head(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
}

function headSync(file: string, bytes = 4096): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** A jrnl entry line near the top: `[2020-01-01 09:00] …` (or jrnl 1.x's unbracketed form). */
const JRNL_LINE = /^(\[\d[^\]\n]{5,40}\] |\d{4}-\d{2}-\d{2} \d{1,2}:\d{2} )/m;

/** Recognises the source; `forced` (--format) decides the app when given, the content still picks the form. */
export async function detectSource(target: string, name: string, forced?: SourceFormat): Promise<DetectedSource> {
  let info;
  try {
    info = statSync(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(name, code === 'ENOENT' ? 'no such file.' : `cannot be read (${code ?? String(error)}).`);
  }
  if (info.isDirectory()) return detectFolder(target, name, forced);
  if (!info.isFile()) throw new ImportError(name, 'is not a file or a folder.');
  if (info.size > 0 && (await isZip(target))) {
    if (forced && forced !== 'dayone')
      throw new ImportError(
        name,
        `is a zip file; only Day One exports come as zips (--format ${forced} reads no zip).`,
      );
    const members = await listZip(target).catch(() => []);
    if (
      forced === 'dayone' ||
      members.some((m) => !m.name.includes('/') && /\.json$/i.test(m.name)) ||
      members.length === 0
    )
      return { format: 'dayone', kind: 'dayone-zip' };
    throw new ImportError(name, 'is a zip file, but not a Day One export (no journal .json at its top level).');
  }
  const text = await head(target);
  // `[2020-01-01 09:00]` opens a jrnl journal, not a JSON array.
  const json = /^\s*(\{|\[\s*([{["\]]|$))/.test(text);
  if (forced === 'telegram')
    return json && /"format"\s*:\s*"journal-objects-export"/.test(text)
      ? { format: 'telegram', kind: 'journal-export' }
      : { format: 'telegram', kind: 'telegram' };
  if (forced === 'dayone') return { format: 'dayone', kind: 'dayone-json' };
  if (forced === 'jrnl') return json ? { format: 'jrnl', kind: 'jrnl-json' } : { format: 'jrnl', kind: 'jrnl-text' };
  if (forced === 'markdown')
    return isOwnMarkdownExport(text)
      ? { format: 'markdown', kind: 'own-markdown' }
      : { format: 'markdown', kind: 'notes' };
  if (json) {
    if (/^\s*\{\s*"format"\s*:\s*"journal-objects-export"/.test(text))
      return { format: 'telegram', kind: 'journal-export' };
    if (/"creationDate"\s*:/.test(text) && /"uuid"\s*:/.test(text)) return { format: 'dayone', kind: 'dayone-json' };
    if (/"entries"\s*:/.test(text) && /"body"\s*:/.test(text) && /"starred"\s*:/.test(text))
      return { format: 'jrnl', kind: 'jrnl-json' };
    if (/"(messages|chats|personal_information|left_chats)"\s*:/.test(text))
      return { format: 'telegram', kind: 'telegram' };
    // Anything else JSON is Telegram's to read or to refuse with what it expected.
    return { format: 'telegram', kind: 'telegram', guessed: true };
  }
  if (isOwnMarkdownExport(text)) return { format: 'markdown', kind: 'own-markdown' };
  if (JRNL_LINE.test(text.split('\n').slice(0, 50).join('\n'))) return { format: 'jrnl', kind: 'jrnl-text' };
  if (/\.(md|markdown)$/i.test(target) || /^---\r?\n/.test(text) || /^#{1,6} /m.test(text))
    return { format: 'markdown', kind: 'notes' };
  throw new ImportError(
    name,
    `is none of the journals this reads (Telegram, Day One, jrnl, Markdown notes): it starts with ${JSON.stringify(text.trim().slice(0, 40))}. Name one with --format dayone|jrnl|markdown|telegram.`,
  );
}

function detectFolder(folder: string, name: string, forced?: SourceFormat): DetectedSource {
  // The journal's own JSON export written into a folder (with its media/ folder beside it).
  const ownExport = readdirSync(folder)
    .filter((n) => /^journal-.*\.json$/i.test(n))
    .sort()
    .map((n) => path.join(folder, n))
    .find((json) => /^\s*\{\s*"format"\s*:\s*"journal-objects-export"/.test(headSync(json).replace(/^\uFEFF/, '')));
  if (ownExport && (!forced || forced === 'telegram'))
    return { format: 'telegram', kind: 'journal-export', file: ownExport };
  // The folder Telegram Desktop wrote (result.json with photos/, voice_messages/… beside it), or the one holding it.
  const telegram = !forced || forced === 'telegram' ? telegramExportIn(folder, name) : null;
  if (telegram) return { format: 'telegram', kind: 'telegram', file: telegram };
  if (forced === 'telegram')
    throw new ImportError(
      name,
      `is a folder with no Telegram export in it (result.json, directly or one folder down).`,
    );
  // An unzipped Day One export: `<Journal>.json` at the top (photos/, videos/… beside it).
  const dayOne = dayOneFolderJournals(folder).some((json) => {
    const text = headSync(json, HEAD_BYTES);
    return /"creationDate"\s*:/.test(text) && /"uuid"\s*:/.test(text);
  });
  if (dayOne) return { format: 'dayone', kind: 'dayone-folder' };
  if (forced === 'dayone')
    throw new ImportError(name, 'is a folder with no Day One journal (<Journal>.json) at its top.');
  const jrnlFiles = folderJournalFiles(folder);
  if (forced === 'jrnl' || (!forced && jrnlFiles.length > 0)) {
    if (jrnlFiles.length === 0) throw new ImportError(name, 'holds no jrnl folder journal (YYYY/MM/DD.txt files).');
    return { format: 'jrnl', kind: 'jrnl-folder' };
  }
  // The journal's own Markdown export by year (2024.md, 2025.md), recognised by its front matter.
  const markdown = readdirSync(folder)
    .filter((n) => /\.md$/i.test(n))
    .sort();
  if (markdown.length > 0 && isOwnMarkdownExport(headSync(path.join(folder, markdown[0]!))))
    return { format: 'markdown', kind: 'own-markdown' };
  const notes = markdownFiles(folder);
  if (notes.some((n) => n.day !== null) || (forced === 'markdown' && notes.length > 0))
    return { format: 'markdown', kind: 'notes' };
  throw new ImportError(
    name,
    `is a folder with no journal this reads: no Telegram export (result.json), no daily notes (YYYY-MM-DD.md, journals/YYYY_MM_DD.md) and no jrnl folder journal (YYYY/MM/DD.txt).`,
  );
}
