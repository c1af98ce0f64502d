/**
 * Long polling that loses nothing: each batch from getUpdates is stored in the inbox first, and only then is the next
 * offset asked for (which is what tells Telegram the batch arrived). A crash between the two redelivers the batch,
 * and the inbox ignores what it already holds.
 */
import { ALLOWED_UPDATES } from './allowed-updates.ts';
import type { Api } from 'grammy';
import type { Logger } from '../../log/logger.ts';
import { errorMessage } from '../../log/error-message.ts';
import type { UpdateInbox } from './update-inbox.ts';

export interface Polling {
  /** Stops fetching; resolves once no request is in flight. */
  stop(): Promise<void>;
}

export interface PollingOptions {
  api: Api;
  inbox: Pick<UpdateInbox, 'accept'>;
  logger: Logger;
  /** Pause after a failed request. */
  retryEveryMs?: number;
  /** Long-poll timeout Telegram holds a getUpdates open for. */
  timeoutSeconds?: number;
}

export function startPolling(options: PollingOptions): Polling {
  const { api, inbox, logger } = options;
  const retryEveryMs = options.retryEveryMs ?? 5000;
  const abort = new AbortController();
  let offset: number | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  const loop = async () => {
    while (!abort.signal.aborted) {
      let updates;
      try {
        updates = await api.getUpdates(
          { offset, limit: 100, timeout: options.timeoutSeconds ?? 30, allowed_updates: ALLOWED_UPDATES },
          abort.signal as Parameters<Api['getUpdates']>[1],
        );
      } catch (error) {
        if (abort.signal.aborted) return;
        logger.error('polling.failed', { error: errorMessage(error), retry_in_ms: retryEveryMs });
        await pause(retryEveryMs);
        continue;
      }
      if (updates.length === 0) continue;
      try {
        await inbox.accept(updates);
      } catch (error) {
        // Not stored, so not confirmed: the same batch comes back on the next request.
        logger.error('inbox.store_failed', { updates: updates.length, error: errorMessage(error) });
        await pause(retryEveryMs);
        continue;
      }
      offset = updates[updates.length - 1]!.update_id + 1;
    }
  };
  const done = loop();

  return {
    async stop() {
      abort.abort();
      await done;
    },
  };
}
