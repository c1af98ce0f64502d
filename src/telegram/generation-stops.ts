/**
 * Answers being written under a draft with a Stop button (`can_stop`), by chat and draft id: a
 * `stopped_message_generation` update names both, and aborts that answer's generation. One registry per bot.
 */
export interface GenerationStops {
  /** Registers an answer being written; its signal aborts on a Stop press, `done` forgets it. */
  start(chatId: number, draftId: number): { signal: AbortSignal; done(): void };
  /** Aborts the answer under that draft; false when none is being written there (finished already, or unknown). */
  stop(chatId: number, draftId: number): boolean;
}

export function createGenerationStops(): GenerationStops {
  const running = new Map<string, AbortController>();
  const key = (chatId: number, draftId: number) => `${chatId}:${draftId}`;
  return {
    start(chatId, draftId) {
      const controller = new AbortController();
      running.set(key(chatId, draftId), controller);
      return {
        signal: controller.signal,
        done: () => {
          if (running.get(key(chatId, draftId)) === controller) running.delete(key(chatId, draftId));
        },
      };
    },
    stop(chatId, draftId) {
      const controller = running.get(key(chatId, draftId));
      if (!controller) return false;
      running.delete(key(chatId, draftId));
      controller.abort();
      return true;
    },
  };
}
