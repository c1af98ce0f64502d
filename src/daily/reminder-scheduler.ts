/**
 * Daily reminders to write, on a timer over stored settings: the digest's pattern (daily/digest-scheduler.ts). The
 * timer only decides when to look; what goes out is decided by a claim on (owner, journal day) in the database, so a
 * restart, a second instance or an early wake never sends a day twice. A cron library (croner) would only replace the
 * timer, and would still need this claim for several instances and restarts, and a look at start for a missed time:
 * one sleep to the next due time (at most a minute) is simpler and behaves the same across DST changes, because the
 * due instant comes from the journal's date layer, not from a wall clock ticking.
 */
import type { ReminderStore, ReminderSubscription } from './reminder-store.ts';
import { localDay } from '../journal/dates/local-moment.ts';
import { dueReminderDay, nextReminderDue, type ReminderClock } from './reminder-schedule.ts';
import { createDailyTimer, type DailyTimer } from './daily-timer.ts';
import { errorMessage } from '../log/error-message.ts';
import { sendClaimedDay, type DailySendOutcome } from './daily-send.ts';

type LogFields = Record<string, string | number | boolean | null | undefined>;

/** What sending one reminder came to. `rejected`: Telegram answered with an error, so nothing reached the chat. */
export type ReminderOutcome = DailySendOutcome;

/** Sends the owner's reminder for a journal day; throws when it cannot tell whether it was delivered. */
export type DeliverReminder = (subscription: ReminderSubscription, day: string) => Promise<ReminderOutcome>;

export interface ReminderSchedulerDeps {
  store: ReminderStore;
  deliver: DeliverReminder;
  /** Whether the owner has an entry on that journal day (then no reminder goes out). */
  wroteOn(ownerId: number, day: string): Promise<boolean>;
  clock: () => Date;
  journalClock: ReminderClock;
  logger: { info(event: string, fields?: LogFields): void; error(event: string, fields?: LogFields): void };
  /** Longest sleep between looks, so a changed clock, a snooze or a missed timer costs at most this. */
  maxSleepMs?: number;
}

/** A reminder Telegram refused is tried again on later looks, this many times in all. */
export const REMINDER_MAX_ATTEMPTS = 3;

/** Sends every reminder due and not yet claimed on each look; wake() after /remind changed a time, or a snooze. */
export type ReminderScheduler = DailyTimer;

const messageOf = (error: unknown) => errorMessage(error);

export function createReminderScheduler(deps: ReminderSchedulerDeps): ReminderScheduler {
  const { store, clock, logger, journalClock } = deps;
  const send = { event: 'reminder', finish: store.finish.bind(store), clock, logger };
  const remindDay = async (sub: ReminderSubscription, day: string) => {
    if (!(await store.claim(sub.ownerId, day, clock(), REMINDER_MAX_ATTEMPTS))) return;
    // Checked once the day is ours: an owner who wrote gets nothing, and the day is settled.
    if (await deps.wroteOn(sub.ownerId, day)) {
      await store.finish(sub.ownerId, day, { status: 'wrote' }, clock());
      logger.info('reminder.not_needed', { owner_id: sub.ownerId, day });
      return;
    }
    await sendClaimedDay(send, sub.ownerId, day, () => deps.deliver(sub, day));
  };

  const tickOnce = async () => {
    const now = clock();
    for (const sub of await store.list()) {
      try {
        const due = dueReminderDay(sub, now, journalClock);
        if (due) {
          await remindDay(sub, due.day);
          continue;
        }
        // A snoozed reminder is due again an hour after the button, on the same journal day only.
        const day = localDay(now, journalClock.timeZone, journalClock.dayStartsAt);
        const state = await store.status(sub.ownerId, day);
        if (state?.status === 'snoozed' && state.dueAgainAt !== null && state.dueAgainAt <= now.toISOString())
          await remindDay(sub, day);
      } catch (error) {
        // One owner's failure (the database, composing) must not stop the others' reminders.
        logger.error('reminder.failed', { owner_id: sub.ownerId, error: messageOf(error) });
      }
    }
  };

  return createDailyTimer({
    look: tickOnce,
    dueTimes: async (now) => {
      const dues = (await store.list()).map((s) => nextReminderDue(s.localTime, now, journalClock).getTime());
      const snooze = await store.nextSnooze(now);
      if (snooze !== undefined) dues.push(new Date(snooze).getTime());
      return dues;
    },
    clock,
    maxSleepMs: deps.maxSleepMs ?? 60_000,
    lookFailed: (error) => logger.error('reminder.look_failed', { error: messageOf(error) }),
  });
}
