/** The user-facing text of a finished tool loop: the answer, with a note when it was cut short or stopped. */
import type { ToolLoopResult } from './tool-loop.ts';

/** The line under an answer the asker stopped with the Stop button (the part written so far is kept). */
export const STOPPED_MARK = '(Stopped: you pressed Stop, so the answer ends here.)';
export const STOPPED_EMPTY_TEXT = 'Stopped before any answer was written.';

/** The user-facing text of a finished loop: the answer, with a note when it was cut short. */
export function answerText(r: ToolLoopResult): string {
  switch (r.ending) {
    case 'max_tokens':
      return r.answer
        ? `${r.answer}\n\n(The answer was cut off at the length limit.)`
        : 'The model ran out of room before answering. Try a narrower question.';
    case 'refusal':
      return r.answer || 'The model declined to answer this question.';
    case 'stopped':
      return r.answer ? `${r.answer}\n\n${STOPPED_MARK}` : STOPPED_EMPTY_TEXT;
    case 'limit':
      return `${r.answer || 'No answer was found within the step limit.'}\n\n(Answered at the step limit, with what was found so far.)`;
    default:
      return r.answer || 'The model finished without an answer. Try asking another way.';
  }
}
