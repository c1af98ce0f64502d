/** The bounded tool loop: call the model, answer every tool_use, stop on a final turn, a step limit or a token budget. */
import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  Message,
  MessageParam,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { ObjectError } from '../objects/object-error.ts';
import { outputText, type ToolExecutor } from '../objects/object-tools.ts';
import { toolResultContent, type PassageMode } from './tool-result-content.ts';
import { blockText } from './block-text.ts';
import { citedSources, referencedSources, type CitedSource } from './cited-sources.ts';
import type { CitableItem } from '../objects/kind.ts';
import { FINAL_ANSWER_REQUEST, SYSTEM } from './prompt.ts';
import { addUsage, contextTokens, emptyUsage, type ToolCallRecord, type UsageTotals } from './receipt.ts';
import { TOOLS } from './tools.ts';
import { errorReason } from '../log/error-message.ts';

export const DEFAULT_MAX_STEPS = 20;
export const DEFAULT_TOKEN_BUDGET = 100_000;
/** Room for thinking and a short answer (calls stream, so no non-streaming output cap applies). */
export const DEFAULT_MAX_TOKENS = 8_000;

/** A tool failed for a reason the model cannot fix (SQLite, a bug): the turn aborts. */
export class ToolFailure extends Error {
  constructor(
    readonly tool: string,
    options: { cause: unknown },
  ) {
    super(`Tool ${tool} failed: ${errorReason(options.cause)}`, options);
    this.name = 'ToolFailure';
  }
}

export interface ToolLoopParams {
  client: Pick<Anthropic, 'messages'>;
  model: string;
  /** The history so far, ending with the user's new question. Not mutated. */
  messages: MessageParam[];
  execute: ToolExecutor;
  maxSteps?: number;
  /** Input plus output tokens over all calls; past it, the model is asked for its best answer. */
  tokenBudget?: number;
  /** Tokens the tools spent on their own model calls (ask's reader) so far: they count in the budget too. */
  toolTokens?: () => number;
  maxTokens?: number;
  system?: TextBlockParam[];
  tools?: Tool[];
  /** Hears the answer as it is written (see AnswerListener). */
  onText?: AnswerListener;
  /** Aborted when the asker pressed Stop: the loop ends at once with the text written so far (ending `stopped`). */
  signal?: AbortSignal;
  /** How passages travel: citable search results (the default) or text blocks (see tool-result-content.ts). */
  passages?: PassageMode;
}

/**
 * Hears the text of the model call in progress as it streams: the whole text so far (text blocks only, never thinking
 * or tool input), joined as the final answer is. Each model call starts over, so the last call heard is the answer;
 * earlier ones are what the model wrote before using a tool. A listener must not throw: it only shows progress.
 */
export type AnswerListener = (textSoFar: string) => void;

/** How the loop ended: the model finished, hit a limit of ours or its own, or refused. */
export type LoopEnding = 'end_turn' | 'limit' | 'max_tokens' | 'refusal' | 'stopped' | 'other';

export interface ToolLoopResult {
  /** The whole history, the final assistant turn included, ready to store. */
  messages: MessageParam[];
  answer: string;
  /** The search results the answer cites, in the order cited, each once (see cited-sources.ts). */
  citations: CitedSource[];
  ending: LoopEnding;
  stopReason: string;
  refusal?: string;
  steps: number;
  calls: ToolCallRecord[];
  usage: UsageTotals;
  peakContextTokens: number;
}

/** Text blocks concatenated as the API means them (see block-text.ts). */
const textOf = (content: ContentBlock[]) => blockText(content);

/**
 * An assistant turn as it can be sent back: every block as received except a text block with no words, which the API
 * refuses in a request ("text content blocks must contain non-whitespace text") though a response may hold one (a turn
 * cut right after a text block opened); a turn left empty says so in words, as a request's turns may not be empty.
 */
