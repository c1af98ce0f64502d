// npm run fuzz as a real process: --help prints the usage and runs nothing; a stopped run leaves no temp files.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const SCRIPT = path.join(REPO_ROOT, 'scripts/fuzz.mjs');

describe('npm run fuzz', () => {
  it('--help prints the usage and exits 0; an unknown option exits 2', () => {
    const help = spawnSync(process.execPath, [SCRIPT, '--help'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run fuzz -- \[--scale/);
    expect(help.stdout).not.toMatch(/fuzz: scale/);
    const bogus = spawnSync(process.execPath, [SCRIPT, '--scael', '3'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toMatch(/Unknown option --scael/);
  });

  it('stopped mid-run, it removes its temp folder (the suite writes there too)', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'fuzz-script-'));
    try {
      const child = spawn(process.execPath, [SCRIPT, '--scale', '1', '--no-write'], {
        cwd: REPO_ROOT,
        env: { ...process.env, TMPDIR: tmp },
        stdio: 'pipe',
      });
      const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      // Wait for the run's folder to fill (the vitest run has begun writing), then stop it.
      const deadline = Date.now() + 60_000;
      const entries = () => readdirSync(tmp).flatMap((d) => readdirSync(path.join(tmp, d)));
      while (entries().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(entries().length).toBeGreaterThanOrEqual(2);
      child.kill('SIGTERM');
      expect(await closed).toBe(130);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 90_000);
});
