/**
 * The setting /digest and /remind share, a daily time turned on, moved or off, over its store. Each one's scheduler
 * is built only once the bot is, so a changed time reaches it through `wake`, which does nothing until then.
 */
import type { dailyTimeStore } from '../daily/daily-time-store.ts';
import type { DailyTimeSetting } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

type DailyTimeStore = Pick<ReturnType<typeof dailyTimeStore>, 'get' | 'subscribe' | 'unsubscribe'>;

export function dailyTimeSetting(
  store: DailyTimeStore,
  { clock, config }: Pick<Wiring, 'clock' | 'config'>,
  wake: () => void,
): DailyTimeSetting {
  return {
    timeZone: config.journalTimezone,
    get: (ownerId) => store.get(ownerId),
    async set(ownerId, chatId, localTime) {
      await store.subscribe(ownerId, chatId, localTime, clock());
      wake();
    },
    off: (ownerId) => store.unsubscribe(ownerId),
  };
}