function sendableTurn(content: ContentBlock[]): ContentBlock[] {
  const kept = content.filter((b) => b.type !== 'text' || b.text.trim() !== '');
  return kept.length > 0 ? kept : [{ type: 'text', text: '(no answer)', citations: null }];
}

const toolUses = (content: ContentBlock[]) => content.filter((b) => b.type === 'tool_use');

/** Exactly one tool_result per tool_use, in order. Calls run one after another so new handles are minted in a stable order. */
async function answerToolUses(
  content: ContentBlock[],
  execute: ToolExecutor,
  state: Pick<LoopState, 'calls' | 'passages'>,
  mode: PassageMode,
): Promise<ToolResultBlockParam[]> {
  const { calls } = state;
  const results: ToolResultBlockParam[] = [];
  for (const use of toolUses(content)) {
    try {
      const output = await execute(use.name, use.input);
      const text = outputText(output);
      results.push({ type: 'tool_result', tool_use_id: use.id, content: toolResultContent(output, mode) });
      if (typeof output !== 'string') state.passages.push(...(output.citable ?? []));
      // The passages moved out of the text are part of what the result sent.
      const passageChars =
        typeof output === 'string'
          ? 0
          : (output.citable ?? []).reduce((sum, c) => sum + c.source.length + c.title.length + c.text.length, 0);
      calls.push({ name: use.name, input: use.input, resultChars: text.length + passageChars, isError: false });
    } catch (error) {
      if (!(error instanceof ObjectError)) throw new ToolFailure(use.name, { cause: error });
      results.push({ type: 'tool_result', tool_use_id: use.id, content: error.message, is_error: true });
      calls.push({ name: use.name, input: use.input, resultChars: error.message.length, isError: true });
    }
  }
  return results;
}

const notRun = (content: ContentBlock[]): ToolResultBlockParam[] =>
  toolUses(content).map((u) => ({
    type: 'tool_result',
    tool_use_id: u.id,
    content: 'Not run: the answer ended here.',
    is_error: true,
  }));

function endingOf(stop: Message['stop_reason']): LoopEnding {
  if (stop === 'end_turn' || stop === 'stop_sequence') return 'end_turn';
  if (stop === 'max_tokens' || stop === 'model_context_window_exceeded') return 'max_tokens';
  if (stop === 'refusal') return 'refusal';
  return 'other';
}

interface LoopState {
  messages: MessageParam[];
  calls: ToolCallRecord[];
  usage: UsageTotals;
  peak: number;
  steps: number;
  /** The text of the model call in progress so far: what a Stop keeps. */
  partial: string;
  /** Every passage the tools sent: what an answer's references name when passages go as text. */
  passages: CitableItem[];
}

/**
 * One model call, streamed (the answer can be shown as it is written, and long outputs need no special timeout); the
 * final message is the same Message a non-streaming call returns, every block (thinking with its signature, tool_use)
 * as the API sent it.
 */
function callModel(params: ToolLoopParams, state: LoopState, final: boolean): Promise<Message> {
  const messages = state.messages;
  state.partial = '';
  const stream = params.client.messages.stream(
    {
      model: params.model,
      max_tokens: params.maxTokens ?? DEFAULT_MAX_TOKENS,
      system: params.system ?? SYSTEM,
      tools: params.tools ?? TOOLS,
      // Caches the growing conversation too, so each step re-reads the previous one cheaply.
      cache_control: { type: 'ephemeral' },
      // Kept with the tools (history holds tool_use blocks), but the last call must answer in text.
      ...(final ? { tool_choice: { type: 'none' as const } } : {}),
      messages,
    },
    params.signal ? { signal: params.signal } : undefined,
  );
  stream.on('streamEvent', (event, snapshot) => {
    if (event.type !== 'content_block_delta' || event.delta.type !== 'text_delta') return;
    state.partial = textOf(snapshot.content);
    params.onText?.(state.partial);
  });
  return stream.finalMessage();
}

