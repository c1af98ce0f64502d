/**
 * Where every picture is decoded: child processes (decode-child.ts), one picture each at a time, so that a decoder's
 * native memory and time are never the main process's. Each child is watched: past `memoryCapBytes` of resident memory
 * or `timeLimitMs` it is killed and the picture counts as failed (DecodeFailedError), and a new child is forked for the
 * next picture. `slots` children run general pictures; `keptSlots` more take only small, plainly-sized photos
 * (picture-format.ts isSmallPicture), so hostile pictures filling the general slots never starve the owner's photos.
 * Children are forked when needed and let go after `idleMs` without work.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { RUNS_BUILT, runnablePath } from '../../db/code-location.ts';
import type { DecodeAnswer, DecodeRequest } from './decode-child.ts';
import { ImageTooLargeError, type ScaledImage, type ScaleJob } from './scaled-image.ts';

/** The picture could not be decoded: the decoder's error, or its child killed for memory or time. Kept as a failure. */
export class DecodeFailedError extends Error {}

export interface DecodePoolOptions {
  slots: number;
  keptSlots: number;
  memoryCapBytes: number;
  timeLimitMs: number;
  idleMs: number;
  /** Called as each decode starts (a log line: how a test sees that a remembered failure is never decoded again). */
  onDecode?: (lane: Lane) => void;
}

export type Lane = 'small' | 'general';

export interface DecodePool {
  /** The picture made in a child; ImageTooLargeError over the budget, DecodeFailedError when decoding failed. */
  decode(bytes: Buffer, job: ScaleJob, lane: Lane): Promise<ScaledImage>;
  /** Stops every child (what is waiting or running fails). */
  close(): void;
}

/** The defaults: two general slots and one kept, 512 MB per child, 20 s per picture. */
export const DECODE_POOL_DEFAULTS: DecodePoolOptions = {
  slots: 2,
  keptSlots: 1,
  memoryCapBytes: 512 * 1024 * 1024,
  timeLimitMs: 20_000,
  idleMs: 15_000,
};

const WATCH_MS = 25;

interface Waiting {
  lane: Lane;
  start: () => void;
}

export function createDecodePool(options: DecodePoolOptions = DECODE_POOL_DEFAULTS): DecodePool {
  const idle: ChildProcess[] = [];
  const waiting: Waiting[] = [];
  const running = { small: 0, general: 0 };
  let nextId = 1;
  let closed = false;

  // A general picture takes one of `slots`; a small one any free slot, the kept ones included.
  const mayStart = (lane: Lane) =>
    running.general + running.small < options.slots + options.keptSlots &&
    (lane === 'small' || running.general < options.slots);

  function pump(): void {
    for (let i = 0; i < waiting.length; i++) {
      const next = waiting[i]!;
      if (!mayStart(next.lane)) continue;
      waiting.splice(i, 1);
      i -= 1;
      next.start();
    }
  }

  function takeChild(): ChildProcess {
    const reused = idle.pop();
    if (reused) {
      clearTimeout((reused as ChildProcess & { idleTimer?: NodeJS.Timeout }).idleTimer);
      return reused;
    }
    const child = fork(runnablePath('src/journal/media/decode-child.ts'), [], {
      // The sources run under tsx (vitest, npm run dev); a child does not inherit loaders.
      execArgv: RUNS_BUILT ? ['--max-old-space-size=64'] : ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('error', () => child.kill('SIGKILL'));
    return child;
  }

  function giveBack(child: ChildProcess): void {
    if (closed || child.exitCode !== null || child.signalCode !== null) return void child.kill('SIGKILL');
    const timer = setTimeout(() => {
      idle.splice(idle.indexOf(child), 1);
      child.disconnect();
    }, options.idleMs);
    timer.unref();
    (child as ChildProcess & { idleTimer?: NodeJS.Timeout }).idleTimer = timer;
    idle.push(child);
  }

  function run(bytes: Buffer, job: ScaleJob, child: ChildProcess): Promise<ScaledImage> {
    const id = nextId++;
    return new Promise<ScaledImage>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (keep) giveBack(child);
        else child.kill('SIGKILL');
        outcome();
      };
      const fail = (message: string) => finish(() => reject(new DecodeFailedError(message)), false);
      const onMessage = (answer: DecodeAnswer) => {
        if (answer.id !== id) return;
        if (answer.ok) {
          const image = { data: Buffer.from(answer.data), width: answer.width, height: answer.height };
          finish(() => resolve(image), true);
        } else {
          const error = answer.tooLarge
            ? new ImageTooLargeError(answer.message)
            : new DecodeFailedError(answer.message);
          finish(() => reject(error), true);
        }
      };
      const onExit = () => fail('The decoder stopped while decoding the picture.');
      const watch = setInterval(() => {
        const rss = residentBytes(child.pid);
        if (rss !== null && rss > options.memoryCapBytes)
          fail(`Decoding the picture took more than ${Math.round(options.memoryCapBytes / 2 ** 20)} MB.`);
      }, WATCH_MS);
      const timer = setTimeout(
        () => fail(`Decoding the picture took more than ${options.timeLimitMs / 1000} s.`),
        options.timeLimitMs,
      );
      child.on('message', onMessage);
      child.on('exit', onExit);
      const request: DecodeRequest = { id, bytes, job };
      child.send(request, (error) => {
        if (error) fail(`The picture could not be handed to the decoder: ${error.message}`);
      });
    });
  }

  return {
    decode(bytes, job, lane) {
      if (closed) return Promise.reject(new Error('The decode pool is closed.'));
      return new Promise<ScaledImage>((resolve, reject) => {
        const start = () => {
          if (closed) return reject(new Error('The decode pool is closed.'));
          running[lane] += 1;
          options.onDecode?.(lane);
          run(bytes, job, takeChild())
            .then(resolve, reject)
            .finally(() => {
              running[lane] -= 1;
              pump();
            });
        };
        waiting.push({ lane, start });
        pump();
      });
    },
    close() {
      closed = true;
      for (const child of idle.splice(0)) child.kill('SIGKILL');
      for (const next of waiting.splice(0)) next.start();
    },
  };
}

/** A process's resident memory (VmRSS) in bytes, or null where /proc cannot say (the watch then relies on the budget). */
function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
