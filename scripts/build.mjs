// The compiled build: esbuild bundles each entry point into dist/, mirroring the sources (src/main.ts →
// dist/main.js, src/cli/journal.ts → dist/cli/journal.js, migrations/x.ts → dist/migrations/x.js), with the code
// they share split into dist/chunks/. The pure-JavaScript packages are bundled too: loading kysely, zod, grammY or
// an SDK module by module costs node hundreds of file reads and module records per start (kysely alone ~0.3 s),
// one chunk costs a few milliseconds. Native addons and packages that find their own files at run time stay
// imports of node_modules (NOT_BUNDLED). Code behind a dynamic import() lands in its own chunk, loaded when used
// (only ever at start: see pruneOldChunks).
//
//   node scripts/build.mjs            builds (npm ci runs it as "prepare")
//   node scripts/build.mjs --check    exits 1 and says what to run when dist/ is older than the sources
//
// The npm scripts start `node --import ./scripts/fresh-build.mjs dist/…`: that preload rebuilds first when a source
// changed (buildIfStale below), so a source change is never run stale; when fresh it costs a few milliseconds.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp');

/** What the build reads: a change to any of these (a file added, removed, touched) makes dist/ stale. */
const INPUT_DIRS = ['src', 'migrations'];
const INPUT_FILES = ['package.json', 'tsconfig.json', 'scripts/build.mjs'];

/**
 * Packages left as imports of node_modules: native addons (a .node file beside their code), pg (loaded only when a
 * PostgreSQL store opens, see db/postgres/open-postgres.ts, with its optional native half), the font files the stats
 * picture resolves by path, the build and TypeScript tools themselves, and node-fetch (grammY's HTTP client): it
 * calls url.parse() and, through whatwg-url, the punycode builtin, which Node 22+ warns about (DEP0169, DEP0040) at
 * every request from code outside node_modules, as bundled code is.
 */
const NOT_BUNDLED = [
  'sharp',
  'better-sqlite3',
  'better-sqlite3-multiple-ciphers',
  '@resvg/resvg-js',
  'pg',
  'pg-native',
  'dejavu-fonts-ttf',
  'esbuild',
  'tsx',
  'node-fetch',
];

/**
 * Bundled CommonJS packages call require() for node's own modules; an ES module has none, so each output file
 * defines one first. The name is esbuild's own shim's first choice (`typeof require`), and no module of ours
 * declares a top-level `require` (test/build/compiled-build.test.ts checks the build runs).
 */
const REQUIRE_BANNER =
  "import { createRequire as __createRequireForBundle } from 'node:module'; const require = __createRequireForBundle(import.meta.url);";

/** Entry points started by our code rather than by a script: the importer's parse worker (a worker thread), the decode pool's child. */
const CODE_STARTED = ['importer/telegram-export/parse-worker.js', 'journal/media/decode-child.js'];

/** The source of a file in dist/: src/ for our code, the same path for migrations. */
export function sourceOf(distRelative) {
  const ts = distRelative.replace(/\.js$/, '.ts');
  return ts.startsWith('migrations/') ? ts : `src/${ts}`;
}

/** What package.json's scripts run from dist/ (main.js, cli/*.js): the commands people and services start. */
function commandEntries() {
  const scripts = Object.values(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts ?? {});
  return [...new Set(scripts.flatMap((s) => [...String(s).matchAll(/\bdist\/([\w./-]+\.js)\b/g)].map((m) => m[1])))];
}

/** Every entry point: the commands, the code-started ones, and every migration. */
export function entryPoints() {
  const migrations = listFiles('migrations')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, '.js'));
  return [...new Set([...commandEntries(), ...CODE_STARTED, ...migrations])].sort();
}

/**
 * A command's file in dist/ is a launcher: it turns on Node's on-disk compile cache (Node 22.1+; a no-op on Node 20)
 * and then imports the command's bundle (`<name>.app.js`), so that the bundle and its chunks are compiled from the
 * cache on every start after the first. It must come first: a module's static imports are compiled before any of
 * its code runs. The cache holds compiled code only (in the system's temp folder), never journal data.
 */