/**
 * The result of a Stop press: the text written so far is the answer, kept in the history as the assistant's turn (a
 * history ending with the user's turn takes the next question in, so nothing is lost when nothing was written yet).
 */
function stopped(state: LoopState): ToolLoopResult {
  const answer = state.partial.trim();
  if (answer) state.messages.push({ role: 'assistant', content: [{ type: 'text', text: answer }] });
  return {
    messages: state.messages,
    answer,
    citations: [],
    ending: 'stopped',
    stopReason: 'stopped',
    steps: state.steps,
    calls: state.calls,
    usage: state.usage,
    peakContextTokens: state.peak,
  };
}

/** The result once the loop stops; a tool call left in the last turn is closed with "not run" so the history stays valid. */
function finish(state: LoopState, response: Message, ending: LoopEnding, mode: PassageMode): ToolLoopResult {
  const dangling = notRun(response.content);
  if (dangling.length) state.messages.push({ role: 'user', content: dangling });
  const answer = textOf(response.content);
  return {
    messages: state.messages,
    answer,
    // Passages sent as text carry no citations: the answer names them by reference (/entry_12) instead.
    citations: mode === 'text' ? referencedSources(answer, state.passages) : citedSources(response.content),
    ending,
    stopReason: String(response.stop_reason),
    refusal: response.stop_details?.explanation ?? undefined,
    steps: state.steps,
    calls: state.calls,
    usage: state.usage,
    peakContextTokens: state.peak,
  };
}

const spent = (u: UsageTotals) => u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens + u.outputTokens;

export async function runToolLoop(params: ToolLoopParams): Promise<ToolLoopResult> {
  const maxSteps = params.maxSteps ?? DEFAULT_MAX_STEPS;
  const budget = params.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const state: LoopState = {
    // A history stored before empty text blocks were left out of it would be refused whole: they go here too.
    messages: params.messages.map((m) =>
      m.role === 'assistant' && Array.isArray(m.content)
        ? { ...m, content: sendableTurn(m.content as ContentBlock[]) }
        : m,
    ),
    calls: [],
    usage: emptyUsage(),
    peak: 0,
    steps: 0,
    partial: '',
    passages: [],
  };
  const mode = params.passages ?? 'search_results';
  let final = false;

  for (;;) {
    if (params.signal?.aborted) return stopped(state);
    let response: Message;
    try {
      response = await callModel(params, state, final);
    } catch (error) {
      // The SDK's abort error, raised by our own signal: a Stop press, not an API failure.
      if (params.signal?.aborted) return stopped(state);
      throw error;
    }
    state.steps += 1;
    state.usage = addUsage(state.usage, response.usage);
    state.peak = Math.max(state.peak, contextTokens(response.usage));
    // Sent back as received, thinking blocks and their signatures included (an empty text block aside).
    state.messages.push({ role: 'assistant', content: sendableTurn(response.content) });

    if (response.stop_reason === 'pause_turn') {
      if (state.steps >= maxSteps) return finish(state, response, 'limit', mode);
      continue; // the server paused a long turn: resending lets it continue
    }
    // A turn cut at max_tokens may still hold tool calls; they are answered like any other.
    const wantsTools =
      toolUses(response.content).length > 0 &&
      (response.stop_reason === 'tool_use' || response.stop_reason === 'max_tokens');
    if (final) return finish(state, response, 'limit', mode);
    if (!wantsTools) return finish(state, response, endingOf(response.stop_reason), mode);

    const results = await answerToolUses(response.content, params.execute, state, mode);
    final = state.steps >= maxSteps - 1 || spent(state.usage) + (params.toolTokens?.() ?? 0) >= budget;
    state.messages.push({
      role: 'user',
      content: [...results, ...(final ? [{ type: 'text' as const, text: FINAL_ANSWER_REQUEST }] : [])],
    });
  }
}
