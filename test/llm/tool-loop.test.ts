// The loop against the real SDK over HTTP: every tool_use gets exactly one tool_result, thinking goes back unchanged,
// model-fixable faults come back as is_error, anything else aborts, and the loop is bounded by steps and tokens.
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINAL_ANSWER_REQUEST, SYSTEM_PROMPT } from '../../src/llm/prompt.ts';
import { runToolLoop, ToolFailure, type ToolLoopParams } from '../../src/llm/tool-loop.ts';
import { createToolExecutor } from '../../src/objects/object-tools.ts';
import { TOOLS } from '../../src/llm/tools.ts';
import {
  lastToolResult,
  signatureOf,
  startMessagesApiStandIn,
  toolResultsOf,
  type MessagesApiStandIn,
} from '../stand-ins/messages-api.ts';
import { numbersOperations } from './test-kind.ts';

let llm: MessagesApiStandIn;
let client: Anthropic;
beforeEach(async () => {
  llm = await startMessagesApiStandIn();
  client = new Anthropic({ apiKey: 'test', baseURL: llm.url, maxRetries: 0 });
});
afterEach(() => llm.close());

const question: MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: 'How many numbers?' }] }];
const run = (over: Partial<ToolLoopParams> = {}) =>
  runToolLoop({
    client,
    model: 'claude-sonnet-5-5',
    messages: question,
    execute: createToolExecutor(numbersOperations()),
    ...over,
  });

