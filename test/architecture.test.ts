// Pins the dependency rules: telegram → llm → objects ← journal → db, mcp → llm/objects; one owner per package.
// Also pins every dynamic import() with why it runs at start, the promise scripts/build.mjs prunes chunks on.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const files = sourceFiles(path.join(REPO_ROOT, 'src')).map((file) => {
  const rel = path.relative(path.join(REPO_ROOT, 'src'), file);
  // Static imports and dynamic import()s alike: loading a module later does not change who depends on whom.
  const imports = [
    ...readFileSync(file, 'utf8').matchAll(
      /^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm,
    ),
  ].map((m) => (m[1] ?? m[2])!);
  const folder = rel.includes(path.sep) ? rel.split(path.sep)[0]! : '(root)';
  const srcFolders = imports
    .filter((i) => i.startsWith('.'))
    .map((i) => path.relative(path.join(REPO_ROOT, 'src'), path.resolve(path.dirname(file), i)).split(path.sep))
    .map((parts) => (parts.length > 1 ? parts[0]! : '(root)'));
  const rootTargets = imports
    .filter((i) => i.startsWith('.'))
    .map((i) => path.relative(path.join(REPO_ROOT, 'src'), path.resolve(path.dirname(file), i)))
    .filter((target) => !target.includes(path.sep));
  // The src paths a file imports, as `telegram/features/entry.ts`, for the rules between rooms of one folder.
  const targets = imports
    .filter((i) => i.startsWith('.'))
    .map((i) =>
      path
        .relative(path.join(REPO_ROOT, 'src'), path.resolve(path.dirname(file), i))
        .split(path.sep)
        .join('/'),
    );
  return { rel, folder, imports, srcFolders, rootTargets, targets };
});

// Which src folders each folder may import (besides itself and log/). The roots (main.ts, cli/) may import anything.
const allowed: Record<string, string[]> = {
  objects: [],
  db: [],
  // Each format two sides share, written once (zod only): other apps' files, which importer/ reads and export/
  // writes, and the calendar value journal/ sends and the MCP App (mcp/app/) draws.
  formats: [],
  journal: ['objects', 'db', 'formats'],
  // Every HTTP server's request guard and the process's last resort: no request can stop a server.
  http: [],
  llm: ['objects'],
  importer: ['journal', 'db', 'formats'],
  // The daily messages (digest and reminders to write): when each owner's is due, their rows, and the timer that
  // claims (owner, local day) once and sends it.
  daily: ['journal', 'db'],
  demo: ['journal', 'db'],
  export: ['journal', 'db', 'formats'],
  transcription: ['journal', 'db'],
  telegram: ['llm', 'journal', 'importer', 'daily', 'stats', 'http'],
  // The stats picture: numbers through the journal's views, its date layer, SVG → PNG.
  stats: ['journal', 'db'],
  // The web view (Mini App and npm run web): pages over the JournalCollection kind through objects/ and journal/,
  // every request through the guard in http/.
  web: ['journal', 'objects', 'http'],
  // The MCP surface: the shared tools (objects/) and the bot's question framing (llm/); the journal is wired in by cli/mcp.ts.
  mcp: ['objects', 'llm', 'formats'],
  // The OAuth authorization server for remote MCP: its rows in db/; the MCP SDK's resource-server side stays in mcp/.
  oauth: ['db'],
  // Settings: parseConfig(env) and what follows from it. It checks a setting's text with the date layer (a zone, a
  // time of day) and oauth/'s TRUST_PROXY parser, and names journal/'s settings type; nothing more (CONFIG_REACHES).
  config: ['journal', 'oauth'],
  // The composition root below main.ts: the App (wiring/app.ts) that starts and stops every worker, each bot
  // feature's dependencies (one factory per feature), the capture side, the web view's and remote MCP's wiring.
  // It may reach every folder it composes; only main.ts and cli/ import it (ONLY_ROOTS_IMPORT).
  wiring: [
    'config',
    'db',
    'journal',
    'llm',
    'stats',
    'telegram',
    'daily',
    'export',
    'importer',
    'oauth',
    'transcription',
    'web',
    'mcp',
  ],
  // npm run try's local Telegram: the Bot API stand-in and the terminal's side of the chat; the bot is wired by cli/try.ts.
  try: [],
};

