// A local model (Ollama, llama.cpp's server) is the Messages API at another base URL with other model names: the bot
// sends its questions and ask's reading there, with those names and whatever key is set, and answers as ever.
import { afterEach, describe, expect, it } from 'vitest';
import { NO_TEXT_PASSAGE } from '../../src/journal/views/entry-citations.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, photoUpdate, textUpdate } from '../helpers/updates.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import {
  lastToolResult,
  startMessagesApiStandIn,
  toolResultsOf,
  type MessagesApiStandIn,
  type RecordedRequest,
  type Turn,
} from '../stand-ins/messages-api.ts';

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

/** search("") over the journal, then getEntries on its handle, then `answer(request)`. */
const readAll = (answer: (req: RecordedRequest) => Turn): Turn[] => [
  {
    tools: [
      {
        name: 'invokeMethod',
        input: {
          objId: 'journal',
          methodName: 'getDateRangeView',
          args: { startDate: '2024-04-01', endDate: '2024-04-30' },
        },
      },
    ],
  },
  (req) => ({
    tools: [{ name: 'invokeMethod', input: { objId: lastToolResult(req).handle, methodName: 'getEntries', args: {} } }],
  }),
  answer,
];

describe('an endpoint that keeps only text and image blocks in a tool result (Ollama, llama.cpp)', () => {
  const ENTRIES = [
    ['2024-04-01T08:00:00Z', 'Lake\nWalked to the lake with Jonas'],
    ['2024-04-02T08:00:00Z', 'Library\nLibrary day, met Jonas again'],
  ] as const;

  async function start(env: Record<string, string> = {}) {
    local = await startMessagesApiStandIn({ dropsSearchResults: true });
    t = await createTestApp({ ANTHROPIC_API_KEY: 'ollama', ANTHROPIC_BASE_URL: local.url, ...env });
    await seedEntries(t.temp.db, OWNER_ID, ENTRIES);
    // A photo without a caption, captured the real way, and an entry with no words at all (as an import may leave).
    await t.send(photoUpdate(undefined, { date: Date.parse('2024-04-03T08:00:00Z') / 1000 }));
    await seedEntries(t.temp.db, OWNER_ID, [['2024-04-04T08:00:00Z', '']]);
    const rows = await t.temp.db.selectFrom('entry').select(['id', 'content']).orderBy('id').execute();
    return rows.map((r) => ({ id: Number(r.id), content: r.content }));
  }

  it('gets every entry as text (a photo-only one included); /entry_<id> references become the From: line', async () => {
    const entries = await start();
    expect(entries.map((e) => e.content).slice(2)).toEqual(['[photo]', '']);
    let seen: RecordedRequest | undefined;
    local.script(
      ...readAll((req) => {
        seen = req;
        return {
          text: `You met Jonas twice: at the lake (/entry_${entries[0]!.id}) and at the library (/entry_${entries[1]!.id}).`,
        };
      }),
    );
    await t.send(textUpdate('@journal when did I see Jonas?'));

    // What the model saw, after the server dropped what it does not keep: every entry's text, the photo named.
    const results = toolResultsOf(seen!);
    expect(results.flatMap((r) => r.content).every((b: any) => b.type === 'text')).toBe(true);
    const text = results.flatMap((r) => r.content.map((b: { text: string }) => b.text)).join('\n');
    for (const [, words] of ENTRIES) expect(text).toContain(words);
    expect(text).toContain('[photo]');
    expect(text).toContain(NO_TEXT_PASSAGE);
    expect(seen!.raw).not.toContain('"search_result"');

    const answer = t.api.callsTo('sendMessage').at(-1)!.payload.text as string;
    expect(answer).toMatch(
      /^You met Jonas twice: at the lake \(\/entry_\d+\) and at the library \(\/entry_\d+\)\.\n\nFrom: 2024-04-01 08:00 \/entry_\d+ · 2024-04-02 08:00 \/entry_\d+$/,
    );
    // The ledger counts what the endpoint kept: all three entries, sent as text.
    await t.send(textUpdate('/sent'));
    expect(t.api.callsTo('sendMessage').at(-1)!.payload.text).toContain('In all: 4 entries sent');
  });

  it('LLM_SEARCH_RESULTS=on sends search results anyway, and such a server drops their text', async () => {
    await start({ LLM_SEARCH_RESULTS: 'on' });
    let seen: RecordedRequest | undefined;
    local.script(...readAll((req) => ((seen = req), { text: 'Nothing to read.' })));
    await t.send(textUpdate('@journal when did I see Jonas?'));
    expect(seen!.raw).toContain('"search_result"');
    expect(JSON.stringify(seen!.body)).not.toContain('Walked to the lake');
    expect(JSON.stringify(seen!.body)).toContain('Lake'); // only the title, in the JSON beside the results
  });
});
