/** What the numbers were measured on: machine, versions, date. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { utcMinute } from '../../src/journal/dates/instant-format.ts';

export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  sqlite: string;
  packages: Record<string, string>;
  /** The commit measured, and whether src/ or migrations/ had uncommitted changes. */
  code: string;
}

const PACKAGES = [
  'better-sqlite3',
  'kysely',
  'pg',
  'grammy',
  '@anthropic-ai/sdk',
  '@anthropic-ai/tokenizer',
  '@streamparser/json',
  'tsx',
  'esbuild',
];

function installedVersion(root: string, name: string): string {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

function codeVersion(repoRoot: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = git('status', '--porcelain', '--', 'src', 'migrations') !== '';
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ', with uncommitted changes in src/ or migrations/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function machineInfo(repoRoot: string, now = new Date()): MachineInfo {
  const sqlite = new SQLite(':memory:');
  const version = (sqlite.prepare('select sqlite_version() as v').get() as { v: string }).v;
  sqlite.close();
  return {
    date: `${utcMinute(now)} UTC`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    sqlite: version,
    packages: Object.fromEntries(PACKAGES.map((p) => [p, installedVersion(repoRoot, p)])),
    code: codeVersion(repoRoot),
  };
}

export function formatMachine(m: MachineInfo): string {
  return [
    `- Date: ${m.date}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB RAM, ${m.os}; shared with other work, so timings are noisy`,
    `- Code: ${m.code ?? 'unknown'}`,
    `- Node ${m.node}, SQLite ${m.sqlite}`,
    `- Packages: ${Object.entries(m.packages)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  ].join('\n');
}
