/**
 * The answer as it is written, in a terminal: the text so far is redrawn in place (log-update erases the lines it
 * drew, wrapping included) and cleared before the finished answer is printed, so what stays on screen is exactly
 * what a pipe gets. Only for a TTY: a script reading stdout sees the finished answers alone, as before.
 */
import { createLogUpdate } from 'log-update';

export interface LiveAnswer {
  /** The current turn's text so far (a new turn replaces the last one's lead-in). */
  show(text: string): void;
  /** Erases what was shown; the caller prints the finished answer. */
  clear(): void;
}

export function createLiveAnswer(stream: NodeJS.WriteStream): LiveAnswer | undefined {
  // A terminal that reports no size (a pseudo-terminal nobody sized) cannot be redrawn in place: finished answers only.
  if (!stream.isTTY || !stream.columns || !stream.rows) return undefined;
  // showCursor: the cursor stays where a reader expects it; hiding it would need restoring on every way out.
  const draw = createLogUpdate(stream, { showCursor: true });
  let shown = false;
  return {
    show(text) {
      if (text === '') return;
      draw(text);
      shown = true;
    },
    clear() {
      if (shown) draw.clear();
      shown = false;
    },
  };
}
