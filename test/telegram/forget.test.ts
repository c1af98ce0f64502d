// /forget in the chat, end to end: the real bot, SDK and SQLite against the Bot API and Messages API stand-ins.
// An entry holding a planted string, edited once, tagged, read by a question and by an `ask`: after /forget → Forget
// and a stop, the string is in no table and nowhere in the journal file's or its -wal's bytes; other entries intact.
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_READER_MODEL } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import {
  CONFIRM_PHRASE,
  EVERYTHING_PROMPT_HEAD,
  FORGET_USAGE,
  NOT_AN_ENTRY_TEXT,
} from '../../src/telegram/features/forget.ts';
import { strangerLine } from '../../src/telegram/features/access.ts';
import { forgetEntry } from '../../src/journal/forget/forget.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { editUpdate, OWNER_ID, STRANGER_ID, textUpdate } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';

const PLANTED = 'xyzzyplanted';
const DAY = Math.floor(Date.UTC(2024, 3, 15, 9, 0) / 1000);

let t: TestApp;
afterEach(() => t.close());

const owner = { id: OWNER_ID, is_bot: false, first_name: 'Owner' };
const chat = { id: OWNER_ID, type: 'private', first_name: 'Owner' };

/** The owner's reply to a message (theirs or the bot's). */
function replyTo(replied: Record<string, unknown>, text: string, messageId: number) {
  const { message } = textUpdate(text, { messageId });
  return { message: { ...message, reply_to_message: replied } };
}

function press(data: string, prompt: Record<string, unknown>, from = owner) {
  return { callback_query: { id: `cb-${data}`, from, chat_instance: 'ci', data, message: prompt } };
}

const sentTexts = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));
const editedTexts = () => t.api.callsTo('editMessageText').map((c) => String(c.payload.text));

/** Every row of every table as text (the FTS shadow tables included): where a string could still be found. */
async function everyRowText(file: string): Promise<string> {
  const db = openDatabase(file);
  try {
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql`SELECT * FROM ${sql.table(name)}`.execute(db);
      parts.push(
        JSON.stringify(rows.rows, (_k, v: unknown) =>
          Buffer.isBuffer(v) || v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v,
        ),
      );
    }
    return parts.join('\n');
  } finally {
    await db.destroy();
  }
}

const fileBytes = (file: string) =>
  Buffer.concat([readFileSync(file), ...(existsSync(`${file}-wal`) ? [readFileSync(`${file}-wal`)] : [])]);

