// A fresh clone runs anywhere: no file in src/, test/ or scripts/ names a path of the machine it was written on
// (shared fixtures come from SHARED_FIXTURES or ../shared/fixtures, see test/helpers/shared-fixtures.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';

const TEXT = /\.(ts|mts|mjs|js|json|md|sh|sql|txt|yml|yaml)$/;

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(full).isDirectory() ? textFiles(full) : TEXT.test(name) ? [full] : [];
  });
}

// Built from parts so this file does not name them itself.
const MACHINE_PATH = new RegExp(`(?<![\\w.])/(${['work', 'root', 'home', 'Users'].join('|')})/`);

describe('machine paths', () => {
  it.each(['src', 'test', 'scripts'])('no file in %s/ names one', (folder) => {
    const naming = textFiles(path.join(REPO_ROOT, folder)).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          MACHINE_PATH.test(line) ? [`${path.relative(REPO_ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(naming).toEqual([]);
  });
});
