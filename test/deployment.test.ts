// The deployment files docs/deploying.md describes (Dockerfile, compose.yaml, .dockerignore) stay in step with
// package.json. Docker does not run in the test suite: this reads the files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-entry-point.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  license?: string;
  engines: { node: string };
  scripts: Record<string, string>;
};
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const instructions = dockerfile.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
const instruction = (name: string) =>
  instructions.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1).trim());

/** The block of one top-level service in compose.yaml, its lines without the service's own indentation. */
function service(name: string): string {
  const lines = compose.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  expect(start, `compose.yaml has no service ${name}`).toBeGreaterThan(-1);
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() !== '' && !line.startsWith('    ')) break;
    body.push(line.slice(4));
  }
  return body.join('\n');
}

describe('deployment files', () => {
  it('the license is MIT, in LICENSE and package.json alike', () => {
    expect(pkg.license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n/);
  });

  it('the Dockerfile runs what npm start runs, with node as PID 1', () => {
    const startTarget = /node .*?(dist\/\S+\.js)$/.exec(pkg.scripts.start!)?.[1];
    expect(startTarget, 'npm start runs a dist/ entry point').toBeDefined();
    expect(pkg.scripts.start).toMatch(/^exec node /);
    expect(instruction('CMD')).toEqual([JSON.stringify(['node', startTarget]).replace(/,/g, ', ')]);
  });

  it('the Dockerfile installs with npm ci (install scripts after, the native addons compiled) and builds dist/ with npm run build', () => {
    expect(
      instruction('RUN').some((r) =>
        r.startsWith('npm ci --ignore-scripts && npm rebuild better-sqlite3 better-sqlite3-multiple-ciphers'),
      ),
    ).toBe(true);
    expect(instruction('RUN')).toContain('npm run build');
    expect(pkg.scripts.prepare).toBe(pkg.scripts.build);
    expect(pkg.scripts.build).toBe('node scripts/build.mjs');
  });

  it("the Dockerfile's Node is one package.json's engines accept", () => {
    const major = Number(/^node:(\d+)/.exec(instruction('FROM')[0] ?? '')?.[1]);
    // engines names each supported major ("^20.19.0 || ^22.12.0 || ^24.0.0"): an image tagged by major alone carries
    // that major's latest release.
    const accepted = pkg.engines.node.split('||').map((range) => range.trim());
    const fits = accepted.some((range) =>
      range.startsWith('^')
        ? Number(range.slice(1).split('.')[0]) === major
        : range.startsWith('>=') && major >= Number(range.slice(2).split('.')[0]),
    );
    expect(fits, `node:${major} against engines ${pkg.engines.node}`).toBe(true);
  });

  it('the journal lives in the volume, and the bot does not run as root', () => {
    expect(instruction('ENV')).toContain('DATABASE_PATH=/data/journal.sqlite');
    expect(instruction('VOLUME')).toEqual(['/data']);
    expect(instruction('USER')).toEqual(['node']);
  });

  it('.dockerignore keeps dependencies, builds, journals and secrets out of the image', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['node_modules', 'dist', 'data', '.env', '.git', '*.sqlite']) expect(ignored).toContain(entry);
  });

  it('compose.yaml builds the bot and points DATABASE_URL at its PostgreSQL service, with the same credentials', () => {
    const bot = service('bot');
    const db = service('db');
    expect(bot).toMatch(/^build: \.$/m);
    expect(bot).toMatch(/^env_file: \.env$/m);
    const url = /DATABASE_URL: postgres:\/\/(\w+):(\$\{POSTGRES_PASSWORD[^}]*\})@db:5432\/(\w+)$/m.exec(bot);
    expect(url, 'DATABASE_URL: postgres://<user>:${POSTGRES_PASSWORD…}@db:5432/<database>').not.toBeNull();
    expect(db).toContain(`POSTGRES_USER: ${url![1]}`);
    expect(db).toContain(`POSTGRES_PASSWORD: ${url![2]}`);
    expect(db).toContain(`POSTGRES_DB: ${url![3]}`);
    // docs/deploying.md: PostgreSQL 13 or newer, UTF-8 with a UTF-8 locale (search folds case with it).
    expect(Number(/^image: postgres:(\d+)$/m.exec(db)?.[1])).toBeGreaterThanOrEqual(13);
    expect(db).toMatch(/POSTGRES_INITDB_ARGS: --encoding=UTF8 --locale=C\.UTF-8/);
    expect(bot).toMatch(/condition: service_healthy/);
    expect(db).toMatch(/pg_isready -U journal -d journal/);
  });

  it('compose.yaml gives the bot more than the 10 s it takes to stop, as docs/deploying.md says', () => {
    const grace = /^stop_grace_period: (\d+)s$/m.exec(service('bot'))?.[1];
    expect(Number(grace)).toBeGreaterThan(10);
    expect(read('docs/deploying.md')).toContain(`stop_grace_period: ${grace}s`);
  });

  it('the Dockerfile installs dependencies before copying the code, runs production dependencies only, and checks health', () => {
    const lines = instructions.join('\n');
    expect(lines.indexOf('COPY package.json package-lock.json ./')).toBeLessThan(lines.indexOf('COPY . .'));
    expect(instruction('FROM').length).toBeGreaterThanOrEqual(2);
    expect(instruction('RUN').some((r) => r.includes('npm prune --omit=dev') || r.includes('npm ci --omit=dev'))).toBe(
      true,
    );
    // The build leftovers and TypeScript go too: the same steps test/build/runtime-prune.test.ts runs on a copy.
    expect(instruction('RUN')).toContain('npm prune --omit=dev && sh scripts/prune-runtime.sh node_modules');
    expect(instruction('COPY')).toContain('scripts/prune-runtime.sh ./scripts/prune-runtime.sh');
    // The image that runs is the last stage: built from no stage that copied the sources whole.
    expect(instruction('FROM').at(-1)).toMatch(/^node:\d+-bookworm-slim$/);
    expect(instruction('HEALTHCHECK')[0]).toMatch(/CMD \["node", "scripts\/healthcheck\.mjs"\]$/);
    expect(instruction('COPY')).toContain('scripts/healthcheck.mjs ./scripts/healthcheck.mjs');
  });

  it('compose.yaml sets the journal zone, the web port and a named volume, and .env.example names every variable it reads', () => {
    const bot = service('bot');
    expect(bot).toMatch(/^ {2}JOURNAL_TIMEZONE: \$\{JOURNAL_TIMEZONE:\?/m);
    expect(bot).toMatch(/^ {2}WEB_PORT: /m);
    expect(bot).toMatch(/^ {2}WEB_HOST: /m);
    expect(bot).toMatch(/- journal-files:\/data$/m);
    expect(compose).toMatch(/^volumes:\n(?: {2}[\w-]+:\n?)*? {2}journal-files:/m);
    const example = read('.env.example');
    const used = [...new Set([...compose.matchAll(/\$\{(\w+)/g)].map((m) => m[1]!))];
    for (const name of used) expect(example, `.env.example names ${name}`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it(".env.example's ports do not clash: the Bot API server's is neither PORT's nor WEB_PORT's default", () => {
    const example = read('.env.example');
    const apiPort = /TELEGRAM_API_ROOT=http:\/\/[\d.]+:(\d+)/.exec(example)?.[1];
    const port = /PORT=(\d+)/.exec(example.split('\n').find((l) => /^# ?PORT=/.test(l)) ?? '')?.[1];
    const webPort = /WEB_PORT=(\d+)/.exec(example)?.[1];
    expect(new Set([apiPort, port, webPort]).size).toBe(3);
  });

  it('docs/deploying.md names each file', () => {
    const doc = read('docs/deploying.md');
    for (const file of ['Dockerfile', 'compose.yaml', '.dockerignore']) expect(doc).toContain(`(../${file})`);
    // Import, the web view and a backup, each through docker compose.
    for (const command of [
      'docker compose run --rm bot node dist/cli/import.js',
      'docker compose run --rm -p 127.0.0.1:8081:8081 bot node dist/cli/web.js',
      'pg_dump',
    ])
      expect(doc).toContain(command);
  });
});
