/**
 * A journal that asks back: given a new entry, the model (holding the journal's tools) writes one follow-up question
 * grounded in the past where the past helps, or nothing. The entry reaches it as quoted data, never as framing, and
 * every entry whose text went (the new one, and any a method returned) is written to the sent ledger.
 */
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { createToolExecutor } from '../objects/object-tools.ts';
import type Anthropic from '@anthropic-ai/sdk';
import type { MethodSpend, SentItems } from '../objects/kind.ts';
import type { ObjectOperations } from '../objects/operations.ts';
import type { SentLedger } from './sent-ledger.ts';
import { aboutLine, escapeMarkup, interfaceBlock, SYSTEM } from './prompt.ts';
import { createSpendTally } from './receipt.ts';
import { createSentCollector } from './sent-ledger.ts';
import { runToolLoop } from './tool-loop.ts';

/** What the model answers when there is nothing worth asking. */
export const NOTHING_TO_ASK = 'NOTHING';

export const ASK_BACK_INSTRUCTION =
  'The owner just wrote the entry below. Ask them ONE short follow-up question that helps them reflect. Where the past ' +
  'helps (the same person, place, worry or habit before), look it up with the tools first and ground the question in it, ' +
  'e.g. "Last March the same meeting kept you up; what was different this time?". Reply with the question alone, in the ' +
  `entry's language. If no question would help, reply exactly ${NOTHING_TO_ASK}.`;

/** The longest question kept; a longer reply is not a question. */
const MAX_QUESTION_CHARS = 500;

export interface AskBackEntry {
  id: number;
  /** Its journal day, YYYY-MM-DD. */
  day: string;
  text: string;
}

/** Steps and tokens for one question back: a few look-ups, never a long read. */
const ASK_BACK_LIMITS = { maxSteps: 6, tokenBudget: 30_000, maxTokens: 1_000 };

/** What asking back needs: the question wiring's own parts (ask.ts's QuestionDeps extends it). */
export interface AskBackDeps {
  client: Pick<Anthropic, 'messages'>;
  model: string;
  /**
   * The operations of one owner: every handle they resolve is theirs; methods report their own spend (ask's reader)
   * and the items whose text they sent or return to the hooks.
   */
  operationsFor(
    ownerId: number,
    hooks?: { reportSpend?: (spend: MethodSpend) => void; reportSent?: (sent: SentItems) => void },
  ): ObjectOperations;
  /** Where entry text sent for a question is recorded (ids, days, endpoint, model; never text). */
  ledger?: SentLedger;
  /** The Messages API base URL the client talks to, as the ledger names it. */
  endpoint?: string;
  clock: () => Date;
  /** Today's date where the user lives, YYYY-MM-DD. */
  today?: () => string;
}

export function createAskBack(deps: AskBackDeps) {
  /** The question to ask about the entry, or null when the model has none. `about`: the journal's handle (journal:NAME). */
  return async (ownerId: number, entry: AskBackEntry, about = 'journal'): Promise<string | null> => {
    const tally = createSpendTally();
    const sent = createSentCollector(deps.model);
    sent.add({ to: null, items: [{ id: entry.id, day: entry.day }] });
    const ops = deps.operationsFor(ownerId, { reportSpend: tally.add, reportSent: sent.add });
    const place = await ops.analyzeObject(about);
    const context = [
      ...(deps.today ? [`Today is ${deps.today()}.`] : []),
      ...(about === 'journal' ? [] : [aboutLine(place.objId)]),
      interfaceBlock(place),
    ].join('\n');
    // The entry is data: inside its own block, escaped, so nothing in it can close the block or open a tag.
    const content: TextBlockParam[] = [
      { type: 'text', text: `${context}\n${ASK_BACK_INSTRUCTION}` },
      { type: 'text', text: `<entry id="${entry.id}" day="${entry.day}">\n${escapeMarkup(entry.text)}\n</entry>` },
    ];
    try {
      const result = await runToolLoop({
        client: deps.client,
        model: deps.model,
        system: SYSTEM,
        messages: [{ role: 'user', content }],
        execute: createToolExecutor(ops),
        toolTokens: tally.tokens,
        ...ASK_BACK_LIMITS,
      });
      const question = result.ending === 'end_turn' ? result.answer.trim() : '';
      return question === '' || question.includes(NOTHING_TO_ASK) || question.length > MAX_QUESTION_CHARS
        ? null
        : question;
    } finally {
      // Whatever the model did, the request carried the entry: on the ledger it goes.
      if (deps.ledger)
        await deps.ledger.record(
          sent.records({ ownerId, conversationId: null, sentAt: deps.clock(), endpoint: deps.endpoint ?? 'unknown' }),
        );
    }
  };
}

export type AskBack = ReturnType<typeof createAskBack>;
