/**
 * Start-up that speaks: asks Telegram who the bot is (getMe), and while Telegram cannot be reached says so and retries
 * instead of waiting in silence (grammY's bot.init() retries network errors without a word). A refused token is
 * not retried: it is thrown, for the caller to explain.
 */
import { GrammyError, type Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Logger } from '../log/logger.ts';
import { errorMessage } from '../log/error-message.ts';
import type { BotContext } from './context.ts';

export interface ConnectOptions {
  logger: Logger;
  /** Where Telegram is, for the message. */
  apiRoot: string;
  retryEveryMs?: number;
  /** How long one attempt may take before it counts as unreachable. */
  attemptTimeoutMs?: number;
  /** Aborting stops retrying; the promise then rejects. */
  signal?: AbortSignal;
  /** Where the one-line explanation goes (stderr). */
  say?: (line: string) => void;
}

export function unreachableText(apiRoot: string, retryEveryMs: number): string {
  return `Could not reach Telegram at ${apiRoot}; retrying every ${Math.round(retryEveryMs / 1000)} s. Check the network (or TELEGRAM_API_ROOT).`;
}

/** Resolves with the bot's identity (also set on `bot`), after as many retries as it takes. */
export async function connectToTelegram(bot: Bot<BotContext>, options: ConnectOptions): Promise<UserFromGetMe> {
  const retryEveryMs = options.retryEveryMs ?? 5000;
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(options.attemptTimeoutMs ?? 8000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      // grammY types its signal with the abort-controller shim's class; the platform's is what it uses at runtime.
      const me = await bot.api.getMe(signal as Parameters<typeof bot.api.getMe>[0]);
      bot.botInfo = me;
      if (attempt > 1) options.logger.info('telegram.reachable', { attempts: attempt });
      return me;
    } catch (error) {
      if (error instanceof GrammyError) throw error; // Telegram answered: the token is wrong, retrying changes nothing
      options.signal?.throwIfAborted();
      if (attempt === 1) say(unreachableText(options.apiRoot, retryEveryMs));
      options.logger.error('telegram.unreachable', {
        api_root: options.apiRoot,
        attempt,
        retry_in_ms: retryEveryMs,
        error: errorMessage(error),
      });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryEveryMs);
        options.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  }
}
