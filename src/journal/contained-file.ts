/**
 * A file an import may read: inside the folder imported, a regular file (not a link, a device or a folder), and its
 * real path inside the folder's real path too. Import files are written by anyone (a Telegram export's `photo`
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

/** Is `file` (absolute) a regular file whose real path is inside `realRoot` (a real path)? */
export function isReadableInside(realRoot: string, file: string): boolean {
  try {
    return lstatSync(file).isFile() && isInside(realRoot, realpathSync(file));
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
