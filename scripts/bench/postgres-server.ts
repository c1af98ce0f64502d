/**
 * A throwaway PostgreSQL server for the postgres bench part: a temp data dir, initdb and pg_ctl (as the `postgres`
 * user when we are root: the server refuses to run as root), loopback only, a free port, no fsync (the cluster is
 * gone when the part ends). `stop()` stops it and deletes the dir; the caller calls it in a finally, so a failed
 * measurement stops the server too. When no server can be had, `startPostgres` throws saying why.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PostgresServer {
  url: string;
  version: string;
  stop(): void;
}

function findBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(`no PostgreSQL server binaries under ${root} (install them with: apt-get install -y postgresql)`);
  return path.join(root, newest, 'bin');
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

export async function startPostgres(log: (line: string) => void = () => undefined): Promise<PostgresServer> {
  const bin = findBin();
  const root = process.getuid?.() === 0;
  let uid: number | undefined;
  if (root) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0)
      throw new Error('running as root and there is no `postgres` user to run the PostgreSQL server as');
    uid = Number(id.stdout.trim());
  }
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const r = spawnSync(file, argv, { encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(
        `${cmd} failed (${r.status ?? r.signal}): ${(r.stderr || r.stdout || String(r.error ?? '')).trim().slice(-800)}`,
      );
    return r.stdout;
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  if (uid !== undefined) chownSync(dir, uid, 0);
  const data = path.join(dir, 'db');
  let started = false;
  const stop = () => {
    if (started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        log(`stopping PostgreSQL: ${error instanceof Error ? error.message : String(error)}`);
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const port = await freePort();
    const settings = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=256MB -c maintenance_work_mem=256MB`;
    try {
      started = true;
      run('pg_ctl', ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-t', '60', '-o', settings, 'start']);
    } catch (error) {
      const serverLog = existsSync(path.join(data, 'server.log'))
        ? readFileSync(path.join(data, 'server.log'), 'utf8').slice(-800)
        : '';
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${serverLog}`, { cause: error });
    }
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'journal_bench']);
    const version = /\d+\.\d+/.exec(run('postgres', ['--version']))?.[0] ?? '?';
    const url = `postgres://postgres@127.0.0.1:${port}/journal_bench`;
    log(`PostgreSQL ${version} on 127.0.0.1:${port} (throwaway cluster in ${dir})`);
    return { url, version, stop };
  } catch (error) {
    stop();
    throw new Error(
      `could not start a throwaway PostgreSQL server: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
