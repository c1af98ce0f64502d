// The Bot API stand-in knows the Bot API as the installed @grammyjs/types declares it (read from its methods.d.ts, no
// hand list) and refuses the rest as Telegram does: an unknown method 404 "Not Found", an unknown parameter 400
// "Bad Request: …"; a call of each kind the bot makes passes (the suites run against it).
import { Api, GrammyError } from 'grammy';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { knownBotApiMap } from '../../src/try/bot-api-refusals.ts';
import { startLocalBotApi } from '../../src/try/local-bot-api.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../stand-ins/bot-api.ts';
import { grammyMethodsFile, knownBotApiMethods, parseBotApiMethods } from '../stand-ins/bot-api-methods.ts';

let api: BotApiStandIn;
let bot: Api;
beforeAll(async () => {
  api = await startBotApiStandIn();
  bot = new Api('123:test', { apiRoot: api.url });
});
afterAll(() => api.close());

it("reads every method and its parameters from @grammyjs/types' methods.d.ts", () => {
  const methods = knownBotApiMethods();
  expect(methods.size).toBeGreaterThan(150);
  expect([...methods.get('sendMessage')!]).toEqual(
    expect.arrayContaining(['chat_id', 'text', 'entities', 'reply_parameters']),
  );
  expect(methods.get('getMe')!.size).toBe(0);
  // Every `name(` directly inside ApiMethods is found: the count matches a plain reading of the file.
  const text = readFileSync(grammyMethodsFile(), 'utf8');
  const body = text.slice(text.indexOf('export type ApiMethods<F> = {'));
  expect(methods.size).toBe(new Set([...body.matchAll(/^ {4}(\w+)\(/gm)].map((m) => m[1])).size);
  expect(() => parseBotApiMethods('export type Other = {};')).toThrow(/no `type ApiMethods/);
});

it("npm run try's list (src/try/bot-api-known.ts) is the package's, method for method and parameter for parameter", () => {
  // On a grammY upgrade this fails until the list is written again: npx tsx scripts/bot-api-methods.ts
  expect(knownBotApiMap()).toEqual(knownBotApiMethods());
});

it('takes a known method with known parameters', async () => {
  const sent = await bot.sendMessage(5, 'hello', { reply_parameters: { message_id: 1 } });
  expect(sent.text).toBe('hello');
});

it('answers an unknown method 404 Not Found, as Telegram does', async () => {
  const raw = bot.raw as unknown as Record<string, (payload: object) => Promise<unknown>>;
  const error = await raw.sendTelepathy!({ chat_id: 5 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GrammyError);
  expect(error).toMatchObject({ error_code: 404, description: 'Not Found' });
});

it('answers an unknown parameter 400 Bad Request, naming it', async () => {
  const error = await bot.raw.sendMessage({ chat_id: 5, text: 'hi', reply_to: 3 } as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GrammyError);
  expect(error).toMatchObject({
    error_code: 400,
    description: 'Bad Request: unknown parameter reply_to of sendMessage',
  });
});

it("npm run try's Bot API refuses the same way", async () => {
  const calls: string[] = [];
  const local = await startLocalBotApi((call) => calls.push(call.method));
  try {
    const tryBot = new Api('123:test', { apiRoot: local.url });
    const raw = tryBot.raw as unknown as Record<string, (payload: object) => Promise<unknown>>;
    expect(await raw.sendTelepathy!({ chat_id: 5 }).catch((e: unknown) => e)).toMatchObject({ error_code: 404 });
    expect(
      await tryBot.raw.sendMessage({ chat_id: 5, text: 'hi', reply_to: 3 } as never).catch((e: unknown) => e),
    ).toMatchObject({
      error_code: 400,
      description: 'Bad Request: unknown parameter reply_to of sendMessage',
    });
    expect((await tryBot.sendMessage(5, 'hello')).text).toBe('hello');
    expect(calls).toEqual(['sendTelepathy', 'sendMessage', 'sendMessage']);
  } finally {
    await local.close();
  }
});
