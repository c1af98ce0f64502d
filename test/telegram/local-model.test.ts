// A local model (Ollama, llama.cpp's server) is the Messages API at another base URL with other model names: the bot
// sends its questions and ask's reading there, with those names and whatever key is set, and answers as ever.
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';

let t: TestApp;
let local: MessagesApiStandIn;
afterEach(async () => {
  await t.close();
  await local.close();
});

it('questions and ask go to ANTHROPIC_BASE_URL with ANTHROPIC_MODEL and ANTHROPIC_READER_MODEL', async () => {
  local = await startMessagesApiStandIn();
  t = await createTestApp({
    ANTHROPIC_API_KEY: 'ollama',
    ANTHROPIC_BASE_URL: local.url,
    ANTHROPIC_MODEL: 'qwen3:8b',
    ANTHROPIC_READER_MODEL: 'llama3.2:3b',
  });
  await seedEntries(t.temp.db, OWNER_ID, [['2024-04-01T08:00:00Z', 'Walked to the lake']]);
  local.serveModel('llama3.2:3b', () => ({ text: 'A walk to the lake (2024-04-01).' }));
  local.script(
    {
      tools: [
        {
          name: 'invokeMethod',
          input: { objId: 'journal', methodName: 'ask', args: { question: 'Where did I walk?' } },
        },
      ],
    },
    { text: 'To the lake.' },
  );
  await t.send(textUpdate('@journal where did I walk?'));

  expect(t.api.callsTo('sendMessage').at(-1)!.payload.text).toBe('To the lake.');
  expect(local.requests.map((r) => r.body.model)).toEqual(['qwen3:8b', 'llama3.2:3b', 'qwen3:8b']);
  // The key goes as this SDK sends it (a bearer token); a local server takes any.
  expect(
    local.requests.every(
      (r) => r.path === '/v1/messages' && `${r.headers['x-api-key'] ?? r.headers.authorization}`.endsWith('ollama'),
    ),
  ).toBe(true);
  expect(local.requests[1]!.raw).toContain('Walked to the lake');
});
