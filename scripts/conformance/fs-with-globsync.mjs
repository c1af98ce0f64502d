// node:fs with the one globSync form the conformance suite uses: `**/<name>` under a folder (relative paths back).
import fs from 'node:fs';
import path from 'node:path';

export * from 'node:fs';
export default fs;

export function globSync(pattern, options = {}) {
  const cwd = options.cwd ?? process.cwd();
  const match = /^\*\*\/([^*?[\]{}/]+)$/.exec(String(pattern));
  if (!match) throw new Error(`fs-with-globsync.mjs supports only "**/<file name>" patterns, not "${pattern}"`);
  if (!fs.existsSync(cwd)) return [];
  return fs
    .readdirSync(cwd, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === match[1])
    .map((entry) => path.relative(cwd, path.join(entry.parentPath ?? entry.path, entry.name)));
}
