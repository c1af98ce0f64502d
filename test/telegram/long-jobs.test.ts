// Every long task is a job: /review (and the digest's review button), /export and an export sent as a document run
// apart from capture. The Messages API stand-in holds the review's answer open until the test lets go (as a 60 s
// answer would, for as long as the five entries take; the Bot API stand-in likewise holds an upload or a download):
// entries sent meanwhile are each stored and acknowledged within 2 s. Each job's reply is sent once: a job cut off
// after its reply went out is not run again, one cut off before runs again and replies once, and an import cut off
// after its status message goes on in that message.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REVIEW_WEEK_DATA } from '../../src/telegram/digest-delivery.ts';
import { notFinishedText } from '../../src/telegram/jobs/job-runner.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { describeStores } from '../helpers/stores.ts';
import { documentUpdate, OWNER_ID, textUpdate } from '../helpers/updates.ts';

let t: TestApp;
afterEach(() => t.close());

/** How long a wait for one acknowledgement may take before the test says what it waited for (not a speed claim). */
const ACK_WAIT_MS = 10_000;
const REVIEW_HEAD = 'Review of the last 7 days (2026-03-02 to 2026-03-08): 2 days written, 2 entries.';

/** A promise the test settles: what a stand-in holds its answer open until. */
function gate() {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const texts = (method: string) => t.api.callsTo(method).map((c) => String(c.payload.text ?? c.payload.caption));
const reacted = (messageId: number) =>
  t.api.callsTo('setMessageReaction').some((c) => c.payload.message_id === messageId);
const stored = async (messageId: number) =>
  (await t.temp.db
    .selectFrom('entry')
    .select('id')
    .where('message_id', '=', messageId)
    .where('source', '=', 'live')
    .executeTakeFirst()) !== undefined;
const jobs = () =>
  t.temp.db.selectFrom('job').select(['kind', 'status', 'replied_at', 'reply_message_id']).orderBy('id').execute();

/**
 * Sends five entries one after another while a job is held (its gate is still shut): each is stored and acknowledged
 * before the next is sent, so none waits for the job. Awaited events, not a time bound.
 */
async function fiveEntriesAcknowledged(firstId: number): Promise<void> {
  for (let id = firstId; id < firstId + 5; id++) {
    await t.deliver(textUpdate(`written meanwhile ${id}`, { messageId: id }));
    await waitFor(async () => reacted(id) && (await stored(id)), `the ✍ and the entry of message ${id}`, ACK_WAIT_MS);
  }
}

async function reviewApp() {
  // Sunday 2026-03-08, 20:00 UTC; two entries in the week.
  t = await createTestApp({}, () => new Date('2026-03-08T20:00:00Z'), { messagesApi: true });
  t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
  await seedEntries(t.temp.db, OWNER_ID, [
    ['2026-03-02T09:00:00Z', 'Monday: long walk'],
    ['2026-03-05T09:00:00Z', 'Thursday: pottery class'],
  ]);
}

const reviewButton = (messageId: number) => ({
  callback_query: {
    id: `cb-${messageId}`,
    chat_instance: '1',
    data: REVIEW_WEEK_DATA,
    from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
    message: {
      message_id: messageId,
      date: 0,
      chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' },
      text: 'Your digest…',
    },
  },
});

describe('a review runs as a job', () => {
  it('/review week: five entries sent while the model holds the review open are each acknowledged within 2 s; the review is sent once', async () => {
    await reviewApp();
    const model = gate();
    t.llm!.script({ until: model.until, then: { text: 'Walking and pottery.' } });
    await t.deliver(textUpdate('/review week', { messageId: 70 }));
    await waitFor(() => t.llm!.requests.length === 1, 'the review to reach the model');

    await fiveEntriesAcknowledged(71);
    expect(texts('sendMessage')).toEqual([]); // the review is still open
    expect((await jobs()).map((j) => [j.kind, j.status])).toEqual([['review', 'running']]);

    model.release();
    await t.app.idle();
    expect(texts('sendMessage')).toEqual([`${REVIEW_HEAD}\n\nWalking and pottery.`]);
    expect(t.api.callsTo('sendMessage')[0]!.payload.reply_parameters).toMatchObject({ message_id: 70 });
    expect((await jobs()).map((j) => j.status)).toEqual(['done']);
  });

  it("the digest's review button: answered at once, capture goes on while the review is held, the review is sent once", async () => {
    await reviewApp();
    const model = gate();
    t.llm!.script({ until: model.until, then: { text: 'A calm week.' } });
    await t.deliver(reviewButton(900));
    await waitFor(() => t.llm!.requests.length === 1, 'the review to reach the model');
    expect(t.api.callsTo('answerCallbackQuery')).toHaveLength(1); // the button stopped spinning before the model answered

    await fiveEntriesAcknowledged(901);
    model.release();
    await t.app.idle();
    expect(texts('sendMessage')).toEqual([`${REVIEW_HEAD}\n\nA calm week.`]);
    expect(t.api.callsTo('sendMessage')[0]!.payload.reply_parameters).toMatchObject({ message_id: 900 });
  });

  it('cut off before its reply went out, it runs again at the next start and is sent once', async () => {
    await reviewApp();
    t.llm!.script(
      { until: new Promise(() => undefined), then: { text: 'never sent' } },
      { text: 'After the restart.' },
    );
    await t.deliver(textUpdate('/review week', { messageId: 80 }));
    await waitFor(() => t.llm!.requests.length === 1, 'the review to reach the model');
    await t.restart();
    await t.app.idle();
    expect(texts('sendMessage')).toEqual([`${REVIEW_HEAD}\n\nAfter the restart.`]);
    expect((await jobs()).map((j) => j.status)).toEqual(['done']);
  });

  it('cut off three times, it is given up with a Retry button that runs it again and sends it once', async () => {
    await reviewApp();
    const never = () => ({ until: new Promise(() => undefined), then: { text: 'never sent' } });
    t.llm!.script(never(), never(), never());
    await t.deliver(reviewButton(950));
    for (let n = 1; n <= 3; n++) {
      await waitFor(() => t.llm!.requests.length === n, `start ${n} to reach the model`);
      await t.restart();
    }
    const [notice] = t.api.callsTo('sendMessage').map((c) => c.payload);
    expect(notice).toMatchObject({ text: notFinishedText('your review'), reply_parameters: { message_id: 950 } });

    t.llm!.script({ text: 'Retried.' });
    const retry = {
      ...reviewButton(10_000),
      callback_query: {
        ...reviewButton(10_000).callback_query,
        data: notice!.reply_markup.inline_keyboard[0][0].callback_data,
      },
    };
    await t.send(retry);
    expect(texts('sendMessage')).toEqual([notFinishedText('your review'), `${REVIEW_HEAD}\n\nRetried.`]);
    expect((await jobs()).map((j) => [j.kind, j.status])).toEqual([['review', 'done']]);
  });
});

describe('/export runs as a job', () => {
  it('with the upload held open, five entries are each acknowledged within 2 s; the export is sent once', async () => {
    t = await createTestApp();
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    await t.send(textUpdate('Before the export', { messageId: 1 }));
    const upload = gate();
    t.api.hold('sendDocument', upload.until);
    await t.deliver(textUpdate('/export', { messageId: 2 }));
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'sendDocument'), 10_000);

    await fiveEntriesAcknowledged(3);
    upload.release();
    await t.app.idle();
    // The caption's first line (the next ones say how to restore the zip).
    expect(texts('sendDocument').map((caption) => caption.split('\n')[0])).toEqual(['Your journal: 1 entry.']);
    expect((await jobs()).map((j) => [j.kind, j.status])).toEqual([['export', 'done']]);
  });

  it('cut off while its upload is held open (Telegram has it), it is not uploaded again after a restart', async () => {
    t = await createTestApp();
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    await t.send(textUpdate('Before the export', { messageId: 1 }));
    t.api.hold('sendDocument', new Promise(() => undefined));
    await t.deliver(textUpdate('/export md', { messageId: 2 }));
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'sendDocument'), 10_000);
    await t.restart();
    await t.app.idle();
    expect(t.api.callsTo('sendDocument')).toHaveLength(1);
    expect((await jobs()).map((j) => [j.kind, j.status])).toEqual([['export', 'failed']]);
  });
});

