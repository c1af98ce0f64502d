/**
 * The step the daily digest and the daily reminder share once a day is claimed: send it, then record how it went.
 * A send that threw may have reached the chat, so its claim stays "sending" and is never retried (never twice beats
 * once more); a sent or refused one is finished with its outcome.
 */
import { errorMessage } from '../log/error-message.ts';
import type { LogFields } from '../log/logger.ts';

/** What a send of the day came to: Telegram's message id, or its refusal. */
export type DailySendOutcome = { type: 'sent'; messageId: number } | { type: 'rejected'; reason: string };

export interface DailySendDeps {
  /** `digest` or `reminder`: the prefix of the events logged. */
  event: string;
  finish(
    ownerId: number,
    day: string,
    outcome: { status: 'sent' | 'failed'; messageId?: number; detail?: string },
    now: Date,
  ): Promise<void>;
  clock: () => Date;
  logger: { info(event: string, fields?: LogFields): void; error(event: string, fields?: LogFields): void };
}

/** Sends one claimed (owner, day) and records the outcome. */
export async function sendClaimedDay(
  deps: DailySendDeps,
  ownerId: number,
  day: string,
  send: () => Promise<DailySendOutcome>,
): Promise<void> {
  const { event, logger, clock } = deps;
  let outcome: DailySendOutcome;
  try {
    outcome = await send();
  } catch (error) {
    logger.error(`${event}.uncertain`, { owner_id: ownerId, day, error: errorMessage(error) });
    return;
  }
  if (outcome.type === 'sent') {
    await deps.finish(ownerId, day, { status: 'sent', messageId: outcome.messageId }, clock());
    logger.info(`${event}.sent`, { owner_id: ownerId, day, message_id: outcome.messageId });
  } else {
    await deps.finish(ownerId, day, { status: 'failed', detail: outcome.reason }, clock());
    logger.error(`${event}.rejected`, { owner_id: ownerId, day, reason: outcome.reason });
  }
}
