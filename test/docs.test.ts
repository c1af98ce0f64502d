// The docs stay short, readable and true: README.md within about 200 lines, Markdown lines of at most 120 characters,
// every relative link in README.md, ARCHITECTURE.md and docs/ pointing at a file that exists (and at a heading in it,
// for a link with an #anchor), every src/, scripts/ and docs/ path they name existing, and no pointer to an issue
// tracker outside the repository; every `npm run X` they name is a script of package.json (and every `npm run journal
// -- <verb>` a verb of it), every bot command docs/bot.md names is declared by a feature, and every README section
// they name in words ("… in the README") is a heading of README.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';
import { MENU_COMMANDS } from '../src/telegram/features/index.ts';
import { COMMANDS as JOURNAL_VERBS } from '../src/cli/journal-usage.ts';

const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const SRC_FOLDERS = new Set(
  readdirSync(path.join(REPO_ROOT, 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
);
const SOURCE_NAMES = new Set([
  ...['src', 'scripts', 'test', 'migrations'].flatMap((dir) =>
    readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.basename(f)),
  ),
  // The tools' configs at the root (vitest.config.ts, eslint.config.js).
  ...readdirSync(REPO_ROOT).filter((f) => /\.(ts|mjs|js)$/.test(f)),
]);
/** "Issue 23", "issue #4", "the issue", an issues/ or pull/ URL: pointers to a tracker the repository does not carry. */
const TRACKER = /\b[Ii]ssues? #?\d+|\bthe issue\b|\/(issues|pull)\/\d+/;
const text = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The anchors GitHub makes of a Markdown file's headings (outside code fences): lower case, spaces to hyphens. */
function anchorsOf(file: string): Set<string> {
  const outsideFences = text(file)
    .split(/^```/m)
    .filter((_, i) => i % 2 === 0)
    .join('\n');
  const headings = [...outsideFences.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => m[1]!);
  const slug = (heading: string) =>
    heading
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
  const seen = new Map<string, number>();
  return new Set(
    headings.map((h) => {
      const base = slug(h);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return n === 0 ? base : `${base}-${n}`;
    }),
  );
}

describe('docs', () => {
  it('README.md is at most about 200 lines', () => {
    expect(text('README.md').split('\n').length).toBeLessThanOrEqual(210);
  });

  it.each(DOCS)('%s has no line over 120 characters', (file) => {
    const long = text(file)
      .split('\n')
      .flatMap((line, i) => ([...line].length > 120 ? [`${file}:${i + 1} (${[...line].length})`] : []));
    expect(long).toEqual([]);
  });

  it.each(DOCS)('%s links only to files that exist', (file) => {
    // A link inside a code span (`![](media/<sha256>.jpg)`) is an example of syntax, not a link.
    const prose = text(file).replace(/`[^`\n]*`/g, '');
    const links = [...prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((l) => !/^[a-z]+:/.test(l));
    const missing = links
      .map((l) => path.relative(REPO_ROOT, path.resolve(REPO_ROOT, path.dirname(file), l)))
      .filter((l) => !existsSync(path.join(REPO_ROOT, l)));
    expect(missing).toEqual([]);
  });

  it.each(DOCS)('%s links only to headings that exist (#anchors, in the same file or another)', (file) => {
    const prose = text(file).replace(/`[^`\n]*`/g, '');
    const links = [...prose.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)]
      .map((m) => ({ target: m[1]!, anchor: m[2]! }))
      .filter((l) => !/^[a-z]+:/.test(l.target));
    const broken = links.flatMap(({ target, anchor }) => {
      const linked =
        target === '' ? file : path.relative(REPO_ROOT, path.resolve(REPO_ROOT, path.dirname(file), target));
      if (!linked.endsWith('.md') || !existsSync(path.join(REPO_ROOT, linked))) return [];
      return anchorsOf(linked).has(decodeURIComponent(anchor)) ? [] : [`${target || file}#${anchor}`];
    });
    expect(broken).toEqual([]);
  });

  it.each(DOCS)('%s names only src/, scripts/ and docs/ paths that exist', (file) => {
    // A path from the repository's root, in backticks or not; a trailing dot or comma ends the sentence, not the path.
    const named = [...text(file).matchAll(/(?<![\w./-])((?:src|scripts|docs)\/[\w./-]*[\w/])/g)].map((m) => m[1]!);
    const missing = [...new Set(named)].filter((p) => !existsSync(path.join(REPO_ROOT, p)));
    expect(missing).toEqual([]);
  });

  it.each(DOCS)(
    '%s names only source files that exist (`journal/entries/entry.ts` under src/, `zone-offset.ts` anywhere)',
    (file) => {
      const quoted = [...text(file).matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
      // `journal/dates/calendar-day.ts`: a path inside src/, as ARCHITECTURE.md writes them (`web/pages/<name>.ts`, a
      // template, names none).
      const inSrc = quoted
        .filter((q) => SRC_FOLDERS.has(q.split('/')[0]!) && q.includes('/') && !/[*<]/.test(q))
        .filter((q) => !existsSync(path.join(REPO_ROOT, 'src', q)));
      // `zone-offset.ts`: a file named alone must exist somewhere in the sources, scripts or tests.
      const alone = quoted.filter((q) => /^[\w.-]+\.(ts|mjs)$/.test(q) && !SOURCE_NAMES.has(q));
      expect([...new Set([...inSrc, ...alone])]).toEqual([]);
    },
  );

  it.each(DOCS)('%s names only npm scripts that exist (`npm run X`, `npm run journal -- <verb>`)', (file) => {
    const scripts = Object.keys((JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = [...text(file).matchAll(/\bnpm run (?:-s )?([\w:-]+)/g)].map((m) => m[1]!);
    const verbs = [...text(file).matchAll(/\bnpm run (?:-s )?journal -- ([a-z]+)/g)].map((m) => m[1]!);
    expect([
      ...new Set([
        ...named.filter((n) => !scripts.includes(n)),
        ...verbs.filter((v) => !JOURNAL_VERBS.includes(v)).map((v) => `journal -- ${v}`),
      ]),
    ]).toEqual([]);
  });

  it('docs/bot.md names only bot commands a feature declares', () => {
    const declared = new Set(MENU_COMMANDS.map((c) => c.command));
    // `/mood 4`, `/journal new <name>`: a code span that starts with a command (`/etc/hosts` is a path).
    const named = [...text('docs/bot.md').matchAll(/`\/([a-z_]+)(?=[\s`])[^`]*`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(10);
    expect([...new Set(named)].filter((c) => !declared.has(c) && !c.startsWith('entry_'))).toEqual([]);
  });

  it.each(DOCS)('%s names only README sections that exist ("Importing" in the README)', (file) => {
    const readme = anchorsOf('README.md');
    const slug = (title: string) =>
      title
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
    const prose = text(file).replace(/\s+/g, ' ');
    const named = [
      ...prose.matchAll(/"([^"]{3,60})" (?:in|of) the README/g),
      ...prose.matchAll(/README(?:'s)? \("([^"]{3,60})"\)/g),
      ...prose.matchAll(/README(?:'s)? section "([^"]{3,60})"/g),
    ].map((m) => m[1]!);
    expect(named.filter((title) => !readme.has(slug(title)))).toEqual([]);
  });

  it.each(DOCS)('%s points at no issue tracker outside the repository', (file) => {
    const lines = text(file).split('\n');
    const pointing = lines.flatMap((line, i) => (TRACKER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    expect(pointing).toEqual([]);
  });

  it('src/ points at no issue tracker outside the repository either', () => {
    const files = readdirSync(path.join(REPO_ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(ts|mjs)$/.test(f),
    );
    const pointing = files.flatMap((f) =>
      text(path.join('src', f))
        .split('\n')
        .flatMap((line, i) => (TRACKER.test(line) ? [`src/${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(pointing).toEqual([]);
  });
});
