/**
 * The attachments a daily note embeds, as entry media: Obsidian's `![[image.png]]` and `![[sub/photo.jpg|300]]`,
 * Markdown's `![](../assets/image.png)` and `![alt](assets/x.pdf)` (Logseq keeps its files in `assets/`, beside
 * `journals/`). A path is tried from the note's folder, then from the folder imported; a bare name, as Obsidian
 * resolves it, is also looked for by file name anywhere in that folder. Only regular files inside the imported folder
 * are read: a path that leads outside it (`../../etc/passwd`), a symbolic link, or a file not there stays text and is
 * counted as missing. An embedded note (`![[Other note]]`, `![[Plan.md]]`) and a web address are text, not media.
 */
import { readdirSync, realpathSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { isInside, isReadableInside } from '../../journal/contained-file.ts';
import { mediaLabel, mimeTypeOf, type EntryMedia, type MediaKind } from '../../journal/media/media.ts';
import { attachmentKindOf } from '../../formats/obsidian-vault.ts';

/** Where an embed's file is: its path relative to the imported folder, or why it is not read. */
export type AttachmentLookup = { relative: string } | { missing: string };

export interface AttachmentResolver {
  /** `target` as written in the note (`sub/photo.jpg`, `../assets/a%20b.png`); `noteFile`: the note's own path. */
  resolve(target: string, noteFile: string): AttachmentLookup;
}

/** Folders never searched for a bare name: an app's own files, version control, trash. */
const SKIPPED_DIRS = new Set(['.obsidian', '.trash', '.git', 'logseq', 'node_modules']);

/** How many directory entries a bare name's search may walk: a note imported alone searches its own folder. */
const MAX_WALKED = 50_000;

/** Resolves embeds against one imported folder (`root`), reading nothing outside it. */
export function createAttachmentResolver(root: string): AttachmentResolver {
  const base = path.resolve(root);
  let realBase: string | null = null;
  let byName: Map<string, string> | null = null;

  /** Every file under the folder by its lower-cased name (the first in path order wins), built on first need. */
  const nameIndex = (): Map<string, string> => {
    if (byName) return byName;
    byName = new Map();
    let walked = 0;
    const walk = (dir: string) => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
      } catch {
        // A folder the import may not read is searched no further; its attachments stay labels, counted missing.
        return;
      }
      for (const d of entries) {
        if (++walked > MAX_WALKED) return;
        const full = path.join(dir, d.name);
        if (d.isDirectory()) {
          if (!d.name.startsWith('.') && !SKIPPED_DIRS.has(d.name)) walk(full);
        } else if (d.isFile() && !byName!.has(d.name.toLowerCase())) byName!.set(d.name.toLowerCase(), full);
      }
    };
    walk(base);
    return byName;
  };

  /** The file, if it is a regular file (not a link) whose real path is inside the folder too. */
  const readable = (file: string): boolean => {
    try {
      realBase ??= realpathSync(base);
    } catch {
      return false;
    }
    return isReadableInside(realBase, file);
  };

  return {
    resolve(target, noteFile) {
      const noteDir = path.dirname(path.resolve(noteFile));
      const candidates = [path.resolve(noteDir, target), path.resolve(base, target.replace(/^\/+/, ''))];
      let outside = false;
      for (const file of candidates) {
        if (!isInside(base, file)) {
          outside = true;
          continue;
        }
        if (readable(file)) return { relative: path.relative(base, file) };
      }
      if (outside) return { missing: `${target} is outside the imported folder: not read` };
      // A bare name: Obsidian finds it anywhere in the vault.
      if (!/[/\\]/.test(target)) {
        const found = nameIndex().get(target.toLowerCase());
        if (found && readable(found)) return { relative: path.relative(base, found) };
      }
      return { missing: `${target} was not in the imported folder` };
    },
  };
}

/** A file's kind of media by its type: photos, audio and video by theirs; anything else a file. */
export const attachmentKind = (fileName: string): MediaKind => attachmentKindOf(mimeTypeOf(fileName, 'file'));

/**
 * `![[target#part|size]]` (Obsidian) or `![alt](target "title")` with Logseq's `{:height 200}` after it; `<a b.png>`
 * holds a path with spaces.
 */
const EMBED =
  /!\[\[([^\]|#\n]+)(?:#[^\]|\n]*)?(?:\|[^\]\n]*)?\]\]|!\[[^\]\n]*\]\(\s*(<[^>\n]+>|[^)\s]+)(?:\s+"[^"\n]*")?\s*\)(?:\{:[^}\n]*\})?/g;

/**
 * A note, a heading of one, or a web address is embedded text, never a file's bytes. `![[name]]` without an
 * extension names a note; `![](path)` names a file whatever its name.
 */
function isAttachmentTarget(target: string, wiki: boolean): boolean {
  if (target === '' || target.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return false;
  const extension = /\.([^./\\]+)$/.exec(target)?.[1]?.toLowerCase();
  if (extension === 'md' || extension === 'markdown') return false;
  return extension !== undefined || !wiki;
}

/** `a%20b.png` → `a b.png`; a name that is not valid percent-encoding stays as written. */
function decoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * A note's text with each embedded attachment found replaced by its label (`[photo]`, `[file report.pdf]`), and its
 * media in order: found files by their path in the imported folder, the others as missing (their embed stays text).
 * The same file embedded twice is one medium.
 */
export function noteAttachments(
  body: string,
  noteFile: string,
  resolver: AttachmentResolver,
): { text: string; media: EntryMedia[] } {
  const media: EntryMedia[] = [];
  const seen = new Map<string, EntryMedia>();
  const text = body.replace(EMBED, (embed: string, wiki: string | undefined, link: string | undefined) => {
    const target = wiki !== undefined ? wiki.trim() : decoded(link!.replace(/^<|>$/g, ''));
    if (!isAttachmentTarget(target, wiki !== undefined)) return embed;
    const found = resolver.resolve(target, noteFile);
    const key = 'relative' in found ? found.relative : `missing:${target}`;
    let medium = seen.get(key);
    if (!medium) {
      const fileName = path.basename(target);
      const kind = attachmentKind(fileName);
      medium = {
        kind,
        fileId: null,
        fileName,
        durationSeconds: null,
        fileSize: null,
        mimeType: mimeTypeOf(fileName, kind),
        ...('relative' in found ? { sourcePath: found.relative } : { missing: found.missing }),
      };
      seen.set(key, medium);
      media.push(medium);
    }
    return 'relative' in found ? mediaLabel(medium) : embed;
  });
  return { text, media };
}
