/** /prompt and /prompts (and the reminder's question): writing prompts over journal/prompts/prompt-store.ts. */
import {
  addOwnerPrompt,
  listOwnerPrompts,
  rememberPromptMessage,
  removeOwnerPrompt,
} from '../journal/prompts/prompt-store.ts';
import { pickPrompt } from '../journal/prompts/writing-prompts.ts';
import type { WritingPrompts } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

/** `random` picks among prompts, [0, 1). */
export function promptsOf({ db, clock, today }: Wiring, random: () => number): WritingPrompts {
  return {
    pick: (ownerId) => pickPrompt(db, ownerId, today(), random),
    list: async (ownerId) => (await listOwnerPrompts(db, ownerId)).map((p) => p.text),
    add: (ownerId, text) => addOwnerPrompt(db, ownerId, text, clock()),
    remove: (ownerId, n) => removeOwnerPrompt(db, ownerId, n),
    asked: (ref, prompt, aboutEntryId) => rememberPromptMessage(db, ref, prompt, clock(), aboutEntryId),
  };
}
