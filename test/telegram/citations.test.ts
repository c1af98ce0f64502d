// Answers you can check: entries reach the model as citable search results, and the answer's citations come back as
// a "From:" line (entry page links or /entry_<id>), or as a reply to the one cited entry's own message. Real bot, SDK
// and SQLite against the Bot API and Messages API stand-ins; the stand-in streams the citations as citations_delta.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import {
  lastToolResult,
  searchResultsOf,
  streamEvents,
  type RecordedRequest,
  type Turn,
} from '../stand-ins/messages-api.ts';
import { ENTRIES, seedEntries } from '../llm/ask-setup.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import { NO_SUCH_ENTRY_TEXT } from '../../src/telegram/features/entry-link.ts';

let t: TestApp;
afterEach(() => t.close());

async function start(env: Record<string, string> = {}) {
  t = await createTestApp(env, undefined, { messagesApi: true });
  await seedEntries(t.temp.db, OWNER_ID, ENTRIES);
  await seedEntries(t.temp.db, 999, [['2024-04-01T09:00:00Z', 'Coffee of another owner']]);
}

const idOf = async (content: string) =>
  Number(
    (await t.temp.db.selectFrom('entry').select('id').where('content', 'like', `${content}%`).executeTakeFirstOrThrow())
      .id,
  );

/** search("coffee"), then getEntries on its handle, then an answer citing the search results at `cite` (indexes). */
const coffeeQuestion = (cite: number[], seen: RecordedRequest[] = []): Turn[] => [
  { tools: [{ name: 'invokeMethod', input: { objId: 'journal', methodName: 'search', args: { query: 'coffee' } } }] },
  (req) => ({
    tools: [
      {
        name: 'invokeMethod',
        input: { objId: lastToolResult(req).handle, methodName: 'getEntries', args: { order: 'oldest' } },
      },
    ],
  }),
  (req) => {
    seen.push(req);
    const results = searchResultsOf(req);
    const citations = cite.map((i) => ({
      source: results[i]!.source,
      title: results[i]!.title,
      cited_text: results[i]!.content[0].text,
      search_result_index: i,
    }));
    return { text: 'Coffee came up with Ana and on a rainy evening.', citations };
  },
];

const sent = () => t.api.callsTo('sendMessage').map((c) => c.payload);

