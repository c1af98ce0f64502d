/**
 * Daily digests on a timer over stored subscriptions. The timer only decides when to look; what goes out is decided
 * by a claim on (owner, local day) in SQLite, so a restart, a second process or an early wake never sends a day twice.
 */
import type { DigestStore, DigestSubscription } from './digest-store.ts';
import { dueDays, LATE_LIMIT_MS, nextDue } from './digest-schedule.ts';
import { createDailyTimer, type DailyTimer } from './daily-timer.ts';
import { errorReason } from '../log/error-message.ts';
import { sendClaimedDay, type DailySendOutcome } from './daily-send.ts';

type LogFields = Record<string, string | number | boolean | null | undefined>;

/** What sending one digest came to. `rejected`: Telegram answered with an error, so nothing reached the chat. */
export type DeliveryOutcome = DailySendOutcome;

/** Composes and sends the owner's digest for a local day; throws when it cannot tell whether it was delivered. */
export type DeliverDigest = (subscription: DigestSubscription, day: string) => Promise<DeliveryOutcome>;

export interface DigestSchedulerDeps {
  store: DigestStore;
  deliver: DeliverDigest;
  clock: () => Date;
  timeZone: string;
  logger: { info(event: string, fields?: LogFields): void; error(event: string, fields?: LogFields): void };
  /** Longest sleep between looks, so a changed clock or a missed timer costs at most this. */
  maxSleepMs?: number;
}

/** A day Telegram refused (e.g. a hiccup, not a maybe-delivered one) is tried again on later looks, this many times in all. */
export const MAX_ATTEMPTS = 3;

/** Sends every digest due and not yet claimed on each look; skips those past the late limit (12 h). */
export type DigestScheduler = DailyTimer;

export function createDigestScheduler(deps: DigestSchedulerDeps): DigestScheduler {
  const { store, clock, timeZone, logger } = deps;
  const send = { event: 'digest', finish: store.finish.bind(store), clock, logger };
  const deliverDay = async (sub: DigestSubscription, day: string) => {
    if (!(await store.claim(sub.ownerId, day, clock(), MAX_ATTEMPTS))) return;
    await sendClaimedDay(send, sub.ownerId, day, () => deps.deliver(sub, day));
  };

  const tickOnce = async () => {
    const now = clock();
    for (const sub of await store.list()) {
      for (const due of dueDays(sub, now, timeZone)) {
        if (due.lateMs >= LATE_LIMIT_MS) {
          const late = Math.round(due.lateMs / 60_000);
          if (await store.skip(sub.ownerId, due.day, `${late} minutes late`, now))
            logger.info('digest.skipped_late', { owner_id: sub.ownerId, day: due.day, late_minutes: late });
          continue;
        }
        try {
          await deliverDay(sub, due.day);
        } catch (error) {
          // One owner's failure (the database, composing) must not stop the others' digests.
          logger.error('digest.failed', { owner_id: sub.ownerId, day: due.day, error: errorReason(error) });
        }
      }
    }
  };

  return createDailyTimer({
    look: tickOnce,
    dueTimes: async (now) => (await store.list()).map((s) => nextDue(s.localTime, now, timeZone).getTime()),
    clock,
    maxSleepMs: deps.maxSleepMs ?? 60_000,
    lookFailed: (error) => logger.error('digest.look_failed', { error: errorReason(error) }),
  });
}
