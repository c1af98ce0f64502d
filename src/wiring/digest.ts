/** /digest's setting and the scheduler that sends the digests through the bot once it is built. */
import { createDigestStore } from '../daily/digest-store.ts';
import { createDigestScheduler, type DigestScheduler } from '../daily/digest-scheduler.ts';
import { errorMessage } from '../log/error-message.ts';
import { createDigestDelivery } from '../telegram/digest-delivery.ts';
import type { DigestSettings, JournalReads, StatsPictures } from '../telegram/bot-deps.ts';
import { dailyTimeSetting } from './daily-time-setting.ts';
import type { Wiring } from './wiring.ts';

/** The bot's API the scheduler sends through. */
type Api = Parameters<typeof createDigestDelivery>[0];

export interface DigestWiring {
  settings: DigestSettings;
  /** Once the bot is built: the scheduler, sending through its API; a changed time wakes it from then on. */
  schedule(api: Api, reads: { journal: JournalReads; stats: StatsPictures; offerReview: boolean }): DigestScheduler;
}

export function digestsOf({ db, clock, config, logger }: Wiring): DigestWiring {
  const store = createDigestStore(db);
  let scheduler: DigestScheduler | undefined;
  return {
    settings: dailyTimeSetting(store, { clock, config }, () => scheduler?.wake()),
    schedule(api, { journal, stats, offerReview }) {
      // Without the AI there is no review to offer on Sundays.
      const failed = (error: unknown) => logger.error('digest.picture_failed', { error: errorMessage(error) });
      const deliver = createDigestDelivery(api, journal, { offerReview, week: { stats, failed } });
      scheduler = createDigestScheduler({ store, deliver, clock, timeZone: config.journalTimezone, logger });
      return scheduler;
    },
  };
}
