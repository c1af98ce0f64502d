/**
 * A file an import may read: inside the folder imported, a regular file (not a link, a device or a folder) with one
 * name on the disk, and its real path inside the folder's real path too. Import files are written by anyone (a Telegram export's `photo`
 * field, a Day One md5, a Markdown export's media path), so a path like `/proc/self/environ`, `../../journal.sqlite`
 * or a link to one is never read: it would copy a file of the server into a journal, and an export would send it out.
 */
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Is `file` strictly inside `root` (both absolute, resolved)? */
export function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * Does the regular file `file` have another name on the disk (a hard link: `ln /etc/shadow photo.jpg`)? A hard link is
 * the same file under two names, with nothing in it saying where the other name is: it may be outside the folder,
 * and finding out would mean searching the whole disk. So a file with more than one name is never read, even when
 * both names happen to be inside the folder (a folder restored from hard-linked backups is imported after `cp -r`,
 * which gives each file one name). Unreadable counts as having other names.
 */
export function hasOtherNames(file: string): boolean {
  try {
    return lstatSync(file).nlink > 1;
  } catch {
    return true;
  }
}

/** Is `file` a regular file with one name (no symbolic link, no hard link): what a folder's reader may open? */
export function isOwnFile(file: string): boolean {
  try {
    const stat = lstatSync(file);
    return stat.isFile() && stat.nlink === 1;
  } catch {
    return false;
  }
}

/** Is `file` (absolute) a regular file with one name whose real path is inside `realRoot` (a real path)? */
export function isReadableInside(realRoot: string, file: string): boolean {
  try {
    const stat = lstatSync(file);
    return stat.isFile() && stat.nlink === 1 && isInside(realRoot, realpathSync(file));
  } catch {
    return false;
  }
}

/** The absolute path of `relative` under `folder` when an import may read it; null when not (see above). */
export function containedFile(folder: string, relative: string): string | null {
  if (path.isAbsolute(relative)) return null;
  const root = path.resolve(folder);
  const file = path.resolve(root, relative);
  if (!isInside(root, file)) return null;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return null;
  }
  return isReadableInside(realRoot, file) ? file : null;
}
