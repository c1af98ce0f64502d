// Rich replies (Bot API 10.1–10.3) through both stand-ins: /review and /onthisday as one sendRichMessage (a table of
// the days, a collage of their photos, each day expandable, citations as links), the plain messages when Telegram
// refuses rich ones, and the Stop button under a draft answer ending the generation with the partial answer kept.
import { afterEach, describe, expect, it } from 'vitest';
import { STOPPED_MARK } from '../../src/llm/answer-text.ts';
import { richMessageText } from '../../src/try/rich-message-text.ts';
import { ALLOWED_UPDATES } from '../../src/telegram/intake/allowed-updates.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import type { RecordedRequest } from '../stand-ins/messages-api.ts';

let t: TestApp;
afterEach(async () => {
  // Each test that starts an app closes it once (the last test starts none).
  const app = t as TestApp | undefined;
  t = undefined!;
  await app?.close();
});

const rich = () => t.api.callsTo('sendRichMessage').map((c) => c.payload);
const plain = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));
const blocksOf = (payload: Record<string, any>, type: string) =>
  (payload.rich_message.blocks as Record<string, any>[]).filter((b) => b.type === type);

/** A photo of the entry with this content, as a live message leaves it (Telegram's file id, bytes not yet kept). */
async function addPhoto(content: string, fileId: string) {
  const entry = await t.temp.db
    .selectFrom('entry')
    .select('id')
    .where('content', '=', content)
    .executeTakeFirstOrThrow();
  await t.temp.db
    .insertInto('entry_media')
    .values({
      entry_id: entry.id,
      owner_id: OWNER_ID,
      position: 0,
      kind: 'photo',
      sha256: null,
      mime_type: 'image/jpeg',
      size: 10,
      width: 1,
      height: 1,
      duration_seconds: null,
      file_name: null,
      file_id: fileId,
      state: 'reference',
      note: 'test',
      next_at: null,
      last_error: null,
    })
    .execute();
}

describe('/onthisday as a rich message', () => {
  const seed = async () => {
    t = await createTestApp({}, () => new Date('2026-04-02T12:00:00Z'));
    await seedEntries(t.temp.db, OWNER_ID, [
      ['2022-04-02T08:00:00Z', 'Spring cleaning'],
      ['2024-04-02T07:00:00Z', 'Coffee with Ana'],
      ['2024-04-02T18:00:00Z', 'Evening run'],
    ]);
    await addPhoto('Coffee with Ana', 'photo-ana');
  };

  it('one message: the count, a table of the years, their photos, each day expandable', async () => {
    await seed();
    await t.send(textUpdate('/onthisday'));
    expect(plain()).toEqual([]);
    const [message] = rich();
    expect(message!.chat_id).toBe(OWNER_ID);
    expect(message!.rich_message.blocks[0]).toEqual({
      type: 'paragraph',
      text: 'On this day, 04-02 (MM-DD): 3 entries from 2 years.',
    });
    const [table] = blocksOf(message!, 'table');
    expect(table!.cells.map((row: { text: string }[]) => row.map((c) => c.text))).toEqual([
      ['Day', 'Entries'],
      ['2024-04-02 · 2 years ago', '2'],
      ['2022-04-02 · 4 years ago', '1'],
    ]);
    const [collage] = blocksOf(message!, 'collage');
    expect(collage!.blocks).toEqual([{ type: 'photo', photo: { type: 'photo', media: 'photo-ana' } }]);
    expect(blocksOf(message!, 'details')).toEqual([
      {
        type: 'details',
        summary: '2024-04-02 · 2 years ago · 2 entries',
        blocks: [
          { type: 'paragraph', text: '07:00 Coffee with Ana' },
          { type: 'paragraph', text: '18:00 Evening run' },
        ],
      },
      {
        type: 'details',
        summary: '2022-04-02 · 4 years ago · 1 entry',
        blocks: [{ type: 'paragraph', text: '08:00 Spring cleaning' }],
      },
    ]);
    // npm run try's terminal prints the same message as text.
    expect(richMessageText(message!.rich_message).split('\n')).toEqual([
      'On this day, 04-02 (MM-DD): 3 entries from 2 years.',
      'Day | Entries',
      '2024-04-02 · 2 years ago | 2',
      '2022-04-02 · 4 years ago | 1',
      '[1 photo(s)]',
      '▸ 2024-04-02 · 2 years ago · 2 entries',
      '  07:00 Coffee with Ana',
      '  18:00 Evening run',
      '▸ 2022-04-02 · 4 years ago · 1 entry',
      '  08:00 Spring cleaning',
    ]);
  });

  it("falls back to today's plain message when Telegram refuses rich messages", async () => {
    await seed();
    t.api.refuseRichMessages();
    await t.send(textUpdate('/onthisday'));
    expect(t.api.callsTo('sendRichMessage')).toHaveLength(1);
    expect(plain()).toEqual([
      'On this day, 04-02 (MM-DD): 3 entries from 2 years.\n\n2024-04-02 · 2 years ago\n07:00 Coffee with Ana\n18:00 Evening run\n\n2022-04-02 · 4 years ago\n08:00 Spring cleaning',
    ]);
    expect(t.logger.lines.some((l) => l.includes('rich.refused'))).toBe(true);
  });
});

