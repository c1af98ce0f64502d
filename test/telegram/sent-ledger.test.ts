// The ledger of what was sent to a model, end to end on the real bot, SDK and store against the stand-ins: a question
// that reads one day's entries itself and asks a reader about another day records both (ids, days, endpoint, model);
// /trace names the count and days, /sent and `npm run journal -- sent` list them; the ledger holds no entry text.
// Models are given custom names and the stand-in's URL, as a local model server (Ollama, llama.cpp) would be.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeStores } from '../helpers/stores.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { testJournalKey } from '../helpers/temp-db.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { lastToolResult, type MessagesApiStandIn, type Turn } from '../stand-ins/messages-api.ts';
import { ENTRIES, seedEntries } from '../llm/ask-setup.ts';

const MODEL = 'local-llama-3.3-70b';
const READER = 'local-qwen-2.5-7b';

describeStores('the ledger of what was sent', (store) => {
  let t: TestApp;
  let llm: MessagesApiStandIn;
  beforeEach(async () => {
    t = await createTestApp(
      { ANTHROPIC_MODEL: MODEL, ANTHROPIC_READER_MODEL: READER },
      () => new Date('2024-06-01T12:00:00Z'),
      { messagesApi: true },
    );
    llm = t.llm!;
    await seedEntries(t.temp.db, OWNER_ID, ENTRIES);
    await seedEntries(t.temp.db, OWNER_ID + 1, [['2024-04-05T10:00:00Z', "Someone else's diary"]]);
  });
  afterEach(() => t.close());

  const replies = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));

  /** Reads 2024-04-01 itself (two entries' text in a tool result), then asks the reader about 2024-04-20 (two more). */
  const script = (): Turn[] => [
    {
      tools: [
        {
          name: 'invokeMethod',
          input: { objId: 'journal', methodName: 'getEntriesForDay', args: { date: '2024-04-01' } },
        },
      ],
    },
    {
      tools: [
        {
          name: 'invokeMethod',
          input: {
            objId: 'journal',
            methodName: 'getDateRangeView',
            args: { startDate: '2024-04-20', endDate: '2024-04-20' },
          },
        },
      ],
    },
    (req) => ({
      tools: [
        {
          name: 'invokeMethod',
          input: { objId: lastToolResult(req).handle, methodName: 'ask', args: { question: 'What was the mood?' } },
        },
      ],
    }),
    { text: 'Coffee, a run, a report and rain.' },
  ];

  it(
    'records ids, days, endpoint and model, never text; /trace, /sent and the CLI show them',
    { timeout: PROCESS_TEST_MS },
    async () => {
      llm.serveModel(READER, () => ({ text: 'Rainy and busy (2024-04-20).' }));
      llm.script(...script());
      await t.send(textUpdate('@journal how was early and late April?'));
      expect(replies().at(-1)).toBe('Coffee, a run, a report and rain.');

      const rows = await t.temp.db.selectFrom('sent_ledger').selectAll().orderBy('local_day').execute();
      const ids = async (day: string) =>
        (
          await t.temp.db
            .selectFrom('entry')
            .select('id')
            .where('owner_id', '=', OWNER_ID)
            .where('local_day', '=', day)
            .orderBy('id')
            .execute()
        ).map((r) => Number(r.id));
      expect(
        rows.map((r) => ({
          ...r,
          id: undefined,
          owner_id: Number(r.owner_id),
          conversation_id: Number(r.conversation_id),
          entry_ids: JSON.parse(r.entry_ids),
        })),
      ).toEqual([
        {
          id: undefined,
          owner_id: OWNER_ID,
          sent_at: '2024-06-01T12:00:00.000Z',
          endpoint: llm.url,
          model: MODEL,
          via: 'answer',
          conversation_id: expect.any(Number),
          local_day: '2024-04-01',
          entry_count: 2,
          image_count: 0,
          entry_ids: await ids('2024-04-01'),
        },
        {
          id: undefined,
          owner_id: OWNER_ID,
          sent_at: '2024-06-01T12:00:00.000Z',
          endpoint: llm.url,
          model: READER,
          via: 'reader',
          conversation_id: expect.any(Number),
          local_day: '2024-04-20',
          entry_count: 2,
          image_count: 0,
          entry_ids: await ids('2024-04-20'),
        },
      ]);
      // Ids and counts only: no line of any entry is in the ledger.
      const ledgerText = JSON.stringify(rows);
      for (const [, text] of ENTRIES) for (const line of text.split('\n')) expect(ledgerText).not.toContain(line);

      await t.send(textUpdate('/trace'));
      expect(replies().at(-1)).toContain("Sent to the model: 4 entries' text from 2024-04-01–2024-04-20.");

      await t.send(textUpdate('/sent'));
      expect(replies().at(-1)).toBe(
        [
          'Entries whose text was sent to a model, by the day they were written:',
          `2024-04-20  2 entries → ${llm.url} (${READER})`,
          `2024-04-01  2 entries → ${llm.url} (${MODEL})`,
          'In all: 4 entries sent (an entry counts once per question), to 1 endpoint.',
        ].join('\n'),
      );
      await t.send(textUpdate('/sent 2024-06-02'));
      expect(replies().at(-1)).toBe("No entry's text was sent to a model since 2024-06-02.");
      await t.send(textUpdate('/sent yesterday'));
      expect(replies().at(-1)).toMatch(/^"yesterday" is not a day\. Use \/sent/);

      if (store !== 'sqlite') return; // the CLI reads the SQLite file; on PostgreSQL it reads DATABASE_URL the same way
      const key = testJournalKey();
      const cli = await runEntryPoint('src/cli/journal.ts', ['sent', '--since', '2024-06-01'], {
        cwd: t.temp.dir,
        env: { DATABASE_PATH: t.temp.file, ALLOWED_USER_IDS: String(OWNER_ID), ...(key ? { JOURNAL_KEY: key } : {}) },
      });
      expect(cli.stderr).toBe('');
      expect(cli.stdout).toContain(`2024-04-20  2 entries → ${llm.url} (${READER})`);
      expect(cli.stdout).toContain(`2024-04-01  2 entries → ${llm.url} (${MODEL})`);
    },
  );

  it('a question answered from counts alone sends no entry text and records nothing', async () => {
    llm.script(
      { tools: [{ name: 'invokeMethod', input: { objId: 'journal', methodName: 'getTotalEntryCount', args: {} } }] },
      { text: 'Seven.' },
    );
    await t.send(textUpdate('@journal how many entries?'));
    expect(await t.temp.db.selectFrom('sent_ledger').selectAll().execute()).toEqual([]);
    await t.send(textUpdate('/trace'));
    expect(replies().at(-1)).toContain("Sent to the model: no entry's text");
    await t.send(textUpdate('/sent'));
    expect(replies().at(-1)).toBe("No entry's text was sent to a model.");
  });
});
