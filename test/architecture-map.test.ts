// ARCHITECTURE.md is the one map of the code (docs/development.md points at it): its code map names every folder of
// src/ (and of src/db/ and src/journal/), its "Where to add things" has an entry for each change a newcomer makes,
// and every entry names files that exist (the docs test checks each path it names).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';

const map = readFileSync(path.join(REPO_ROOT, 'ARCHITECTURE.md'), 'utf8');
const section = (heading: string) => map.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
const foldersOf = (dir: string) =>
  readdirSync(path.join(REPO_ROOT, 'src', dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
/** The folder names the code map's blocks list, each at the start of a line of a fenced block. */
const listed = new Set(
  [...section('Code map').matchAll(/^```\n([\s\S]*?)^```/gm)].flatMap((m) =>
    [...m[1]!.matchAll(/^\s+([\w-]+)\/\s/gm)].map((f) => f[1]!),
  ),
);

describe('ARCHITECTURE.md', () => {
  it.each(['', 'db', 'journal'])('its code map names every folder of src/%s', (dir) => {
    expect(foldersOf(dir).filter((f) => !listed.has(f))).toEqual([]);
  });

  it.each([
    'A bot command',
    'An importer',
    'An exporter',
    'A method on JournalCollection',
    'A web page',
    'An MCP tool or App',
    'A migration',
    'A benchmark part',
  ])('says where to add %s, naming its files', (what) => {
    const entry = section('Where to add things')
      .split(/^- /m)
      .find((e) => e.startsWith(`**${what}`));
    expect(entry, `no "- **${what}…**" entry under "Where to add things"`).toBeDefined();
    expect([...entry!.matchAll(/`[\w/.<>-]+\.(ts|html|md)`/g)].length).toBeGreaterThan(1);
  });

  it('is the map docs/development.md points at, which keeps no code map or recipes of its own', () => {
    const development = readFileSync(path.join(REPO_ROOT, 'docs', 'development.md'), 'utf8');
    expect(development).toContain('(../ARCHITECTURE.md#where-to-add-things)');
    expect(development).not.toMatch(/^## (Layout|Adding )/m);
  });
});
