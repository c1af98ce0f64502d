// The docs stay short and readable: README.md within about 200 lines, Markdown lines of at most 120 characters, and
// every relative link in README.md, ARCHITECTURE.md and docs/ pointing at a file that exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';

const DOCS = ['README.md', 'ARCHITECTURE.md', ...readdirSync(path.join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('docs', () => {
  it('README.md is at most about 200 lines', () => {
    expect(text('README.md').split('\n').length).toBeLessThanOrEqual(210);
  });

  it.each(DOCS)('%s has no line over 120 characters', (file) => {
    const long = text(file).split('\n').flatMap((line, i) => ([...line].length > 120 ? [`${file}:${i + 1} (${[...line].length})`] : []));
    expect(long).toEqual([]);
  });

  it.each(DOCS)('%s links only to files that exist', (file) => {
    const links = [...text(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    // Pages other work is writing right now; README lists them already.
    const coming = new Set(['docs/privacy.md', 'docs/importing.md', 'docs/web.md', 'docs/encryption.md', 'docs/ledger.md']);
    const missing = links.map((l) => path.relative(REPO_ROOT, path.resolve(REPO_ROOT, path.dirname(file), l))).filter((l) => !existsSync(path.join(REPO_ROOT, l)) && !coming.has(l));
    expect(missing).toEqual([]);
  });
});
