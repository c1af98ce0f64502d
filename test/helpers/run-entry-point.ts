// Runs one of our entry points (src/main.ts, src/cli/*.ts) as a real process, from a temp cwd so that a developer's
// own .env never leaks into a test. It runs the compiled build (`node dist/main.js`), as `npm start` and deployments
// do: a bundle starts in a fraction of a second, where tsx compiles hundreds of modules at every start (1.5-3 s of
// CPU, most of the suite's time once). test/global-setup.ts rebuilds dist/ first when a source changed, so a test never
// runs stale code. TEST_RUN_SOURCE=1 runs the sources under tsx instead (docs/development.md).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX_LOADER = import.meta.resolve('tsx');

/**
 * How long a test of a real process may take, and the ceiling of one wait on it (a line, a call, a row). A start
 * under tsx (TEST_RUN_SOURCE=1) compiles TypeScript: seconds on a loaded machine. Tests wait on events, so a quiet
 * run stays fast; these only bound a hang.
 */
export const PROCESS_TEST_MS = 150_000;
export const PROCESS_WAIT_MS = 60_000;

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  done: Promise<RunResult>;
}

/** What follows node to run `script` (a path under src/): its bundle, or the source under tsx with TEST_RUN_SOURCE=1. */
export function entryPointArgs(script: string): string[] {
  if (process.env.TEST_RUN_SOURCE === '1') return ['--import', TSX_LOADER, path.join(REPO_ROOT, script)];
  return [path.join(REPO_ROOT, 'dist', script.replace(/^src\//, '').replace(/\.ts$/, '.js'))];
}

export function startEntryPoint(
  script: string,
  args: string[],
  options: {
    env?: Record<string, string>;
    cwd: string;
    stdin?: string;
    /** A command the process runs under, e.g. strace and its flags. */ wrapper?: string[];
  },
): RunningProcess {
  const command = [...(options.wrapper ?? []), process.execPath, ...entryPointArgs(script), ...args];
  const running = startRecorded(command, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', JOURNAL_TIMEZONE: 'UTC', ...options.env },
  });
  if (options.stdin !== undefined) running.child.stdin!.end(options.stdin);
  return running;
}

/** Starts `command` (its program first) with exactly `env`, recording what it writes on stdout and stderr. */
export function startRecorded(
  command: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): RunningProcess {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const done = new Promise<RunResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err })),
  );
  return { child, stdout: () => out, stderr: () => err, done };
}

export function runEntryPoint(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; cwd: string; stdin?: string },
): Promise<RunResult> {
  return startEntryPoint(script, args, options).done;
}
