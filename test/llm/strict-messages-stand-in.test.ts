// The Messages API stand-in is as strict as the API: a request of each kind the app makes passes (the suites run
// against it), and a deliberately wrong one of each kind is refused with a 400 in the API's error shape, through the
// real SDK, before any scripted answer is spent on it.
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';

let llm: MessagesApiStandIn;
let client: Anthropic;
beforeAll(async () => {
  llm = await startMessagesApiStandIn();
  client = new Anthropic({ apiKey: 'test', baseURL: llm.url, maxRetries: 0 });
});
afterAll(() => llm.close());

const user = (content: any) => ({ role: 'user', content });
const assistant = (content: any) => ({ role: 'assistant', content });
const use = (id: string) => ({ type: 'tool_use', id, name: 'listObjects', input: {} });
const result = (id: string, content: any = 'ok') => ({ type: 'tool_result', tool_use_id: id, content });
const searchResult = (source: string, enabled: boolean) => ({
  type: 'search_result',
  source,
  title: source,
  content: [{ type: 'text', text: `words of ${source}` }],
  citations: { enabled },
});

/** Sends `body` (model and max_tokens added unless given) and gives back the 400's message, or null when taken. */
async function refusal(body: Record<string, unknown>): Promise<string | null> {
  const before = llm.remaining();
  try {
    await client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 100, ...body } as any);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const e = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect(e.error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(llm.remaining()).toBe(before); // no scripted turn spent on a refused request
    return (e.error as { error: { message: string } }).error.message;
  }
}

describe('the Messages API stand-in refuses what the API refuses', () => {
  it('takes a well-formed tool conversation with citable search results', async () => {
    llm.script({ text: 'Fine.' });
    const messages = [
      user('Hi'),
      assistant([{ type: 'text', text: 'Looking.' }, use('toolu_1')]),
      user([
        result('toolu_1', [{ type: 'text', text: '{}' }, searchResult('a', true), searchResult('b', true)]),
        { type: 'text', text: 'Answer now.' },
      ]),
    ];
    expect(await refusal({ messages })).toBeNull();
  });

  it.each([
    [
      'a first message from the assistant',
      { messages: [assistant('Hello'), user('Hi')] },
      /first message must use the "user" role/,
    ],
    [
      'a tool_result answering no tool_use',
      { messages: [user('Hi'), assistant('Sure.'), user([result('toolu_9')])] },
      /unexpected `tool_use_id`.*toolu_9/,
    ],
    [
      'a tool_use left unanswered',
      { messages: [user('Hi'), assistant([use('toolu_2')]), user('and?')] },
      /without `tool_result` blocks immediately after: toolu_2/,
    ],
    ['a tool_use last, never answered', { messages: [user('Hi'), assistant([use('toolu_3')])] }, /toolu_3/],
    [
      'text before a tool_result',
      { messages: [user('Hi'), assistant([use('toolu_4')]), user([{ type: 'text', text: 'x' }, result('toolu_4')])] },
      /tool_result blocks must come first/,
    ],
    [
      'citations on for some search results, off for others',
      {
        messages: [
          user('Hi'),
          assistant([use('toolu_5')]),
          user([result('toolu_5', [searchResult('a', true), searchResult('b', false)])]),
        ],
      },
      /all enabled or all disabled/,
    ],
    [
      'a thinking block in a user turn',
      { messages: [user([{ type: 'thinking', thinking: 'x', signature: 's' }])] },
      /messages\.0\.content/,
    ],
    [
      'a tool_result in an assistant turn',
      { messages: [user('Hi'), assistant([result('toolu_6')])] },
      /messages\.1\.content/,
    ],
    ['an empty text block', { messages: [user([{ type: 'text', text: ' ' }])] }, /non-whitespace text/],
    [
      'a search result without its title',
      { messages: [user([{ type: 'search_result', source: 's', content: [{ type: 'text', text: 't' }] }])] },
      /title/,
    ],
    ['no max_tokens', { max_tokens: undefined, messages: [user('Hi')] }, /max_tokens/],
    ['a field the API does not have', { messages: [user('Hi')], temperature_typo: 1 }, /temperature_typo/],
    ['no messages', { messages: [] }, /messages/],
  ])('refuses %s', async (_what, body, message) => {
    expect(await refusal(body)).toMatch(message);
  });
});
