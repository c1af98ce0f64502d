// The product's seven acceptance lines, each checked on the exact JSON body the SDK sent to the Messages API stand-in
// when the owner asks "@journal how many days did I write in April?" in the chat.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AskOptions } from '../../src/journal/views/ask-method.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import type { ObjectInterface } from '../../src/objects/operations.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { lastToolResult, type RecordedRequest } from '../stand-ins/messages-api.ts';
import { aprilDayCount, ENTRIES, seedEntries } from '../llm/ask-setup.ts';

const QUESTION = '@journal how many days did I write in April?';

let t: TestApp;
let body: Record<string, any>;
let journal: ObjectInterface;
const userBlocks = () => body.messages[0].content as { type: string; text: string }[];
const context = () => userBlocks()[0]!.text;

beforeEach(async () => {
  t = await createTestApp({}, undefined, { messagesApi: true });
  await seedEntries(t.temp.db, OWNER_ID, ENTRIES);
  // As the bot describes it: with a reader model, so `ask` is among the methods (a surface without one omits it).
  const reader: AskOptions['reader'] = {
    model: 'reader',
    read: async () => {
      throw new Error('not read in this test');
    },
  };
  journal = await createJournalOperations(t.temp.db, OWNER_ID, { ask: { reader, maxEntries: 10 } }).analyzeObject(
    'journal',
  );
  t.llm!.script(...aprilDayCount());
  await t.send(textUpdate(QUESTION));
  body = (t.llm!.requests[0] as RecordedRequest).body;
});
afterEach(() => t.close());

describe('acceptance: objects in prompts', () => {
  it('1. objects can be used in prompts through @-mentions', async () => {
    expect(body.messages).toHaveLength(1);
    expect(context()).toContain(
      '<interface of="@journal">\nObject journal, kind so.idyllic.prototype#JournalCollection\n',
    );
    // A handle the model made is mentionable too, and brings its own interface.
    const handle = lastToolResult(t.llm!.requests[1]!).handle as string;
    t.llm!.script({ text: 'ok' });
    await t.send(textUpdate(`how many days in @${handle}?`));
    const next = t.llm!.requests[3]!.body.messages[0].content;
    expect(next[0].text).toContain(
      `<interface of="@${handle}">\nObject ${handle}, kind so.idyllic.prototype#JournalCollection\nJournal entries from 2024-04-01 to 2024-04-30`,
    );
  });

  it('2. when the request reaches the model, the mention has not been resolved into text', () => {
    expect(userBlocks().at(-1)).toEqual({ type: 'text', text: QUESTION });
    const raw = t.llm!.requests[0]!.raw;
    for (const [, text] of ENTRIES) expect(raw).not.toContain(text.split('\n')[1]);
    expect(JSON.stringify(body)).not.toMatch(/"(content|title)":"(Coffee with Ana|Evening run)/);
  });

  it('3. the relevant context about the object is injected (when needed) before the question', async () => {
    expect(userBlocks()).toHaveLength(2);
    expect(userBlocks()[0]!.text).toMatch(/^Today is 2024-06-01\.\n<interface of="@journal">/);
    expect(userBlocks()[1]!.text).toBe(QUESTION);
    expect(body.system[0].text).not.toContain('<interface');
    // Not needed again in a follow-up that already holds it, nor for a question that mentions nothing.
    const [answer] = await t.temp.db.selectFrom('conversation_message').select('message_id').execute();
    t.llm!.script({ text: 'ok' }, { text: 'ok' });
    const { message } = textUpdate('@journal and in May?');
    await t.send({
      message: {
        ...message,
        reply_to_message: {
          message_id: answer!.message_id,
          date: 0,
          chat: message.chat,
          from: { id: 4242, is_bot: true, first_name: 'Journal' },
          text: 'x',
        },
      },
    });
    expect(t.llm!.requests[3]!.body.messages.at(-1).content).toEqual([{ type: 'text', text: '@journal and in May?' }]);
    await t.send(textUpdate('/ask anything new?'));
    expect(t.llm!.requests[4]!.body.messages[0].content.map((b: any) => b.text)).toEqual([
      'Today is 2024-06-01.',
      'anything new?',
    ]);
  });

  it('4. with instructions for how to interpret its data', () => {
    expect(journal.interpretation.length).toBeGreaterThan(40);
    expect(context()).toContain(`About: ${journal.about}`);
    expect(context()).toContain(`Reading the data: ${journal.interpretation}`);
  });

  it('5. and for what each method does', () => {
    expect(journal.methods.length).toBeGreaterThan(5);
    for (const m of journal.methods) expect(context()).toContain(`\n- ${m.signature}: ${m.description}`);
  });

  it("6. the object's data section (its fields) is there", () => {
    const fields = journal.fields.map((f) => `${f.name} (${f.type}): ${f.description}`).join('; ');
    expect(context()).toContain(`\nData fields: ${fields}\n`);
    for (const name of ['id', 'date', 'time', 'title', 'content']) expect(fields).toContain(`${name} (`);
  });

  it('7. and its functions (methods) are there, callable through the tools', () => {
    const methodLines = context().split('Methods:\n')[1]!.split('\n</interface>')[0]!.split('\n');
    expect(methodLines).toEqual(journal.methods.map((m) => `- ${m.signature}: ${m.description}`));
    const tools = Object.fromEntries(body.tools.map((tool: any) => [tool.name, tool.input_schema]));
    expect(Object.keys(tools)).toEqual(['analyzeObject', 'invokeMethod', 'listObjects', 'listKinds', 'describeKind']);
    expect(tools.analyzeObject.required).toEqual(['objId']);
    expect(tools.invokeMethod.required).toEqual(['objId', 'methodName', 'args']);
  });
});
