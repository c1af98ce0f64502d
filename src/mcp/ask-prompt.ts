/** The `ask-journal` prompt: a question framed the way the bot frames it, with the interfaces it mentions and no data. */
import { findMentions, unknownMentionsText } from '../llm/mentions.ts';
import { questionContent, SYSTEM_PROMPT } from '../llm/prompt.ts';
import { ObjectError } from '../objects/object-error.ts';
import type { ObjectOperations } from '../objects/operations.ts';

export interface PromptMessage {
  role: 'user';
  content: { type: 'text'; text: string };
}

/**
 * The framing and interfaces in one message, the question exactly as typed in its own: the interfaces of the handles
 * it mentions, or of the roots when it mentions none. A mention that is not the owner's handle is an ObjectError.
 */
export async function askPromptMessages(
  ops: ObjectOperations,
  question: string,
  options: { rootIds: readonly string[]; today?: string },
): Promise<PromptMessage[]> {
  const mentioned = findMentions(question);
  const unknown: string[] = [];
  const known: string[] = [];
  for (const id of mentioned.length ? mentioned : options.rootIds) {
    const found = await ops.resolve(id).catch((error: unknown) => {
      if (error instanceof ObjectError) return undefined;
      throw error;
    });
    if (found) known.push(found.objId);
    else unknown.push(id);
  }
  if (unknown.length) {
    const { objects, more } = await ops.listObjects();
    throw new ObjectError(unknownMentionsText(unknown, objects, more));
  }
  const interfaces = await Promise.all([...new Set(known)].map((id) => ops.analyzeObject(id)));
  const blocks = questionContent(question, { today: options.today, interfaces });
  const framing = blocks.length > 1 ? `${SYSTEM_PROMPT}\n\n${blocks[0]!.text}` : SYSTEM_PROMPT;
  const text = (t: string): PromptMessage => ({ role: 'user', content: { type: 'text', text: t } });
  return [text(framing), text(question)];
}