describe('runToolLoop', () => {
  it('sends back no empty text block (a request with one is refused), and no empty turn', async () => {
    llm.script(
      { text: '', tools: [{ name: 'invokeMethod', input: { objId: 'numbers', methodName: 'count', args: {} } }] },
      { text: ' ' },
    );
    const result = await run();
    expect(llm.requests.map((r) => r.refused)).toEqual([undefined, undefined]);
    expect(llm.requests[1]!.body.messages[1].content.map((b: { type: string }) => b.type)).toEqual(['tool_use']);
    expect(result.answer).toBe('');
    // A history stored with such a block (before this) goes out without it.
    const stored: MessageParam[] = [
      ...question,
      { role: 'assistant', content: [{ type: 'text', text: '' }] },
      ...question,
    ];
    llm.script({ text: 'Yes.' });
    expect((await run({ messages: stored })).answer).toBe('Yes.');
    expect(llm.requests.at(-1)!.refused).toBeUndefined();
    expect(result.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: '(no answer)', citations: null }],
    });
  });

  it('sends the assistant content back unchanged, thinking and signature included, and stops on end_turn', async () => {
    llm.script(
      {
        thinking: 'I should count.',
        text: 'Counting.',
        tools: [{ name: 'invokeMethod', input: { objId: 'numbers', methodName: 'count', args: {} } }],
      },
      { thinking: 'It is 100.', text: 'There are 100 numbers.' },
    );
    const result = await run();

    expect(result.answer).toBe('There are 100 numbers.');
    expect(result.ending).toBe('end_turn');
    expect(result.steps).toBe(2);
    const [first, second] = llm.requests;
    const firstReplyContent = JSON.parse(JSON.stringify(second!.body.messages[1].content));
    expect(second!.body.messages[1].role).toBe('assistant');
    expect(firstReplyContent[0]).toEqual({
      type: 'thinking',
      thinking: 'I should count.',
      signature: signatureOf('I should count.'),
    });
    expect(firstReplyContent.map((b: any) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    expect(lastToolResult(second!)).toEqual({ value: 100 });
    expect(first!.body.messages).toEqual(JSON.parse(JSON.stringify(question)));
    // The stored history ends with the final turn, its thinking block intact.
    expect((result.messages.at(-1)!.content as any[])[0]).toMatchObject({
      type: 'thinking',
      signature: signatureOf('It is 100.'),
    });
  });

  it('streams: onText hears only the text written so far, each call from its start, never thinking or tool input', async () => {
    const input = {
      objId: 'numbers',
      methodName: 'count',
      args: { note: 'a longer tool input split over several input_json_delta events' },
    };
    llm.script(
      {
        thinking: 'SECRET-THOUGHT-1 about counting the numbers',
        text: 'Let me count them.',
        tools: [{ id: 'toolu_s', name: 'invokeMethod', input }],
      },
      { thinking: 'SECRET-THOUGHT-2 it is a hundred', text: 'There are **100** numbers in all, counted one by one.' },
    );
    const heard: string[] = [];
    const result = await run({ onText: (text) => heard.push(text) });

    expect(result.answer).toBe('There are **100** numbers in all, counted one by one.');
    expect(heard.length).toBeGreaterThan(4); // delta by delta, not once at the end
    expect(heard.some((h) => h.includes('SECRET') || h.includes('input_json') || h.includes('numbers"'))).toBe(false);
    expect(heard.filter((h) => 'Let me count them.'.startsWith(h)).length).toBeGreaterThan(0);
    expect(heard.at(-1)).toBe(result.answer);
    // Each heard text is a prefix of its call's text: the first call's, then the second's from the start.
    const switchAt = heard.findIndex((h) => h.startsWith('There'));
    expect(heard.slice(0, switchAt).every((h) => 'Let me count them.'.startsWith(h))).toBe(true);
    expect(heard.slice(switchAt).every((h) => result.answer.startsWith(h))).toBe(true);
    // What the stream assembled goes back exactly as a non-streamed response would have carried it.
    expect(llm.requests.every((r) => r.body.stream === true)).toBe(true);
    expect(JSON.parse(JSON.stringify(llm.requests[1]!.body.messages[1].content))).toEqual([
      {
        type: 'thinking',
        thinking: 'SECRET-THOUGHT-1 about counting the numbers',
        signature: signatureOf('SECRET-THOUGHT-1 about counting the numbers'),
      },
      { type: 'text', text: 'Let me count them.', citations: null },
      { type: 'tool_use', id: 'toolu_s', name: 'invokeMethod', input, caller: { type: 'direct' } },
    ]);
  });

  it('answers several tool_use blocks of one turn with one tool_result each, in order, unknown tools included', async () => {
    llm.script(
      {
        thinking: 'Several at once.',
        tools: [
          { id: 'toolu_a', name: 'invokeMethod', input: { objId: 'numbers', methodName: 'count', args: {} } },
          { id: 'toolu_b', name: 'deleteEverything', input: {} },
          { id: 'toolu_c', name: 'analyzeObject', input: { objId: 'numbers' } },
        ],
      },
      { text: 'Done.' },
    );
    const result = await run();
    const results = toolResultsOf(llm.requests[1]!);
    expect(results.map((r) => r.tool_use_id)).toEqual(['toolu_a', 'toolu_b', 'toolu_c']);
    expect(results[0]).toMatchObject({ content: '{"value":100}' });
    expect(results[0]!.is_error).toBeUndefined();
    expect(results[1]).toMatchObject({
      is_error: true,
      content: expect.stringContaining('Unknown tool "deleteEverything"'),
    });
    expect(results[2]!.content).toContain('Methods:');
    expect(result.calls.map((c) => [c.name, c.isError])).toEqual([
      ['invokeMethod', false],
      ['deleteEverything', true],
      ['analyzeObject', false],
    ]);
  });

  it('returns a bad handle, a bad method, bad arguments and bad tool input as is_error results the model can act on', async () => {
    llm.script(
      {
        tools: [
          { name: 'invokeMethod', input: { objId: 'nope', methodName: 'count', args: {} } },
          { name: 'invokeMethod', input: { objId: 'numbers', methodName: 'countAll', args: {} } },
          { name: 'invokeMethod', input: { objId: 'numbers', methodName: 'range', args: { from: 'one' } } },
          { name: 'analyzeObject', input: { id: 'numbers' } },
          { name: 'invokeMethod', input: { objId: 'numbers', methodName: 'fail', args: { kind: 'fixable' } } },
        ],
      },
      { text: 'Sorry.' },
    );
    await run();
    const results = toolResultsOf(llm.requests[1]!);
    expect(results.every((r) => r.is_error === true)).toBe(true);
    expect(results.map((r) => r.content)).toEqual([
      expect.stringMatching(/Unknown handle "nope"\. Handles you can use: numbers/),
      expect.stringMatching(/has no method "countAll"\. Its methods: count\(\) -> number; range/),
      expect.stringMatching(/Bad args for range\(from: number, to: number\) -> Numbers: from: .*; to: /),
      expect.stringMatching(/Bad input for analyzeObject: objId: /),
      'fixable: pass a smaller number',
    ]);
  });

  it('aborts the turn on a fault the model cannot fix, naming the tool, and never reports it as is_error', async () => {
    llm.script(
      { tools: [{ name: 'invokeMethod', input: { objId: 'numbers', methodName: 'fail', args: { kind: 'bug' } } }] },
      { text: 'unused' },
    );
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolFailure);
    expect((error as ToolFailure).tool).toBe('invokeMethod');
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(llm.requests).toHaveLength(1);
  });

  it('at the step limit asks for the best answer with tools disabled, and stops there', async () => {
    const again = { tools: [{ name: 'invokeMethod', input: { objId: 'numbers', methodName: 'count', args: {} } }] };
    llm.script(again, again, again, { text: 'About 100, from what I have.' });
    const result = await run({ maxSteps: 4 });

    expect(llm.requests).toHaveLength(4);
    expect(result.ending).toBe('limit');
    expect(result.answer).toBe('About 100, from what I have.');
    const last = llm.requests[3]!.body;
    expect(last.tool_choice).toEqual({ type: 'none' });
    expect(last.tools).toHaveLength(TOOLS.length);
    const lastUser = last.messages.at(-1);
    expect(lastUser.content.map((b: any) => b.type)).toEqual(['tool_result', 'text']);
    expect(lastUser.content[1].text).toBe(FINAL_ANSWER_REQUEST);
    for (const r of llm.requests.slice(0, 3)) expect(r.body.tool_choice).toBeUndefined();
  });

  it('past the token budget asks for the best answer at once', async () => {
    llm.script(
      { tools: [{ name: 'invokeMethod', input: { objId: 'numbers', methodName: 'count', args: {} } }] },
      { text: 'It is 100.' },
    );
    const result = await run({ tokenBudget: 10 });
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.body.tool_choice).toEqual({ type: 'none' });
    expect(result.ending).toBe('limit');
  });

  it("tokens the tools spent on their own calls (ask's reader) count in the budget too", async () => {
    const script = () =>
      llm.script(
        { tools: [{ name: 'invokeMethod', input: { objId: 'numbers', methodName: 'count', args: {} } }] },
        { text: 'It is 100.' },
      );
    script();
    await run({ tokenBudget: 5_000, toolTokens: () => 0 });
    expect(llm.requests[1]!.body.tool_choice).toBeUndefined();
    script();
    const result = await run({ tokenBudget: 5_000, toolTokens: () => 5_000 });
    expect(llm.requests[3]!.body.tool_choice).toEqual({ type: 'none' });
    expect(result.ending).toBe('limit');
  });

  it('answers tool calls made despite tool_choice none with "not run", so the stored history stays valid', async () => {
    llm.script(
      { tools: [{ name: 'listObjects', input: {} }] },
      { text: 'One more look.', tools: [{ id: 'toolu_late', name: 'listObjects', input: {} }] },
    );
    const result = await run({ maxSteps: 2 });
    expect(result.answer).toBe('One more look.');
    const tail = result.messages.at(-1)!;
    expect(tail.role).toBe('user');
    expect(tail.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_late', is_error: true }),
    ]);
  });

  it('resends after pause_turn, and reports max_tokens and refusal endings', async () => {
    llm.script({ thinking: 'long…', stop: 'pause_turn' }, { text: 'Partial answer', stop: 'max_tokens' });
    const cut = await run();
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.body.messages.at(-1)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'thinking', thinking: 'long…' }],
    });
    expect(cut).toMatchObject({ ending: 'max_tokens', answer: 'Partial answer' });

    llm.script({ stop: 'refusal', stopDetails: { type: 'refusal', category: null, explanation: 'declined' } });
    const refused = await run();
    expect(refused).toMatchObject({ ending: 'refusal', answer: '', refusal: 'declined' });
  });

  it('sends a cacheable prefix and none of the settings current models reject', async () => {
    llm.script({ text: 'Hi.' });
    await run();
    const body = llm.requests[0]!.body;
    expect(body.system).toEqual([{ type: 'text', text: SYSTEM_PROMPT, cache_control: { type: 'ephemeral' } }]);
    expect(body.tools.map((t: any) => t.name)).toEqual([
      'analyzeObject',
      'invokeMethod',
      'listObjects',
      'listKinds',
      'describeKind',
    ]);
    expect(body.tools.at(-1).cache_control).toEqual({ type: 'ephemeral' });
    expect(body.tools.slice(0, -1).every((t: any) => t.cache_control === undefined)).toBe(true);
    expect(body.cache_control).toEqual({ type: 'ephemeral' });
    for (const key of ['temperature', 'top_p', 'top_k', 'thinking', 'tool_choice'])
      expect(body).not.toHaveProperty(key);
    // Streamed, so the answer can be shown as it is written; the final message is the same as a non-streamed one.
    expect(body.stream).toBe(true);
    expect(body.max_tokens).toBeLessThan(21_333);
  });
});