describe('/review as a rich message', () => {
  const seed = async () => {
    // Sunday 2026-03-08, 20:00 UTC.
    t = await createTestApp({}, () => new Date('2026-03-08T20:00:00Z'), { messagesApi: true });
    await seedEntries(t.temp.db, OWNER_ID, [
      ['2026-03-01T09:00:00Z', 'Too early for the week'],
      ['2026-03-02T09:00:00Z', 'Monday: long walk'],
      ['2026-03-02T21:00:00Z', 'Monday night: tired'],
      ['2026-03-05T09:00:00Z', 'Thursday: pottery class'],
    ]);
    await addPhoto('Thursday: pottery class', 'photo-pot');
    const walk = await t.temp.db.selectFrom('entry').select('id').where('content', '=', 'Monday: long walk').execute();
    // The model reads the week's view, then answers citing the walk.
    const handle = (req: RecordedRequest) =>
      /Review @([0-9a-f-]{36})/.exec(JSON.stringify(req.body.messages[0].content))![1]!;
    t.llm!.script(
      (req) => ({
        tools: [{ name: 'invokeMethod', input: { objId: handle(req), methodName: 'getEntries', args: { limit: 50 } } }],
      }),
      { text: 'Walking helped.', citations: [{ source: `journal://entry/${walk[0]!.id}` }] },
    );
    return walk[0]!.id;
  };

  it('one message replying to /review: the answer, a table of the 7 days, the photos, the days, the sources', async () => {
    const walkId = await seed();
    await t.send(textUpdate('/review week', { messageId: 70 }));
    expect(plain()).toEqual([]);
    const [message] = rich();
    expect(message!.reply_parameters).toMatchObject({ message_id: 70 });
    const paragraphs = blocksOf(message!, 'paragraph').map((b) => JSON.stringify(b.text));
    expect(paragraphs[0]).toContain('Review of the last 7 days (2026-03-02 to 2026-03-08): 2 days written, 3 entries.');
    expect(paragraphs.join(' ')).toContain('Walking helped.');
    const [table] = blocksOf(message!, 'table');
    const rows = table!.cells.map((row: { text: string }[]) => row.map((c) => c.text));
    expect(rows[0]).toEqual(['Day', 'Entries', 'Words']);
    expect(rows.slice(1)).toEqual([
      ['Mon 2026-03-02', '2', '6'],
      ['Tue 2026-03-03', '0', '0'],
      ['Wed 2026-03-04', '0', '0'],
      ['Thu 2026-03-05', '1', '3'],
      ['Fri 2026-03-06', '0', '0'],
      ['Sat 2026-03-07', '0', '0'],
      ['Sun 2026-03-08', '0', '0'],
    ]);
    expect(blocksOf(message!, 'collage')[0]!.blocks).toEqual([
      { type: 'photo', photo: { type: 'photo', media: 'photo-pot' } },
    ]);
    expect(blocksOf(message!, 'details').map((d) => d.summary)).toEqual([
      'Monday 2026-03-02 · 2 entries',
      'Thursday 2026-03-05 · 1 entry',
    ]);
    // The citation, as the last paragraph: a link to the cited entry only (no Mini App or web view: its command).
    const from = JSON.stringify(blocksOf(message!, 'paragraph').at(-1)!.text);
    expect(from).toContain(`From: 2026-03-02 09:00 /entry_${walkId}`);
    expect(JSON.stringify(message)).not.toContain('Too early for the week');
  });

  it("falls back to today's plain messages when Telegram refuses rich messages", async () => {
    const walkId = await seed();
    t.api.refuseRichMessages();
    await t.send(textUpdate('/review week', { messageId: 70 }));
    expect(t.api.callsTo('sendRichMessage')).toHaveLength(1);
    const [text] = plain();
    expect(text).toMatch(/^Review of the last 7 days \(2026-03-02 to 2026-03-08\): 2 days written, 3 entries\./);
    expect(text).toContain('Walking helped.');
    // The one entry cited was captured in this chat: its message is quoted, as in any plain answer.
    expect(plain()[1]).toBe('From: this entry, 2026-03-02 09:00');
    expect(walkId).toBeGreaterThan(0);
  });
});

describe('the Stop button under a draft answer', () => {
  it('ends the generation: the partial answer is kept, sent and marked stopped', async () => {
    t = await createTestApp({}, undefined, { messagesApi: true });
    let release!: () => void;
    const never = new Promise<void>((resolve) => (release = resolve));
    t.llm!.script({ holdAfterChars: 24, until: never, then: { text: '**April** was _busy_: you wrote a lot.' } });
    const updateId = await t.deliver(textUpdate('@journal how was April?', { messageId: 5 }));
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'sendMessageDraft'));
    expect(t.api.callsTo('sendMessageDraft')[0]!.payload).toMatchObject({ draft_id: updateId, can_stop: true });

    await t.deliver({
      stopped_message_generation: { chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' }, draft_id: updateId },
    });
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'sendMessage'));
    await t.app.idle();
    release();
    expect(plain()).toEqual([`April was busy: yo\n\n${STOPPED_MARK}`]);
    expect(t.api.callsTo('sendMessage')[0]!.payload.reply_parameters).toMatchObject({ message_id: 5 });
    // The conversation keeps the partial answer: a reply to it follows up on what was written.
    const stored = await t.temp.db.selectFrom('conversation').selectAll().execute();
    expect(JSON.stringify(stored)).toContain('**April** was _busy_: yo');
  });

  it('is asked for: polling lists stopped_message_generation in allowed_updates', () => {
    expect(ALLOWED_UPDATES).toContain('stopped_message_generation');
    expect(ALLOWED_UPDATES).toEqual(expect.arrayContaining(['message', 'edited_message', 'callback_query']));
  });
});
