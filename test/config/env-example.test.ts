// .env.example lists every variable the configuration reads (src/config/config.ts), each under a comment saying what it is
// for, so a new variable cannot be added without documenting it there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, parseConfig } from '../../src/config/config.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const lines = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8').split('\n');
const ASSIGNMENT = /^#?\s*([A-Z][A-Z0-9_]*)=/;

/** Each variable's line in .env.example (set or commented out) and the comment above its group. */
function listed(): Map<string, string | null> {
  const found = new Map<string, string | null>();
  lines.forEach((line, i) => {
    const name = ASSIGNMENT.exec(line)?.[1];
    if (!name) return;
    let j = i - 1;
    while (j >= 0 && ASSIGNMENT.test(lines[j]!)) j -= 1;
    found.set(name, j >= 0 && /^#\s*\S/.test(lines[j]!) ? lines[j]! : null);
  });
  return found;
}

describe('.env.example', () => {
  it('lists every variable src/config/config.ts reads, and those compose.yaml reads from .env, and nothing else', () => {
    // compose.yaml reads .env too: a variable it substitutes (POSTGRES_PASSWORD) belongs in the example as well.
    const compose = readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8');
    const composeOnly = [...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
    const expected = new Set([...CONFIG_VARIABLES, ...composeOnly]);
    expect([...listed().keys()].sort()).toEqual([...expected].sort());
  });

  it('puts a comment above every variable', () => {
    expect([...listed()].filter(([, comment]) => comment === null).map(([name]) => name)).toEqual([]);
  });

  it('is itself a valid configuration once its examples are filled in', () => {
    const env = Object.fromEntries(
      lines
        .map((l) => /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(l))
        .filter((m) => m !== null)
        .map((m) => [m[1]!, m[2]!]),
    );
    // The two left empty there are filled in as a user would (the webhook secret is required with its URL).
    // The key comes inline or from a file, never both: the inline one stands in for the pair.
    const filled = {
      ...env,
      TELEGRAM_BOT_TOKEN: '123456789:AAH-abcdefghijklmnopqrstuvwxyz012',
      TELEGRAM_WEBHOOK_SECRET: 'a-random-secret',
      JOURNAL_KEY: 'a passphrase',
      JOURNAL_KEY_FILE: undefined,
    };
    expect(() => parseConfig(filled)).not.toThrow();
  });
});
