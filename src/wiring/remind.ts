/** /remind's setting and buttons, and the scheduler that sends the reminders through the bot once it is built. */
import { createReminderStore } from '../daily/reminder-store.ts';
import { wroteOn } from '../journal/memories.ts';
import { createReminderScheduler, type ReminderScheduler } from '../daily/reminder-scheduler.ts';
import { SNOOZE_MS } from '../daily/reminder-schedule.ts';
import { createReminderDelivery } from '../telegram/reminder-delivery.ts';
import type { ReminderSettings, WritingPrompts } from '../telegram/bot-deps.ts';
import { dailyTimeSetting } from './daily-time-setting.ts';
import type { Wiring } from './wiring.ts';

/** The bot's API the scheduler sends through. */
type Api = Parameters<typeof createReminderDelivery>[0];

export interface ReminderWiring {
  settings: ReminderSettings;
  /** Once the bot is built: the scheduler, sending through its API; a changed time or a snooze wakes it from then on. */
  schedule(api: Api, prompts: WritingPrompts): ReminderScheduler;
}

export function remindersOf({ db, clock, config, logger }: Wiring): ReminderWiring {
  const store = createReminderStore(db);
  let scheduler: ReminderScheduler | undefined;
  return {
    settings: {
      ...dailyTimeSetting(store, { clock, config }, () => scheduler?.wake()),
      async snooze(ownerId, day) {
        const now = clock();
        const done = await store.snooze(ownerId, day, new Date(now.getTime() + SNOOZE_MS), now);
        if (done) scheduler?.wake();
        return done;
      },
      skip: (ownerId, day) => store.skip(ownerId, day, clock()),
    },
    schedule(api, prompts) {
      scheduler = createReminderScheduler({
        store,
        deliver: createReminderDelivery(api, prompts),
        wroteOn: (ownerId, day) => wroteOn(db, ownerId, day),
        clock,
        journalClock: { timeZone: config.journalTimezone, dayStartsAt: config.journalDayStartsAt },
        logger,
      });
      return scheduler;
    },
  };
}
