// The stand-ins (test/stand-ins/: the Bot API, the Messages API, the transcription API) are shared by the tests and
// the scripts (benchmarks, burst, conformance), so they stay importable from both: they import only each other,
// npm run try's Bot API pieces in src/try/ (one definition of what a Bot API stand-in answers and refuses) and
// packages. A script reaches into test/ only for the stand-ins and the harness in test/helpers/, never a test file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return name === 'node_modules' ? [] : files(rel);
    return /\.(ts|mts|mjs|js)$/.test(name) ? [rel] : [];
  });
}

/** Each relative import of `file`, as a path from the repository's root. */
function relativeImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!)),
  );
}

describe('the stand-ins, shared by tests and scripts', () => {
  it('import only each other, src/try/ and packages', () => {
    const stray = files('test/stand-ins')
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) => relativeImports(f).map((to) => `${f} → ${to}`))
      .filter((edge) => !/→ (test\/stand-ins|src\/try)\//.test(edge));
    expect(stray).toEqual([]);
  });

  it('scripts take from test/ only the stand-ins and test/helpers/, never a test file', () => {
    const edges = files('scripts').flatMap((f) => relativeImports(f).map((to) => ({ f, to })));
    const intoTest = edges.filter((e) => e.to.startsWith('test/'));
    expect(intoTest.filter((e) => e.to.startsWith('test/stand-ins/')).length).toBeGreaterThan(0);
    const stray = intoTest
      .filter((e) => !/^test\/(stand-ins|helpers)\/[\w.-]+\.ts$/.test(e.to) || e.to.endsWith('.test.ts'))
      .map((e) => `${e.f} → ${e.to}`);
    expect(stray).toEqual([]);
  });
});
