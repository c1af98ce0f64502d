/**
 * Daily notes → source items (Obsidian `YYYY-MM-DD.md`, Logseq `journals/YYYY_MM_DD.md`): one entry per note, dated
 * by its file name at the start of the journal day, tags from front matter (`tags:`), Logseq's `tags::` and
 * `#tags`/`#[[tags]]`, the files they embed as media (note-attachments.ts); notes a template left empty are skipped
 * and counted. The project's own Markdown export is own-markdown-export.ts's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { hasOtherNames } from '../../journal/contained-file.ts';
import path from 'node:path';
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { instantFromLocal, MIDNIGHT } from '../../journal/dates/local-moment.ts';
import { appTag, inDateRange, type SourceItem, type SourceReader } from './source-item.ts';
import { createAttachmentResolver, noteAttachments, type AttachmentResolver } from './note-attachments.ts';
import { vaultNoteItems } from './vault-notes.ts';

/** A daily note's date in its file name: `2024-04-15.md` (Obsidian) or `2024_04_15.md` (Logseq). */
const DAILY_NAME = /^(\d{4})[-_](\d{2})[-_](\d{2})\.(md|markdown)$/i;
/** Folders that hold an app's own files, never notes. */
const IGNORED_DIRS = new Set(['.obsidian', '.trash', '.git', 'logseq', 'node_modules', 'templates', 'Templates']);
/** Notes bigger than this are not daily notes (read whole, one at a time). */
const MAX_NOTE_BYTES = 16 * 1024 * 1024;

export interface NoteFile {
  file: string;
  /** `YYYY-MM-DD` from the name, or null when the name carries no date. */
  day: string | null;
  /** A Logseq page in Org mode: counted, not read. */
  org?: true;
  /** A symbolic link: named, never followed (it may point anywhere, outside the folder given). */
  symlink?: true;
  /** A file with another name on the disk (a hard link): named, never read (contained-file.ts says why). */
  hardLink?: true;
}

/** Every Markdown file under the folder (app folders left out), with its date if its name has one; sorted by path. */
export function markdownFiles(folder: string): NoteFile[] {
  const out: NoteFile[] = [];
  const walk = (dir: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (d.isDirectory()) {
        if (!d.name.startsWith('.') && !IGNORED_DIRS.has(d.name)) walk(path.join(dir, d.name));
      } else if (d.isFile() && /^\d{4}[-_]\d{2}[-_]\d{2}\.org$/i.test(d.name)) {
        out.push({ file: path.join(dir, d.name), day: null, org: true });
      } else if ((d.isFile() || d.isSymbolicLink()) && /\.(md|markdown)$/i.test(d.name)) {
        const m = DAILY_NAME.exec(d.name);
        out.push({
          file: path.join(dir, d.name),
          day: m ? `${m[1]}-${m[2]}-${m[3]}` : null,
          ...(d.isSymbolicLink() ? { symlink: true as const } : {}),
          ...(d.isFile() && hasOtherNames(path.join(dir, d.name)) ? { hardLink: true as const } : {}),
        });
      }
    }
  };
  walk(folder);
  return out;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text, or null when they are not UTF-8 (never replaced by U+FFFD in silence). */
function utf8Text(bytes: Buffer): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Front matter (between `---` lines at the top) and the rest. */
export function splitFrontMatter(text: string): { front: string; body: string } {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return m ? { front: m[1]!, body: text.slice(m[0].length) } : { front: '', body: text.replace(/^\uFEFF/, '') };
}

