// A function in src/ takes at most five positional parameters: past that a call is a row of values whose meaning
// depends on their order (`monthTable(to, m, counts, busiest, false, moods, today)`), and an option object names each.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';

const MAX_POSITIONAL = 5;

/** Every function, method and arrow in src/ with more than MAX_POSITIONAL parameters, as `file: name (count)`. */
function longParameterLists(): string[] {
  const src = path.join(REPO_ROOT, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(path.join(src, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && node.parameters.length > MAX_POSITIONAL) {
        const name =
          'name' in node && node.name
            ? node.name.getText(source)
            : `${ts.SyntaxKind[node.kind]} at line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        found.push(`${file.split(path.sep).join('/')}: ${name} (${node.parameters.length})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

describe('option objects', () => {
  it(`no function in src/ takes more than ${MAX_POSITIONAL} positional values`, () => {
    expect(longParameterLists(), 'pass one options object whose fields name the values').toEqual([]);
  });

  it('finds a long parameter list (the check itself works)', () => {
    const source = ts.createSourceFile('x.ts', 'function f(a, b, c, d, e, g) {}', ts.ScriptTarget.Latest, true);
    const fn = source.statements[0] as ts.FunctionDeclaration;
    expect(ts.isFunctionLike(fn) && fn.parameters.length > MAX_POSITIONAL).toBe(true);
  });
});