const content = readFileSync(path.join(REPO_ROOT, 'test/fixtures/telegram-export', 'saved-messages.json'));
const imported = () => t.temp.db.selectFrom('entry').select('id').where('source', '=', 'import').execute();

describe('an export sent as a document is imported as a job', () => {
  it('with its download held open, five entries are each acknowledged within 2 s; one status message ends with the summary', async () => {
    t = await createTestApp({ JOURNAL_TIMEZONE: 'Europe/Berlin' });
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    t.api.addFile('export-1', content);
    const download = gate();
    t.api.hold('getFile', download.until);
    await t.deliver(documentUpdate('export-1', 'result.json', content.length, { messageId: 1 }));
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'getFile'), 10_000);

    await fiveEntriesAcknowledged(100);
    download.release();
    await t.app.idle();
    expect(texts('sendMessage')).toEqual(['Importing result.json…']);
    expect(texts('editMessageText').at(-1)).toMatch(/^Imported 9 entries from 1 chat/);
    expect(await imported()).toHaveLength(9);
  });
});

// The marks that keep a reply from going out twice live in the job table: on each store.
describeStores('a reply that reached Telegram', () => {
  it('a review cut off after its reply reached Telegram (the answer held open) is not sent again', async () => {
    await reviewApp();
    t.llm!.script({ text: 'Sent once.' });
    t.api.hold('sendMessage', new Promise(() => undefined)); // Telegram has it; the bot never hears back
    await t.deliver(textUpdate('/review week', { messageId: 90 }));
    await waitFor(() => t.api.callsTo('sendMessage').length === 1, 'the review to reach Telegram');
    await t.restart();
    await t.app.idle();
    expect(texts('sendMessage')).toEqual([`${REVIEW_HEAD}\n\nSent once.`]);
    const [job] = await jobs();
    expect(job).toMatchObject({ kind: 'review', status: 'failed' });
    expect(job!.replied_at).not.toBeNull();
    expect(t.logger.lines.some((l) => l.includes('job.maybe_answered'))).toBe(true);
  });

  it('an import cut off after its status message went out resumes in that message at the next start: no second message', async () => {
    t = await createTestApp({ JOURNAL_TIMEZONE: 'Europe/Berlin' });
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    t.api.addFile('export-2', content);
    t.api.hold('getFile', new Promise(() => undefined)); // the first download never ends; the second is served
    await t.deliver(documentUpdate('export-2', 'result.json', content.length, { messageId: 2 }));
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'getFile'), 10_000);
    const status = (await jobs())[0]!.reply_message_id;
    expect(status).not.toBeNull();

    await t.restart();
    await t.app.idle();
    expect(texts('sendMessage')).toEqual(['Importing result.json…']);
    const edits = t.api.callsTo('editMessageText');
    expect(edits.every((c) => c.payload.message_id === status)).toBe(true);
    expect(String(edits[0]!.payload.text)).toMatch(/^Importing result\.json again after a restart/);
    expect(String(edits.at(-1)!.payload.text)).toMatch(/^Imported 9 entries from 1 chat/);
    expect(await imported()).toHaveLength(9);
    expect((await jobs()).map((j) => j.status)).toEqual(['done']);
  });
});