describe('answers show the entries they rest on', () => {
  it('sends one search_result per entry, citations on, and links only the cited entries, in the order cited', async () => {
    await start();
    const seen: RecordedRequest[] = [];
    t.llm!.script(...coffeeQuestion([2, 0], seen));
    await t.send(textUpdate('@journal when did I have coffee?', { messageId: 70 }));

    const results = searchResultsOf(seen[0]!);
    const [ana, rainy, may] = [await idOf('Coffee with Ana'), await idOf('Rainy evening'), await idOf('May Day')];
    expect(results.map((r) => r.source)).toEqual([
      `journal://entry/${ana}`,
      `journal://entry/${rainy}`,
      `journal://entry/${may}`,
    ]);
    expect(results[0]).toEqual({
      type: 'search_result',
      source: `journal://entry/${ana}`,
      title: '2024-04-01 08:00',
      content: [{ type: 'text', text: 'Coffee with Ana\nWe talked about the rain.' }],
      citations: { enabled: true },
    });
    // The text travels once: in the search result, not in the JSON beside it.
    const json = lastToolResult(seen[0]!);
    expect(json.value.map((e: { id: number }) => e.id)).toEqual([ana, rainy, may]);
    expect(JSON.stringify(json)).not.toContain('We talked about the rain');
    expect(JSON.stringify(seen[0]!.body)).not.toContain('Coffee of another owner');

    const answer = sent().at(-1)!;
    expect(answer.text).toBe(
      `Coffee came up with Ana and on a rainy evening.\n\nFrom: 2024-05-01 09:00 /entry_${may} · 2024-04-01 08:00 /entry_${ana}`,
    );
    expect(answer.text).not.toContain(`/entry_${rainy}`);
    expect(answer.reply_parameters).toMatchObject({ message_id: 70 });
  });

  it('a cited answer the API splits into several blocks reads as one sentence: drafts, the message, the history', async () => {
    await start();
    t.llm!.script(...coffeeQuestion([0, 1]));
    await t.send(textUpdate('@journal when did I have coffee?'));
    const sentence = 'Coffee came up with Ana and on a rainy evening.';

    // The stand-in answered as the API does: text, text with citations, text; streamed with citations_delta.
    const answered = t.llm!.requests.at(-1)!;
    expect(answered.body.stream).toBe(true);
    const events = streamEvents(answered.answer!);
    expect(events.filter((e) => e.data.content_block?.type === 'text').length).toBe(3);
    expect(events.filter((e) => e.data.delta?.type === 'citations_delta').length).toBe(2);
    expect(sent().at(-1)!.text).toMatch(new RegExp(`^${sentence.replace(/\./g, '\\.')}\n\nFrom: `));
    for (const draft of t.api.callsTo('sendMessageDraft')) expect(sentence.startsWith(draft.payload.text)).toBe(true);

    // The stored turn keeps the blocks as sent (citations on the middle one); the next question sends them back.
    t.llm!.script({ text: 'Yes.' });
    const [answerId] = (await t.temp.db.selectFrom('conversation_message').select('message_id').execute()).map(
      (r) => r.message_id,
    );
    const { message } = textUpdate('and after that?');
    const botMessage = {
      message_id: answerId!,
      date: message.date,
      chat: message.chat,
      from: TEST_BOT_INFO,
      text: '…',
    };
    await t.send({ message: { ...message, reply_to_message: botMessage } });
    const history = t.llm!.requests.at(-1)!.body.messages as { role: string; content: any }[];
    const answerTurn = history.findLast((m) => m.role === 'assistant')!;
    const texts = answerTurn.content.filter((b: any) => b.type === 'text');
    expect(texts.map((b: any) => b.text).join('')).toBe(sentence);
    expect(texts.filter((b: any) => b.citations?.length).length).toBe(1);
  });

  it("/entry_<id> shows the owner's entry, and no one else's", async () => {
    await start();
    await t.send(textUpdate(`/entry_${await idOf('Evening run')}`));
    expect(sent().at(-1)!.text).toBe('2024-04-01 19:30\n\nEvening run\nRan 5 km in the park.');
    await t.send(textUpdate(`/entry_${await idOf('Coffee of another owner')}`));
    expect(sent().at(-1)!.text).toBe(NO_SUCH_ENTRY_TEXT);
  });

  it('links each cited entry to its page in the web view when PUBLIC_URL is set', async () => {
    await start({ PUBLIC_URL: 'https://journal.example.com' });
    t.llm!.script(...coffeeQuestion([0, 1]));
    await t.send(textUpdate('@journal when did I have coffee?'));
    const answer = sent().at(-1)!;
    const [ana, rainy] = [await idOf('Coffee with Ana'), await idOf('Rainy evening')];
    expect(answer.text).toMatch(/\n\nFrom: 2024-04-01 08:00 · 2024-04-20 21:00$/);
    const links = (answer.entities as { type: string; url?: string }[])
      .filter((e) => e.type === 'text_link')
      .map((e) => e.url);
    expect(links).toEqual([`https://journal.example.com/entry/${ana}`, `https://journal.example.com/entry/${rainy}`]);
  });

  it('quotes the one cited entry captured in this chat by replying to its message; /trace lists the citation', async () => {
    await start();
    await t.send(textUpdate('Coffee tasting at the roastery', { messageId: 41 }));
    const id = await idOf('Coffee tasting');
    const { local_day: day, local_time: time } = await t.temp.db
      .selectFrom('entry')
      .select(['local_day', 'local_time'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    t.llm!.script(
      { tools: [{ name: 'invokeMethod', input: { objId: 'journal', methodName: 'getEntry', args: { id } } }] },
      (req) => {
        const [only] = searchResultsOf(req);
        return {
          text: 'At the roastery.',
          citations: [{ source: only!.source, title: only!.title, cited_text: only!.content[0].text }],
        };
      },
    );
    await t.send(textUpdate('@journal where was I today?', { messageId: 42 }));
    const [answer, source] = sent().slice(-2);
    expect(answer).toMatchObject({ text: 'At the roastery.', reply_parameters: { message_id: 42 } });
    expect(source).toMatchObject({ text: `From: this entry, ${day} ${time}`, reply_parameters: { message_id: 41 } });

    await t.send(textUpdate('/trace'));
    expect(sent().at(-1)!.text).toContain(`Cited: ${day} ${time} (journal://entry/${id}).`);
  });

  it('an answer that cites nothing gets no From: line', async () => {
    await start();
    t.llm!.script(...coffeeQuestion([]));
    await t.send(textUpdate('@journal when did I have coffee?'));
    expect(sent().at(-1)!.text).toBe('Coffee came up with Ana and on a rainy evening.');
  });
});
