/**
 * The answer as it is written, shown in a private chat as a Telegram message draft (Bot API 9.3 `sendMessageDraft`):
 * one draft id per answer, at most one draft a second and only when the text changed, one request in flight. A draft
 * is only a preview: the answer itself is still sent as messages once it is complete (send-formatted.ts), and a draft
 * Telegram refuses (an older server, a 400) stops drafting for that answer, logged once, never failing the answer.
 */
import type { Api } from 'grammy';
import type { Logger } from '../log/logger.ts';
import { errorMessage } from '../log/error-message.ts';
import { formatMarkdown } from './markdown.ts';

/** Telegram animates changes of one draft; more than about one a second would only queue up behind its rate limit. */
export const DRAFT_EVERY_MS = 1_000;

export interface AnswerDraft {
  /** Hears the answer so far (the question loop's AnswerListener); never throws, never waits. */
  show(textSoFar: string): void;
  /** Stops drafting and settles a draft in flight, so the final message is the last thing the chat gets. */
  finish(): Promise<void>;
}

export interface AnswerDraftPlace {
  api: Api;
  chatId: number;
  /** Non-zero, the same for every draft of one answer (Telegram animates changes of one draft). */
  draftId: number;
  logger: Logger;
  /** Fields for the one log line of a refused draft (the update it answers). */
  logFields: Record<string, unknown>;
  everyMs?: number;
  /** Shows Telegram's Stop button on the draft (Bot API 10.3 `can_stop`); a press arrives as `stopped_message_generation`. */
  canStop?: boolean;
}

/**
 * The draft of model Markdown so far, converted exactly as the final answer is (text + entities, never parse_mode, so
 * a half-written `**` can never be rejected as bad markup); of a long answer, the message-sized part being written.
 */
export function draftOf(textSoFar: string) {
  return formatMarkdown(textSoFar).at(-1);
}

export function createAnswerDraft(place: AnswerDraftPlace): AnswerDraft {
  const everyMs = place.everyMs ?? DRAFT_EVERY_MS;
  const abort = new AbortController();
  let latest = '';
  let shown = '';
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  const refused = (error: unknown) => {
    if (stopped) return; // cut off by finish(): not a refusal
    stopped = true;
    place.logger.error('question.draft_failed', { ...place.logFields, error: errorMessage(error) });
  };

  const schedule = () => {
    if (stopped || timer || inFlight || latest === shown) return;
    timer = setTimeout(send, Math.max(0, lastSentAt + everyMs - Date.now()));
  };

  function send() {
    timer = undefined;
    if (stopped || inFlight || latest === shown) return;
    shown = latest;
    const draft = draftOf(latest);
    if (!draft || !draft.text.trim()) return;
    lastSentAt = Date.now();
    const other = {
      ...(draft.entities.length ? { entities: draft.entities } : {}),
      ...(place.canStop ? { can_stop: true } : {}),
    };
    // grammY types its signal with the abort-controller shim's class; the platform's is what it uses at runtime.
    const signal = abort.signal as Parameters<Api['sendMessageDraft']>[4];
    inFlight = place.api
      .sendMessageDraft(place.chatId, place.draftId, draft.text, other, signal)
      .then(() => undefined, refused)
      .finally(() => {
        inFlight = undefined;
        schedule(); // text that arrived meanwhile
      });
  }

  return {
    show(textSoFar) {
      if (stopped) return;
      latest = textSoFar;
      schedule();
    },
    async finish() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      // A draft landing after the final message would show a stale preview over it.
      abort.abort();
      await inFlight;
    },
  };
}