/**
 * Rooms inside a folder: each names a subsystem, and these never reach into the other. A file at a folder's root
 * (`importer/batch-writer.ts`) is what its rooms share, so it imports none of them.
 */
const ROOMS_APART: [room: string, mayNotImport: string[]][] = [
  // The durable intake and the job runner are machinery the features run on, not the other way round.
  ['telegram/intake/', ['telegram/features/', 'telegram/jobs/']],
  ['telegram/jobs/', ['telegram/features/', 'telegram/intake/']],
  // The Telegram Desktop pipeline and the other apps' readers share only what sits at importer/'s root.
  ['importer/sources/', ['importer/telegram-export/']],
  ['importer/telegram-export/', ['importer/sources/']],
  ['importer/*.ts', ['importer/sources/', 'importer/telegram-export/']],
  // The engines, kysely-style: each is its dialect, opener and side of the store seam, and neither knows the other.
  ['db/sqlite/', ['db/postgres/']],
  ['db/postgres/', ['db/sqlite/']],
  // Search's normalisation and plan are what both engines' indexes share: neither engine is named in them.
  ['db/search/', ['db/sqlite/', 'db/postgres/']],
];

/**
 * src/journal/'s concept folders, each with what it holds. A concept that owns tables keeps its queries with it; db/
 * keeps the engine, the migrations' runner and the store seam. journal/'s root holds what the folders share and the
 * operations that put the kinds together from every concept's methods (journal-collection-kind.ts,
 * journal-operations.ts), at most JOURNAL_ROOT_FILES files.
 */
const JOURNAL_FOLDERS: Record<string, string> = {
  dates: "the one date layer: instants in UTC, a local day in the owner's zone, wall times, spans",
  entries:
    'the entry row and its draft: capture, edits, transcripts, bulk imports, reading long ones, what else an app knew, getEntry, getEntryContext, getEntriesForDay',
  views:
    'the base every concept reads: a view as state (dates, words, tags, journal), its SQL, its description and citations, ask, onThisDay, the JournalEntry kind',
  search: 'the search syntax people type, parsed once, and the index query each store builds from it',
  tags: 'hashtags (entry_tag): read from the text, written with it, tagged(tag) and getTags()',
  journals: "named journals and Telegram topics (journal_topic): an owner's journals, listJournals() and getJournal()",
  media: 'entry_media and transcription_job: rows, download jobs and their worker, scaling, imported bytes, viewMedia',
  mood: "a day's mood (mood): /mood's row, the getMoodBy… methods and getCalendar (a view's days, counts and moods)",
  prompts: "writing prompts: the built-in set, the owner's own, which entry answered which",
  forget: 'forgetting an entry, a journal or an owner, and every place an entry left traces',
};
const JOURNAL_ROOT_FILES = 25;

/** Folders of journal/ that stand alone: they import none of journal/'s other folders (only db/, objects/, log/). */
const JOURNAL_LEAVES = ['dates', 'search', 'forget'];
for (const leaf of JOURNAL_LEAVES) {
  ROOMS_APART.push([
    `journal/${leaf}/`,
    Object.keys(JOURNAL_FOLDERS)
      .filter((f) => f !== leaf)
      .map((f) => `journal/${f}/`),
  ]);
}

/**
 * journal/views/ is the base the other concepts read (a view's state, its SQL, its description): it reads only the
 * leaves below it. The concepts (tags, mood, journals, media, entries, prompts) read views/ and add their methods and
 * queries; the kinds are put together from all of them at journal/'s root.
 */
const JOURNAL_BASE = 'views';
const JOURNAL_BASE_READS = ['dates', 'search'];
ROOMS_APART.push([
  `journal/${JOURNAL_BASE}/`,
  Object.keys(JOURNAL_FOLDERS)
    .filter((f) => f !== JOURNAL_BASE && !JOURNAL_BASE_READS.includes(f))
    .map((f) => `journal/${f}/`),
]);

