/**
 * Who the update inbox tells about trouble, and how rarely: a chat whose update failed on the store hears once per
 * incident (failures less than NOTICE_QUIET_MS apart), and owners hear about parked updates at most once an hour.
 */
import type { Logger } from '../../log/logger.ts';
import { errorMessage } from '../../log/error-message.ts';

export const RETRY_NOTICE = 'I could not store your message yet; it is kept and will be retried.';
export const PARKED_NOTICE =
  'An update from Telegram could not be read and was set aside. `npm run journal -- inbox` lists it; `npm run journal -- inbox retry` replays it.';

/** A chat's failures less than this apart are one incident: one notice. */
const NOTICE_QUIET_MS = 10 * 60_000;
/** Owners hear about parked updates at most this often. */
const PARKED_NOTICE_EVERY_MS = 60 * 60_000;

export interface InboxNoticeDeps {
  /** Tells a chat something; a failure is logged, never retried. */
  notify: (chatId: number, text: string) => Promise<void>;
  owners: readonly number[];
  clock: () => Date;
  logger: Logger;
}

export type InboxNotices = ReturnType<typeof createInboxNotices>;

export function createInboxNotices(deps: InboxNoticeDeps) {
  /** When each chat was last told about a failure (monotonic ms). */
  const noticed = new Map<string, number>();
  let lastParkedNotice = -Infinity;
  const notify = (chatId: number, text: string, why: string) =>
    deps
      .notify(chatId, text)
      .catch((error) => deps.logger.error('inbox.notice_failed', { chat_id: chatId, why, error: errorMessage(error) }));
  return {
    /** A store failure of `chatKey`'s update: the chat is told on a first try outside a running incident. */
    async storageFailed(chatKey: string, chatId: number | null, firstTry: boolean, cause: string): Promise<void> {
      if (chatId === null) return;
      const lastNotice = noticed.get(chatKey);
      // An incident lasts until the chat has gone NOTICE_QUIET_MS without a failure (a full disk comes and goes).
      const quiet = lastNotice === undefined || performance.now() - lastNotice > NOTICE_QUIET_MS;
      if (firstTry && quiet) await notify(chatId, RETRY_NOTICE, cause);
      noticed.set(chatKey, performance.now());
    },
    /** An update was parked: every owner is told, at most once an hour. */
    async parked(): Promise<void> {
      const now = deps.clock().getTime();
      if (now - lastParkedNotice < PARKED_NOTICE_EVERY_MS) return;
      lastParkedNotice = now;
      for (const owner of deps.owners) await notify(owner, PARKED_NOTICE, 'parked');
    },
  };
}