const launcherOf = (
  bundle,
) => `// Built by scripts/build.mjs: Node's compile cache on (Node 22.1+), then the command itself.
import module from 'node:module';
module.enableCompileCache?.();
await import('./${bundle}');
`;
const appBundleOf = (entry) => entry.replace(/\.js$/, '.app.js');

function listFiles(dir) {
  const full = path.join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) =>
      path
        .relative(ROOT, path.join(d.parentPath ?? d.path, d.name))
        .split(path.sep)
        .join('/'),
    );
}

/**
 * The name, size and modification time of every input, one line each: stat calls only (no reading, no hashing, so a
 * fresh check takes milliseconds), and a file added, removed, edited or touched changes it.
 */
export function inputFingerprint() {
  return [...INPUT_DIRS.flatMap(listFiles), ...INPUT_FILES]
    .sort()
    .map((file) => {
      const s = statSync(path.join(ROOT, file), { throwIfNoEntry: false });
      return `${file} ${s ? `${s.size} ${s.mtimeMs}` : '-'}`;
    })
    .join('\n');
}

export function isFresh() {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === inputFingerprint();
}

/** Builds every entry point; each file is written whole and renamed into place, so a running start never reads half of one. */
export async function build({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const started = performance.now();
  const fingerprint = inputFingerprint(); // before reading: an edit during the build leaves it stale, not stamped fresh
  const { build: esbuild } = await import('esbuild');
  const entries = entryPoints();
  const commands = new Set(commandEntries());
  const missing = entries.filter((e) => !existsSync(path.join(ROOT, sourceOf(e))));
  if (missing.length)
    throw new Error(
      `package.json runs ${missing.map((e) => `dist/${e}`).join(', ')}, but there is no ${missing.map(sourceOf).join(', ')}`,
    );
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: entries.map((e) => ({
      in: sourceOf(e),
      out: (commands.has(e) ? appBundleOf(e) : e).replace(/\.js$/, ''),
    })),
    outdir: DIST,
    bundle: true,
    external: NOT_BUNDLED,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: REQUIRE_BANNER },
    // Packages check classes by name (node-fetch, under grammY, takes a signal only if its class is named
    // AbortSignal); without this esbuild renames a class that collides with a global, and grammY's requests fail.
    keepNames: true,
    // Half the bytes for node to read, decode and compile at each start (the MCP server starts ~10 % sooner);
    // names are kept and the linked source maps lead back to the sources (node --enable-source-maps).
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'silent',
  });
  // Chunks before the entry points that import them, so a start racing the build never finds a missing chunk.
  const chunksFirst = [...result.outputFiles].sort((a, b) => Number(!isChunk(a.path)) - Number(!isChunk(b.path)));
  for (const file of chunksFirst) writeWhole(file.path, file.contents);
  // The launchers last: each imports a bundle written above.
  for (const entry of commands) writeWhole(path.join(DIST, entry), launcherOf(path.basename(appBundleOf(entry))));
  pruneOldChunks(new Set(result.outputFiles.map((f) => f.path)));
  await buildMcpApps(esbuild);
  writeFileSync(STAMP, fingerprint);
  log(`built ${entries.length} entry points into dist/ in ${Math.round(performance.now() - started)} ms`);
}

/**
 * The MCP Apps (src/mcp/app/): each view's browser code bundled (the ext-apps SDK included) and inlined into its
 * HTML, one self-contained file per view in dist/mcp/app/, which the MCP servers serve as a ui:// resource. A host
 * renders it in a sandbox that allows no outside requests, so nothing may be left to load. An App is found by its
 * names, as its declaration in src/mcp/tools/ gives them (McpAppPage.page): <page>.html with <page>-app.ts beside it
 * (test/mcp/mcp-tools.test.ts pins that every declared App is built and served).
 */