/** journal/'s concept folders → the concept folders they import, each arrow with the first file that makes it. */
function journalFolderGraph(): Map<string, Map<string, string>> {
  const folderOf = (rel: string) => /^journal\/([^/]+)\//.exec(rel)?.[1];
  const graph = new Map(Object.keys(JOURNAL_FOLDERS).map((f) => [f, new Map<string, string>()]));
  for (const f of files) {
    const rel = f.rel.split(path.sep).join('/');
    const from = folderOf(rel);
    if (from === undefined) continue;
    for (const target of f.targets) {
      const to = folderOf(target);
      if (to !== undefined && to !== from && !graph.get(from)!.has(to)) graph.get(from)!.set(to, `${rel} → ${target}`);
    }
  }
  return graph;
}

/** Circles among the folders, as their arrows: none found means none (depth-first; a back edge closes a circle). */
function folderCycles(graph: Map<string, Map<string, string>>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (folder: string) => {
    state.set(folder, 'open');
    stack.push(folder);
    for (const next of [...graph.get(folder)!.keys()].sort()) {
      if (state.get(next) === 'open') {
        const circle = [...stack.slice(stack.indexOf(next)), next];
        found.set(
          circle.slice(0, -1).sort().join(' '),
          circle.slice(0, -1).map((from, i) => graph.get(from)!.get(circle[i + 1]!)!),
        );
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(folder, 'done');
  };
  for (const folder of [...graph.keys()].sort()) if (!state.has(folder)) visit(folder);
  return [...found.values()];
}

/**
 * A src file has one job: past this many lines (as Prettier writes them; npm run lint checks it does) it is doing two,
 * and is split along its seam, each part opening with what it is.
 */
const MAX_FILE_LINES = 300;
/** Every file under src/ (code and the assets beside it), relative to src/ with / between folders. */
function allSrcFiles(dir = path.join(REPO_ROOT, 'src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? allSrcFiles(full)
      : [path.relative(path.join(REPO_ROOT, 'src'), full).split(path.sep).join('/')];
  });
}

/**
 * The composition root and the settings are handed down, never reached for: a folder below gets its config values,
 * db and clock passed in (no module-level singletons), so only the roots import these.
 */
const ONLY_ROOTS_IMPORT = ['wiring', 'config'];

/**
 * What config/ imports: the date layer checks a zone and a time of day, oauth/ parses TRUST_PROXY, and
 * journal-operations.ts names the settings type derived-settings.ts builds. Settings are leaves: nothing else.
 */
const CONFIG_REACHES = ['journal/dates/', 'journal/journal-operations.ts', 'oauth/client-address.ts'];
/** The engines (kysely's dialects, openers and each side of the store seam), each apart from the other. */
const ENGINES = ['db/sqlite/', 'db/postgres/'];
/**
 * The only files outside the engines that name one, and why. Every store, and every other module, takes a JournalDb
 * (db/journal-database.ts) whatever its engine, and what the engines do differently is behind db/store.ts.
 */
const ENGINE_CHOOSERS: [file: string, why: string][] = [
  ['db/open-journal.ts', 'opens the journal the config names: a SQLite file, or PostgreSQL at DATABASE_URL'],
  ['cli/backup.ts', 'npm run backup copies a SQLite file (PostgreSQL has pg_dump)'],
  ['cli/convert-journal.ts', 'npm run encrypt / decrypt convert a SQLite file'],
  ['cli/demo.ts', 'npm run demo writes a generated journal to a SQLite file'],
  ['cli/migrate-to-postgres.ts', 'copies a SQLite file into PostgreSQL'],
];

/** The logger and errorMessage: every folder may import log/, and log/ imports nothing of src/. */
const EVERYONE_MAY_IMPORT = 'log';

/**
 * Every import() call in src/ and why it runs at start. scripts/build.mjs puts the code behind one in a chunk and keeps
 * only the last two builds' chunks (pruneOldChunks): a long-running process that imported one hours after it started
 * could find that its build's chunk was deleted by later builds.
 */
const DYNAMIC_IMPORTS: [site: string, whyAtStart: string][] = [
  [
    "cli/import.ts: import('./import-command.ts')",
    'the import command itself, right after the parse thread is started',
  ],
  ["cli/journal.ts: import('./journal-commands.ts')", 'the command itself, as soon as its command line is read'],
  [
    "cli/journal.ts: import('./journal-commands.ts')",
    'the error message: the module the line above loaded (or failed to, just now)',
  ],
  [
    'db/migrate.ts: import(pathToFileURL(path.join(folder, file)).href)',
    'migrations: applied while a command opens its journal, before any work',
  ],
  [
    "wiring/telegram-parts.ts: import('./journal-web-view.ts')",
    'the Mini App: its routes are built before the bot takes its first update',
  ],
  ["wiring/telegram-parts.ts: import('../web/web-server.ts')", "the web view's port, opened before any work starts"],
  [
    "wiring/telegram-parts.ts: import('./remote-mcp.ts')",
    'remote MCP (PUBLIC_URL), set up before the bot takes its first update',
  ],
];

/** Each import() call in a file, as `file: import(argument)`; comments and `import('x').T` types are not calls. */
function dynamicImportSites(rel: string): string[] {
  const source = ts.createSourceFile(
    rel,
    readFileSync(path.join(REPO_ROOT, 'src', rel), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const sites: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      sites.push(
        `${rel.split(path.sep).join('/')}: import(${node.arguments.map((a) => a.getText(source)).join(', ')})`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

describe('architecture', () => {
  it.each(Object.keys(allowed))('%s/ imports only the folders it may depend on', (folder) => {
    const offending = files
      .filter((f) => f.folder === folder)
      .flatMap((f) =>
        f.srcFolders
          .filter((t) => t !== folder && t !== EVERYONE_MAY_IMPORT && !allowed[folder]!.includes(t))
          .map((t) => `${f.rel} → ${t}`),
      );
    expect(offending).toEqual([]);
  });

  it.each(ROOMS_APART)('%s imports none of %j', (room, mayNotImport) => {
    const inRoom = (rel: string) =>
      room.endsWith('*.ts') ? path.posix.dirname(rel) === room.slice(0, -'/*.ts'.length) : rel.startsWith(room);
    const offending = files
      .map((f) => ({ ...f, rel: f.rel.split(path.sep).join('/') }))
      .filter((f) => inRoom(f.rel))
      .flatMap((f) =>
        f.targets.filter((t) => mayNotImport.some((other) => t.startsWith(other))).map((t) => `${f.rel} → ${t}`),
      );
    expect(
      files.some((f) => inRoom(f.rel.split(path.sep).join('/'))),
      `${room} holds no file: update ROOMS_APART`,
    ).toBe(true);
    expect(offending).toEqual([]);
  });

  it(`src/journal/ holds at most ${JOURNAL_ROOT_FILES} files at its root; its folders are the pinned concepts`, () => {
    const journal = path.join(REPO_ROOT, 'src', 'journal');
    const entries = readdirSync(journal, { withFileTypes: true });
    expect(entries.filter((e) => e.isFile()).length).toBeLessThanOrEqual(JOURNAL_ROOT_FILES);
    expect(
      entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
      'a new folder of journal/: add it to JOURNAL_FOLDERS',
    ).toEqual(Object.keys(JOURNAL_FOLDERS).sort());
  });

  it('no concept folder of journal/ imports a sibling that imports it back, nor any circle of them', () => {
    const graph = journalFolderGraph();
    // The reading is live: views/ reads dates/, and entries/ reads media/ (capture stores an entry's media).
    expect(graph.get('views')!.has('dates') && graph.get('entries')!.has('media')).toBe(true);
    expect(folderCycles(graph)).toEqual([]);
  });

  it.each(Object.keys(JOURNAL_FOLDERS))(
    'every file in journal/%s/ opens with a comment saying what it holds',
    (folder) => {
      const dir = path.join(REPO_ROOT, 'src', 'journal', folder);
      const silent = readdirSync(dir).filter(
        (f) => f.endsWith('.ts') && !/^\s*(\/\*\*?|\/\/)/.test(readFileSync(path.join(dir, f), 'utf8')),
      );
      expect(silent).toEqual([]);
    },
  );

  it(`no src file is over ${MAX_FILE_LINES} lines`, () => {
    const tooLong = allSrcFiles()
      .map((rel) => ({
        rel,
        lines: readFileSync(path.join(REPO_ROOT, 'src', rel), 'utf8')
          .trimEnd()
          .split('\n').length,
      }))
      .filter((f) => f.lines > MAX_FILE_LINES);
    expect(
      tooLong.map((f) => `${f.rel}: ${f.lines} lines`),
      'split it along a seam into files with one job',
    ).toEqual([]);
  });

  it('log/ imports nothing of src/ (every folder may import it)', () => {
    const offending = files
      .filter((f) => f.folder === EVERYONE_MAY_IMPORT)
      .flatMap((f) => f.srcFolders.filter((t) => t !== EVERYONE_MAY_IMPORT).map((t) => `${f.rel} → ${t}`));
    expect(offending).toEqual([]);
  });

  it('src/ holds one loose file, main.ts; everything else lives in a folder', () => {
    const loose = readdirSync(path.join(REPO_ROOT, 'src'), { withFileTypes: true })
      .filter((e) => !e.isDirectory())
      .map((e) => e.name);
    expect(loose, 'the wiring goes in wiring/, settings in config/').toEqual(['main.ts']);
  });

  it('nothing imports main.ts', () => {
    expect(files.flatMap((f) => f.rootTargets.map((t) => `${f.rel} → ${t}`))).toEqual([]);
  });

  it.each(ONLY_ROOTS_IMPORT)('only main.ts, cli/ and wiring/ import %s/', (folder) => {
    const offending = files
      .filter((f) => ![folder, '(root)', 'cli', 'wiring'].includes(f.folder) && f.srcFolders.includes(folder))
      .map((f) => f.rel);
    expect(offending).toEqual([]);
  });

  it(`config/ reaches only ${CONFIG_REACHES.join(', ')}`, () => {
    const offending = files
      .filter((f) => f.folder === 'config')
      .flatMap((f) =>
        f.targets
          .filter((t) => !t.startsWith('config/') && !t.startsWith('log/'))
          .filter((t) => !CONFIG_REACHES.some((allowedTarget) => t.startsWith(allowedTarget)))
          .map((t) => `${f.rel} → ${t}`),
      );
    expect(offending).toEqual([]);
  });

  it.each([
    // wiring/ builds the bot and hands its API to the workers that fetch through it (the App, the capture side).
    ['grammy', ['telegram', '(root)', 'cli', 'wiring']],
    ['@grammyjs/', ['telegram', '(root)', 'cli']],
    // wiring/questions.ts makes the app's one client (the composition root's job, moved out of app.ts).
    ['@anthropic-ai/sdk', ['llm', '(root)', 'cli', 'wiring']],
    ['better-sqlite3', ['db/sqlite']],
    ['better-sqlite3-multiple-ciphers', ['db/sqlite']],
    ['pg', ['db/postgres']],
    // Search's one normalisation (db/search/search-text.ts): Snowball stemmers and the language detector that picks
    // one.
    ['snowball-stemmers', ['db/search']],
    ['tinyld', ['db/search']],
    // The in-process PostgreSQL runs the store suites (test/helpers); the bot itself never starts one.
    ['@electric-sql/pglite', []],
    ['@modelcontextprotocol/', ['mcp', 'cli']],
    ['@tma.js/', ['web']],
    ['@resvg/', ['stats']],
    ['playwright-core', []],
    ['qrcode', ['oauth']],
    // Addresses classed for the outbound fetch of client metadata documents (oauth/outbound-fetch.ts) and TRUST_PROXY.
    ['ipaddr.js', ['oauth']],
    // The bot's /export zips (export/zip-parts.ts).
    ['yazl', ['export']],
    // The time a search query names (journal/dates/query-dates.ts, the date layer).
    ['chrono-node', ['journal']],
  ])('%s is imported only from its owning folders', (pkg, owners) => {
    // An owner is a folder of src/ (`db`) or a folder inside one (`db/sqlite`: that room alone).
    const owns = (rel: string, folder: string) =>
      owners.some((o) => (o.includes('/') ? rel.split(path.sep).join('/').startsWith(`${o}/`) : folder === o));
    const offending = files
      .filter(
        (f) =>
          f.imports.some((i) => i === pkg || i.startsWith(pkg.endsWith('/') ? pkg : `${pkg}/`)) &&
          !owns(f.rel, f.folder),
      )
      .map((f) => f.rel);
    expect(offending).toEqual([]);
  });

  it('only db/ knows which store it runs on (no dialect checks elsewhere)', () => {
    const asking = files.filter(
      (f) =>
        f.folder !== 'db' &&
        /dialect\s*[!=]==|[!=]==\s*[\w.]*dialect\b|case\s+'(sqlite|postgres)'/.test(
          readFileSync(path.join(REPO_ROOT, 'src', f.rel), 'utf8'),
        ),
    );
    expect(asking.map((f) => f.rel)).toEqual([]);
  });

  it('inside db/, only the store seam switches on the engine (store.ts, sqlite/sqlite-store.ts, postgres/postgres-store.ts)', () => {
    const seam = new Set(
      ['store.ts', 'sqlite/sqlite-store.ts', 'postgres/postgres-store.ts'].map((f) => path.join('db', ...f.split('/'))),
    );
    const switching = files.filter(
      (f) =>
        f.folder === 'db' &&
        !seam.has(f.rel) &&
        /\b(PostgresAdapter|SqliteAdapter|isPostgres)\b|dialect\s*[!=]==|case\s+'(sqlite|postgres)'/.test(
          readFileSync(path.join(REPO_ROOT, 'src', f.rel), 'utf8'),
        ),
    );
    expect(switching.map((f) => f.rel)).toEqual([]);
  });

  it('outside db/sqlite/ and db/postgres/, only the pinned engine choosers name an engine', () => {
    const naming = files
      .map((f) => ({ ...f, rel: f.rel.split(path.sep).join('/') }))
      .filter((f) => !ENGINES.some((e) => f.rel.startsWith(e)))
      .filter((f) => f.targets.some((t) => ENGINES.some((e) => t.startsWith(e))))
      .map((f) => f.rel)
      .sort();
    expect(naming, 'a store takes a JournalDb (db/journal-database.ts) and asks db.store what differs').toEqual(
      ENGINE_CHOOSERS.map(([file]) => file).sort(),
    );
  });

  it('src/objects names no kind, none of its methods and none of their values', () => {
    // What the journal plugs in, read from its sources: each kind's name (`so.idyllic.prototype#JournalEntry`) and each
    // method's (`name: 'getCalendar'` beside methodsFor; one-word names such as `search` are plain words too).
    const journalSources = files
      .filter((f) => f.folder === 'journal')
      .map((f) => readFileSync(path.join(REPO_ROOT, 'src', f.rel), 'utf8'));
    const kinds = journalSources.flatMap((text) =>
      [...text.matchAll(/'so\.idyllic\.prototype#(\w+)'/g)].map((m) => m[1]!),
    );
    const methods = journalSources
      .filter((text) => text.includes('methodsFor'))
      .flatMap((text) => [...text.matchAll(/^\s+name: '([a-z]+[A-Z]\w*)'/gm)].map((m) => m[1]!));
    expect(kinds).toEqual(expect.arrayContaining(['JournalCollection', 'JournalEntry']));
    expect(methods).toEqual(expect.arrayContaining(['getCalendar', 'getDayCount', 'getEntriesForDay']));
    // A value of theirs is named by its method or its format (formats/calendar.ts: the calendar).
    const names = new RegExp(
      `\\b(${[...kinds, ...methods].join('|')})\\b|calendar|journal-|from '\\.\\.\\/journal`,
      'i',
    );
    const naming = files
      .filter((f) => f.folder === 'objects')
      .flatMap((f) => {
        const found = names.exec(readFileSync(path.join(REPO_ROOT, 'src', f.rel), 'utf8'));
        return found ? [`${f.rel}: ${found[0]}`] : [];
      });
    expect(naming).toEqual([]);
  });

  it('every dynamic import() is one of the pinned sites that run at start', () => {
    const found = files.flatMap((f) => dynamicImportSites(f.rel)).sort();
    const hint =
      'src/ gained, lost or changed a dynamic import(). scripts/build.mjs prunes old chunks on the promise that every import() runs at start (its comment on pruneOldChunks): pin one that does in DYNAMIC_IMPORTS with why; make one that may run later a static import.';
    expect(found, hint).toEqual(DYNAMIC_IMPORTS.map(([site]) => site).sort());
  });
});
