/**
 * The loop both background workers (media downloads, transcriptions) run on: claimed jobs only, outcomes counted,
 * runs queued behind one another, a requested wake-up runs its `before` first, and stop waits for the run in hand.
 * The workers' own behaviour is tested through them (test/media/, test/transcription/, test/telegram/transcription).
 */
import { describe, expect, it } from 'vitest';
import { createJobLoop, type FailedOutcome, type JobLoopDeps, type WakeAt } from '../../src/journal/media/job-loop.ts';

interface Job {
  id: number;
  /** What working on it does: finish, or fail for good or for now. */
  fate: 'ok' | 'given_up' | 'postponed';
}

const NOW = new Date('2026-03-01T08:00:00Z');

function loopOver(jobs: Job[], overrides: Partial<JobLoopDeps<Job>> = {}) {
  const worked: number[] = [];
  const events: string[] = [];
  const logger = { info: (e: string) => void events.push(e), error: (e: string) => void events.push(e) };
  const loop = createJobLoop<Job>({
    clock: () => NOW,
    logger,
    runFailedEvent: 'test.run_failed',
    jobsPerRun: 10,
    claimMs: 60_000,
    intervalMs: 60_000,
    due: async () => [...jobs],
    claim: async () => true,
    async work(job) {
      worked.push(job.id);
      if (job.fate !== 'ok') throw new Error(job.fate);
      jobs.splice(jobs.indexOf(job), 1);
    },
    async failed(job): Promise<FailedOutcome> {
      jobs.splice(jobs.indexOf(job), 1);
      return job.fate === 'given_up' ? 'given_up' : 'postponed';
    },
    ...overrides,
  });
  return { loop, worked, events };
}

describe('createJobLoop', () => {
  it('counts done and postponed jobs, gives up without counting, and skips a job another instance claimed', async () => {
    const jobs: Job[] = [
      { id: 1, fate: 'ok' },
      { id: 2, fate: 'postponed' },
      { id: 3, fate: 'given_up' },
      { id: 4, fate: 'ok' },
    ];
    const { loop, worked } = loopOver(jobs, { claim: async (job) => job.id !== 4 });
    expect(await loop.runDue()).toEqual({ done: 1, postponed: 1 });
    expect(worked).toEqual([1, 2, 3]);
  });

  it('queues runs behind one another, so two calls at once work each job once', async () => {
    const jobs: Job[] = [
      { id: 1, fate: 'ok' },
      { id: 2, fate: 'ok' },
    ];
    const { loop, worked } = loopOver(jobs);
    const [first, second] = await Promise.all([loop.runDue(), loop.runDue()]);
    expect(first).toEqual({ done: 2, postponed: 0 });
    expect(second).toEqual({ done: 0, postponed: 0 });
    expect(worked).toEqual([1, 2]);
  });

  it('a wake-up asked for by a failure runs its `before` first, then the due jobs again', async () => {
    const jobs: Job[] = [{ id: 1, fate: 'postponed' }];
    const order: string[] = [];
    let rerun!: () => void;
    const ranAgain = new Promise<void>((resolve) => (rerun = resolve));
    let wakes = 0;
    const { loop } = loopOver(jobs, {
      async failed(job, _error, wakeAt: WakeAt) {
        wakes += 1;
        // The first failure is retried at once (the job made good); the write that would record it "failed".
        job.fate = 'ok';
        if (wakes === 1) wakeAt(NOW, async () => void order.push('before'));
        return 'postponed';
      },
      async work(job) {
        order.push(`work ${job.id} ${job.fate}`);
        if (job.fate !== 'ok') throw new Error('not yet');
        jobs.splice(jobs.indexOf(job), 1);
        rerun();
      },
    });
    expect(await loop.runDue()).toEqual({ done: 0, postponed: 1 });
    await ranAgain;
    expect(order).toEqual(['work 1 postponed', 'before', 'work 1 ok']);
    await loop.stop();
  });

  it('a run that fails whole is logged and the next run goes on', async () => {
    let reads = 0;
    const jobs: Job[] = [{ id: 1, fate: 'ok' }];
    const { loop, events } = loopOver(jobs, {
      due: async () => {
        reads += 1;
        if (reads === 1) throw new Error('database is locked');
        return [...jobs];
      },
    });
    await expect(loop.runDue()).rejects.toThrow('database is locked');
    expect(await loop.runDue()).toEqual({ done: 1, postponed: 0 });
    expect(events).toContain('test.run_failed');
  });

  it('stop waits for the run in hand, which works no further job', async () => {
    const jobs: Job[] = [
      { id: 1, fate: 'ok' },
      { id: 2, fate: 'ok' },
    ];
    let started!: () => void;
    const inFirst = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const worked: number[] = [];
    const { loop } = loopOver(jobs, {
      async work(job) {
        worked.push(job.id);
        started();
        await gate;
      },
    });
    const run = loop.runDue();
    await inFirst;
    const stopped = loop.stop();
    release();
    await stopped;
    expect(await run).toEqual({ done: 1, postponed: 0 });
    expect(worked).toEqual([1]);
  });
});
