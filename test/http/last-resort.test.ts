// The process-wide last resort, in a real process: a promise rejected while serving a request and never handled is
// logged and the server keeps serving; one rejected outside any request still stops the process, as Node's default.
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS, REPO_ROOT, startRecorded } from '../helpers/run-entry-point.ts';

const start = (...args: string[]) =>
  startRecorded(
    [process.execPath, '--import', import.meta.resolve('tsx'), 'test/http/stray-rejection-server.ts', ...args],
    { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '' } },
  );

describe('the last resort', { timeout: PROCESS_TEST_MS }, () => {
  it('logs a stray rejection from a request and keeps serving', async () => {
    const server = start();
    try {
      await waitUntil(
        () => /listening on \d+/.test(server.stdout()) || server.child.exitCode !== null,
        PROCESS_WAIT_MS,
        'the server',
      );
      const port = /listening on (\d+)/.exec(server.stdout())![1];
      expect(await (await fetch(`http://127.0.0.1:${port}/stray`)).text()).toBe('ok');
      await waitUntil(
        () => server.stderr().includes('"event":"http.stray_rejection"'),
        PROCESS_WAIT_MS,
        'the log line',
      );
      expect(server.stderr()).toContain(
        '"server":"test","method":"GET","path":"/stray","error":"Error: a stray fault of a request","hint":"kept serving"',
      );
      expect(await (await fetch(`http://127.0.0.1:${port}/again`)).text()).toBe('ok');
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGTERM');
    }
  });

  it('still stops the process on a rejection outside any request', async () => {
    const result = await start('outside').done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('a fault outside any request');
    expect(result.stderr).not.toContain('http.stray_rejection');
  });
});