/** `tags: [a, b]`, `tags: a, b`, `tags: "#a #b"` or a `- a` list under `tags:` (also `tag:`); the values only. */
export function frontMatterTags(front: string): string[] {
  const lines = front.split(/\r?\n/);
  const at = lines.findIndex((l) => /^tags?\s*:/i.test(l));
  if (at < 0) return [];
  const inline = lines[at]!.replace(/^tags?\s*:/i, '').trim();
  const values: string[] = [];
  // `[a, "b c"]` and `a, b` split at commas; `#a #b` at spaces.
  if (inline !== '')
    values.push(
      ...inline.replace(/^\[|\]$/g, '').split(inline.includes(',') || inline.startsWith('[') ? /\s*,\s*/ : /\s+/),
    );
  else
    for (const line of lines.slice(at + 1)) {
      const item = /^\s*-\s+(.*)$/.exec(line);
      if (!item) break;
      values.push(item[1]!);
    }
  return values.map((v) => v.trim().replace(/^["']|["']$/g, '')).filter((v) => v !== '' && v !== '""');
}

/** `#[[multi word]]` (Logseq) and `#word` not inside a word, URL fragment or heading mark. */
const INLINE_TAG = /(?<![\p{L}\p{N}_&/#])#(\[\[[^\]\n]+\]\]|[\p{L}\p{N}_][\p{L}\p{N}_/-]*)/gu;
/** Logseq's page properties: `tags:: a, [[b c]]`. */
const LOGSEQ_TAGS = /^\s*-?\s*tags::\s*(.+)$/gim;

export function noteTags(front: string, body: string): string[] {
  const fromFront = frontMatterTags(front);
  const fromProperties = [...body.matchAll(LOGSEQ_TAGS)].flatMap((m) => m[1]!.split(',').map((t) => t.trim()));
  const inline = [...body.matchAll(INLINE_TAG)].map((m) => m[1]!);
  return [...new Set([...fromFront, ...fromProperties, ...inline].map(appTag).filter((t) => t !== ''))];
}

/**
 * Nothing a person wrote, only what a template puts in every note: blank lines, bare bullets (`-`, `- [ ]`),
 * headings, `key:: value` properties, template placeholders (`<% … %>`, `{{…}}`) and separators.
 */
export function isEmptyNote(body: string): boolean {
  const left = body
    .replace(/<%[\s\S]*?%>|\{\{[\s\S]*?\}\}/g, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(
      (l) =>
        !/^([-*+]|[-*+] \[[ x]?\]|#+|---+|\*\*\*+)?$/.test(l) &&
        !/^([-*+]\s+)?#{1,6}\s/.test(l) &&
        !/^-?\s*[\w-]+::/.test(l),
    );
  return left.length === 0;
}

/** How daily notes are dated, and where their embeds are found. */
export interface NoteReading {
  zone: string;
  /** The time of day a note's entry is dated at (HH:MM). */
  dayStartsAt: string;
  attachments?: AttachmentResolver;
}

/**
 * One daily note → an item, dated at the start of its journal day in the zone; with `attachments`, the files it
 * embeds become its media (note-attachments.ts).
 */
export function noteItem(
  note: NoteFile,
  relative: string,
  raw: string,
  { zone, dayStartsAt, attachments }: NoteReading,
): SourceItem {
  if (!note.day) return { skip: 'no-date', id: relative };
  const { front, body } = splitFrontMatter(raw);
  if (isEmptyNote(body)) return { skip: 'empty', id: relative };
  const writtenAt = instantFromLocal(`${note.day}T${dayStartsAt}:00`, zone);
  const real = isCalendarDay(note.day);
  if (!writtenAt || !real || !inDateRange(writtenAt)) return { skip: 'bad-date', id: relative };
  const app = /_/.test(path.basename(note.file)) ? 'logseq' : 'obsidian';
  const { text, media } = attachments ? noteAttachments(body, note.file, attachments) : { text: body, media: [] };
  return {
    entry: {
      sourceId: `${app}:${note.day}`,
      writtenAt,
      text: text.trim(),
      tags: noteTags(front, body),
      media,
      metadata: null,
    },
  };
}

/** A note of the vault our Obsidian export writes: an entry per time heading (vault-notes.ts); null for any other note. */
function vaultItems(
  note: NoteFile,
  relative: string,
  raw: string,
  zone: string,
  attachments: AttachmentResolver,
): SourceItem[] | null {
  if (!note.day) return null;
  const { front, body } = splitFrontMatter(raw);
  return vaultNoteItems({
    day: note.day,
    relative,
    front,
    body,
    importZone: zone,
    media: (text) => noteAttachments(text, note.file, attachments),
    tagsOf: (text) => noteTags('', text),
  });
}

/**
 * A folder of daily notes (or one note). Files without a date in their name are skipped and counted. The files
 * notes embed are read from inside that folder (a single note's: its own folder) and nowhere else.
 */
export function readMarkdownNotes(target: string, zone: string, dayStartsAt: string = MIDNIGHT): SourceReader {
  const isFolder = statSync(target).isDirectory();
  const mediaFolder = path.resolve(isFolder ? target : path.dirname(target));
  const attachments = createAttachmentResolver(mediaFolder);
  const notes = isFolder
    ? markdownFiles(target)
    : [
        {
          file: target,
          day: (() => {
            const m = DAILY_NAME.exec(path.basename(target));
            return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
          })(),
        },
      ];
  const progress = {
    bytesRead: 0,
    totalBytes: notes.reduce((n, f) => n + (f.symlink || f.hardLink ? 0 : statSync(f.file).size), 0),
  };
  const logseq = notes.some((n) => n.day && /_/.test(path.basename(n.file)));
  async function* items(): AsyncGenerator<SourceItem> {
    for (const note of notes) {
      const relative = isFolder ? path.relative(target, note.file) : path.basename(note.file);
      if (note.symlink || note.hardLink) {
        yield { skip: note.symlink ? 'symlink' : 'hard-link', id: relative };
        continue;
      }
      const size = statSync(note.file).size;
      if (note.org) yield { skip: 'other-format', id: relative };
      else if (size > MAX_NOTE_BYTES) yield { skip: 'malformed', id: relative };
      else {
        const text = utf8Text(readFileSync(note.file));
        if (text === null) yield { skip: 'not-utf8', id: relative };
        else
          yield* (
            vaultItems(note, relative, text, zone, attachments) ?? [
              noteItem(note, relative, text, { zone, dayStartsAt, attachments }),
            ]
          );
      }
      progress.bytesRead += size;
    }
  }
  return {
    app: 'markdown',
    label: logseq ? 'Logseq journals' : 'Obsidian daily notes',
    items: items(),
    progress,
    mediaFolder,
  };
}
