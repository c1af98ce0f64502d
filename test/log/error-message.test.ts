// src/log/error-message.ts is the one place that turns a thrown value into text; inline copies drift (some kept the
// name, some dropped it), so this file also keeps them out of src/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorReason } from '../../src/log/error-message.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

describe('errorMessage and errorReason', () => {
  it('name the error and its message, or the message alone', () => {
    const error = new TypeError('bad input');
    expect(errorMessage(error)).toBe('TypeError: bad input');
    expect(errorReason(error)).toBe('bad input');
  });

  it('turn anything else thrown into its string', () => {
    for (const thrown of ['plain text', 42, null, undefined, { toString: () => 'an object' }]) {
      expect(errorMessage(thrown)).toBe(String(thrown));
      expect(errorReason(thrown)).toBe(String(thrown));
    }
  });

  it('are the only place in src/ that asks `instanceof Error ?` to make text of a thrown value', () => {
    const src = path.join(REPO_ROOT, 'src');
    const copies = sourceFiles(src)
      .filter((file) => path.relative(src, file) !== path.join('log', 'error-message.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(src, file)}:${i + 1}` }))
          .filter(({ line }) => /instanceof Error\s*\?/.test(line))
          .map(({ at }) => at),
      );
    expect(copies, 'use errorMessage or errorReason from src/log/error-message.ts').toEqual([]);
  });
});
