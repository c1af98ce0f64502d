// The timer under digests and reminders: looks never overlap, it sleeps to the earliest due time (capped), and a
// failed look is reported and tried again rather than stopping the timer, and a wake during a look never adds a loop.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDailyTimer } from '../../src/daily/daily-timer.ts';

const start = new Date('2026-03-01T10:00:00Z');

describe('createDailyTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('runs looks one after another, never two at once', async () => {
    let active = 0;
    let most = 0;
    const look = async () => {
      most = Math.max(most, ++active);
      await Promise.resolve();
      active--;
    };
    const timer = createDailyTimer({
      look,
      dueTimes: async () => [],
      clock: () => new Date(),
      maxSleepMs: 60_000,
      lookFailed: () => {},
    });
    await Promise.all([timer.tick(), timer.tick(), timer.tick()]);
    expect(most).toBe(1);
  });

  it('looks at start, then sleeps until the earliest due time, at most maxSleepMs', async () => {
    const looks: number[] = [];
    const timer = createDailyTimer({
      look: async () => void looks.push(Date.now() - start.getTime()),
      dueTimes: async (now) => [now.getTime() + 5_000, now.getTime() + 90_000],
      clock: () => new Date(),
      maxSleepMs: 60_000,
      lookFailed: () => {},
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(looks).toEqual([0, 5_000, 10_000]);
    await timer.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(looks).toHaveLength(3);
  });

  it('reports a failed look and tries again after maxSleepMs', async () => {
    const failures: unknown[] = [];
    let looks = 0;
    const timer = createDailyTimer({
      look: async () => {
        looks++;
        throw new Error('database away');
      },
      dueTimes: async () => [],
      clock: () => new Date(),
      maxSleepMs: 60_000,
      lookFailed: (error) => failures.push(error),
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(looks).toBe(2);
    expect(failures.map((e) => (e as Error).message)).toEqual(['database away', 'database away']);
    await timer.stop();
  });

  it('a wake during a slow look leaves one loop, not two', async () => {
    const looks: number[] = [];
    let finishLook: (() => void) | undefined;
    const timer = createDailyTimer({
      look: async () => {
        looks.push(Date.now() - start.getTime());
        // The first look hangs until the test lets it finish, so wake() lands while it is in progress.
        if (looks.length === 1) await new Promise<void>((resolve) => (finishLook = resolve));
      },
      dueTimes: async () => [],
      clock: () => new Date(),
      maxSleepMs: 60_000,
      lookFailed: () => {},
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toEqual([0]);
    timer.wake();
    await vi.advanceTimersByTimeAsync(1_000);
    finishLook!();
    await vi.advanceTimersByTimeAsync(0);
    // The wake's look ran after the slow one; from then on one loop looks once per maxSleepMs.
    expect(looks).toEqual([0, 1_000]);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(looks).toEqual([0, 1_000, 61_000, 121_000, 181_000]);
    expect(vi.getTimerCount()).toBe(1);
    await timer.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