const APP_FOLDER = 'src/mcp/app';
export const MCP_APPS = readdirSync(path.join(ROOT, APP_FOLDER))
  .filter(
    (file) => file.endsWith('.html') && existsSync(path.join(ROOT, APP_FOLDER, file.replace(/\.html$/, '-app.ts'))),
  )
  .sort()
  .map((file) => ({
    script: `${APP_FOLDER}/${file.replace(/\.html$/, '-app.ts')}`,
    page: `${APP_FOLDER}/${file}`,
    out: `mcp/app/${file}`,
  }));

/**
 * zod (which the SDK's schemas use) re-exports every locale's messages, a third of the App's bytes; the App shows
 * no zod message to a person, so only English (zod's default) is bundled.
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: 'zod-locales', namespace: 'english-zod-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'english-zod-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: ROOT,
    }));
  },
};

async function buildMcpApps(esbuild) {
  for (const { script, page, out } of MCP_APPS) {
    const bundled = await esbuild({
      absWorkingDir: ROOT,
      entryPoints: [script],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      plugins: [englishZodOnly],
      write: false,
      logLevel: 'silent',
    });
    // Inside <script>, "</script" would end the element early; "<\/script" reads the same to JavaScript.
    const code = bundled.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
    const html = readFileSync(path.join(ROOT, page), 'utf8').replace('/*APP_SCRIPT*/', () => code);
    writeWhole(path.join(DIST, out), html);
  }
}

/** Writes a file whole or not at all (a temporary file renamed in): a start racing the build never reads half of one. */
function writeWhole(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

const CHUNKS = path.join(DIST, 'chunks');
const CHUNK_LIST = path.join(DIST, '.build-chunks.json');
const isChunk = (file) => file.startsWith(CHUNKS + path.sep);

/**
 * Chunk names carry a hash, so each build that changes shared code adds files: those neither this build nor the one
 * before it uses are removed. The one before keeps its chunks because a start that read its entry point just before
 * this build renamed the new one in still imports them. (Every dynamic import() in our code runs at start, never
 * hours later, so no longer-running process needs an older build's chunks; test/architecture.test.ts pins each one.)
 */
function pruneOldChunks(current) {
  const names = [...current].filter(isChunk).map((file) => path.basename(file));
  const previous = existsSync(CHUNK_LIST) ? (JSON.parse(readFileSync(CHUNK_LIST, 'utf8')).current ?? []) : [];
  writeFileSync(CHUNK_LIST, JSON.stringify({ current: names }));
  const keep = new Set([...names, ...previous]);
  for (const name of existsSync(CHUNKS) ? readdirSync(CHUNKS) : []) {
    if (!keep.has(name)) rmSync(path.join(CHUNKS, name), { force: true });
  }
}

/** Rebuilds when a source changed since the last build; says why on stderr (stdout may carry JSON or MCP). */
export async function buildIfStale() {
  if (isFresh()) return false;
  process.stderr.write(
    `${existsSync(STAMP) ? 'The sources changed since the last build' : 'No build yet'}: building dist/ (node scripts/build.mjs)…\n`,
  );
  await build();
  return true;
}

/** esbuild's errors as "file:line:col: text" lines, the way a compiler prints them. */
export function buildErrorText(error) {
  const errors = error?.errors ?? [];
  if (!errors.length) return String(error?.message ?? error);
  return errors
    .map((e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ''}${e.text}`)
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    if (args.includes('--check')) {
      if (!isFresh()) {
        console.error(
          'dist/ is older than the sources: run `node scripts/build.mjs` (npm start and the other scripts do it themselves).',
        );
        process.exit(1);
      }
    } else if (args.length) {
      console.error('Usage: node scripts/build.mjs [--check]');
      process.exit(2);
    } else await build();
  } catch (error) {
    console.error(`The build failed:\n${buildErrorText(error)}`);
    process.exit(1);
  }
}