describe('/forget an entry', () => {
  beforeEach(async () => {
    t = await createTestApp({}, undefined, { messagesApi: true });
  });

  it('removes the entry and every copy: no table and no byte of the file or its -wal holds it, other entries intact', async () => {
    const llm = t.llm!;
    const entryMessage = {
      message_id: 100,
      date: DAY,
      chat,
      from: owner,
      text: `Bank login #secretstuff\nthe code is ${PLANTED} 4411`,
    };
    await t.send({ message: entryMessage });
    await t.send(editUpdate(`Bank login #secretstuff\nthe code is ${PLANTED} 4412, changed`, 100, { date: DAY }));
    await t.send(textUpdate('A long walk by the river with Ana', { messageId: 101, date: DAY + 600 }));

    // A question whose tool result carries the entry's text, then an ask whose reader reads it and quotes it.
    llm.script(
      {
        tools: [
          {
            name: 'invokeMethod',
            input: { objId: 'journal', methodName: 'getEntriesForDay', args: { date: '2024-04-15' } },
          },
        ],
      },
      { text: 'You wrote two entries that day.' },
    );
    await t.send(textUpdate('@journal what did I write on 2024-04-15?', { messageId: 102, date: DAY + 700 }));
    llm.serveModel(DEFAULT_READER_MODEL, () => ({ text: `On 2024-04-15 you noted a code, ${PLANTED} 4412.` }));
    llm.script(
      {
        tools: [
          {
            name: 'invokeMethod',
            input: { objId: 'journal', methodName: 'ask', args: { question: 'What codes did I note?' } },
          },
        ],
      },
      { text: 'One code, noted on 2024-04-15.' },
    );
    await t.send(textUpdate('@journal which codes did I note?', { messageId: 103, date: DAY + 800 }));
    expect(llm.requests.some((r) => r.body.model === DEFAULT_READER_MODEL && r.raw.includes(PLANTED))).toBe(true);
    expect(await t.temp.db.selectFrom('ask_cache').select('key').execute()).toHaveLength(1);
    expect(fileBytes(t.temp.file).includes(PLANTED)).toBe(true);

    // Reply /forget to the journal message: its date and first line, with Forget and Keep.
    await t.send(replyTo({ ...entryMessage, text: 'Bank login #secretstuff' }, '/forget', 104));
    const prompt = t.api.callsTo('sendMessage').at(-1)!.payload;
    expect(prompt.text).toMatch(/^Forget this entry\?\n2024-04-15 09:00 · #1\nBank login #secretstuff\n/);
    expect(prompt.reply_parameters).toEqual({ message_id: 100, allow_sending_without_reply: true });
    expect(
      prompt.reply_markup.inline_keyboard[0].map((b: { text: string; callback_data: string }) => [
        b.text,
        b.callback_data,
      ]),
    ).toEqual([
      ['Forget', 'forget:1'],
      ['Keep', 'keep:1'],
    ]);

    const promptMessage = {
      message_id: 20_000,
      date: DAY + 900,
      chat,
      from: TEST_BOT_INFO,
      text: prompt.text,
      reply_to_message: entryMessage,
    };
    await t.send(press('forget:1', promptMessage));
    expect(editedTexts().at(-1)).toBe(
      'Forgotten: the entry of 2024-04-15 (#1) and every copy the bot kept of it are gone.',
    );
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.payload).toMatchObject({ text: 'Forgotten' });

    // A stop and a start (the database closed and opened again), then every table and the bytes.
    await t.restart();
    expect(await everyRowText(t.temp.file)).not.toContain(PLANTED);
    const bytes = fileBytes(t.temp.file);
    expect(bytes.includes(PLANTED)).toBe(false);
    expect(bytes.includes('secretstuff')).toBe(false);
    expect(bytes.includes('A long walk by the river with Ana')).toBe(true);

    const db = t.temp.db;
    const vocab = await (async () => {
      await sql`CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, entry_fts, 'row')`.execute(db);
      return (await sql<{ term: string }>`SELECT term FROM temp.terms`.execute(db)).rows.map((r) => r.term);
    })();
    expect(vocab).toContain('river');
    expect(vocab.filter((term) => term.startsWith('xyzzy') || term === 'secretstuff' || term === 'bank')).toEqual([]);
    expect(await db.selectFrom('entry').select(['id', 'content']).execute()).toEqual([
      { id: 2, content: 'A long walk by the river with Ana' },
    ]);
    // The question that quoted it is gone; a reply to its answer starts fresh.
    expect(await db.selectFrom('conversation').select('id').execute()).toEqual([]);
  });

  it('an entry forgotten while a question that read it is still running: the finished question keeps no copy', async () => {
    const llm = t.llm!;
    await t.send(textUpdate(`Locker combination ${PLANTED} 7788`, { messageId: 100, date: DAY }));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    llm.script(
      {
        tools: [
          {
            name: 'invokeMethod',
            input: { objId: 'journal', methodName: 'getEntriesForDay', args: { date: '2024-04-15' } },
          },
        ],
      },
      { until: released, then: { text: 'One entry that day.' } },
    );
    await t.deliver(textUpdate('@journal what did I write on 2024-04-15?', { messageId: 101, date: DAY + 60 }));
    // The tool result holding the entry's text has gone to the model; its answer is held open.
    const deadline = Date.now() + 30_000;
    while (llm.requests.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(llm.requests[1]!.raw).toContain(PLANTED);
    expect(await forgetEntry(t.temp.db, OWNER_ID, 1)).toMatchObject({ type: 'forgotten' });
    release();
    await t.app.idle();
    expect(sentTexts()).toContain('One entry that day.');
    await t.restart();
    expect(await everyRowText(t.temp.file)).not.toContain(PLANTED);
    expect(await t.temp.db.selectFrom('conversation').select('id').execute()).toEqual([]);
  });

  it('says what it needs, keeps on Keep, and answers nobody else', async () => {
    await t.send(textUpdate('Dinner with Marek', { messageId: 200 }));
    await t.send(textUpdate('/forget', { messageId: 201 }));
    await t.send(replyTo({ message_id: 9, date: DAY, chat, from: TEST_BOT_INFO, text: 'an answer' }, '/forget', 202));
    await t.send(textUpdate('/forget 999', { messageId: 203 }));
    expect(sentTexts()).toEqual([
      FORGET_USAGE,
      NOT_AN_ENTRY_TEXT,
      `There is no entry #999 in your journal. ${FORGET_USAGE}`,
    ]);

    await t.send(textUpdate('/forget 1', { messageId: 204 }));
    expect(sentTexts().at(-1)).toMatch(/^Forget this entry\?\n2024-04-15 09:00 · #1\nDinner with Marek/);
    const prompt = { message_id: 20_001, date: DAY, chat, from: TEST_BOT_INFO, text: sentTexts().at(-1) };

    // A stranger's press reaches nothing; the other owner's press finds no such entry of theirs.
    await t.send(
      press(
        'forget:1',
        { ...prompt, chat: { id: STRANGER_ID, type: 'private' } },
        { id: STRANGER_ID, is_bot: false, first_name: 'S' },
      ),
    );
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.payload).toMatchObject({ text: strangerLine(STRANGER_ID) });
    await t.send(press('keep:1', prompt));
    expect(editedTexts()).toEqual(['Kept: entry #1 stays in your journal.']);
    expect(await t.temp.db.selectFrom('entry').select('content').execute()).toEqual([{ content: 'Dinner with Marek' }]);
    // Commands are not entries.
    expect(t.api.callsTo('setMessageReaction')).toHaveLength(1);
  });
});

describe('/forget everything', () => {
  beforeEach(async () => {
    t = await createTestApp({ ALLOWED_USER_IDS: `${OWNER_ID},${STRANGER_ID}` });
  });

  it('asks for a typed confirmation as a reply, then deletes every row of the owner and none of the other', async () => {
    await t.send(textUpdate('Mine #one', { messageId: 300 }));
    await t.send(textUpdate('Also mine', { messageId: 301 }));
    await t.send(textUpdate('The other owner writes', { messageId: 302, from: STRANGER_ID }));
    await t.send(textUpdate('/digest 08:00', { messageId: 303 }));

    await t.send(textUpdate('/forget everything', { messageId: 304 }));
    const prompt = t.api.callsTo('sendMessage').at(-1)!.payload;
    expect(prompt.text).toContain(EVERYTHING_PROMPT_HEAD);
    expect(prompt.text).toContain('all 2 entries');
    expect(prompt.reply_markup).toMatchObject({ force_reply: true });
    const promptMessage = { message_id: 20_002, date: DAY, chat, from: TEST_BOT_INFO, text: prompt.text };

    // A wrong phrase deletes nothing and is not an entry either.
    await t.send(replyTo(promptMessage, 'delete it', 305));
    expect(sentTexts().at(-1)).toMatch(/^Nothing was deleted/);
    expect(
      await t.temp.db.selectFrom('entry').select('content').where('owner_id', '=', OWNER_ID).execute(),
    ).toHaveLength(2);

    await t.send(replyTo(promptMessage, 'Delete my journal.', 306));
    expect(sentTexts().at(-1)).toMatch(/^Forgotten: your whole journal \(2 entries\)/);
    const db = t.temp.db;
    for (const table of [
      'entry',
      'entry_tag',
      'digest_subscription',
      'object_handle',
      'conversation',
      'job',
      'ask_cache',
    ] as const) {
      const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
      expect(
        rows.filter((r) => r.owner_id === OWNER_ID),
        table,
      ).toEqual([]);
    }
    const inbox = await db.selectFrom('update_inbox').select('payload').execute();
    expect(inbox.filter((r) => r.payload?.includes(`"id":${OWNER_ID}`))).toEqual([]);
    expect(await db.selectFrom('entry').select('content').execute()).toEqual([{ content: 'The other owner writes' }]);
    expect(CONFIRM_PHRASE).toBe('delete my journal');
  });
});
