// No circle between files in src/: every file's imports (type-only ones too) lead away from it. A circle makes the
// load order matter and usually means a definition lives in the wrong file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';

const SRC = path.join(REPO_ROOT, 'src');

/** file (relative to src/) → the src files it imports or re-exports from. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|mts|mjs)$/.test(f));
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      const targets = [
        ...text.matchAll(
          /^\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm,
        ),
      ]
        .map((m) => path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), (m[1] ?? m[2])!)))
        .filter((target) => !target.startsWith('..'));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Every circle, each once, as the files along it (depth-first search; a back edge closes a circle). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const circle = stack.slice(stack.indexOf(next));
        found.set([...circle].sort().join(' '), [...circle, next]);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found.values()];
}

describe('src/ import graph', () => {
  it('reads the imports of every file', () => {
    const graph = importGraph();
    expect(graph.get(path.join('journal', 'views', 'describe-view.ts'))).toContain(
      path.join('journal', 'journal-names.ts'),
    );
  });

  it('has no circle', () => {
    expect(cycles(importGraph()).map((c) => c.join(' → '))).toEqual([]);
  });

  it('would report one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
