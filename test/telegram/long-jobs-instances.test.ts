// Long jobs across instances: two whole apps on one SQLite file, each with its own connection and name in leases
// (1.5 s here). Instance A takes a job and dies with it (it stops renewing, as a killed process does, while its code
// is still held by a stand-in); B takes the job over once A's lease ran out. A review A had not sent yet is sent by B
// alone (A's late send is refused); an upload A had begun (Telegram has it) is not sent again by B.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/wiring/app.ts';
import { parseConfig } from '../../src/config/config.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { leaseTimings } from '../../src/telegram/leases.ts';
import { waitUntil } from '../helpers/bot-process.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { startBotApiStandIn, TEST_BOT_INFO, type BotApiStandIn } from '../stand-ins/bot-api.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';

let temp: TempDb;
let api: BotApiStandIn;
let llm: MessagesApiStandIn;
const apps: App[] = [];
const logs: ReturnType<typeof createMemoryLogger>[] = [];
beforeEach(async () => {
  temp = await createTempDb('sqlite');
  api = await startBotApiStandIn();
  api.refuseRichMessages(); // the review as today's plain messages (rich ones: rich-replies.test.ts)
  llm = await startMessagesApiStandIn();
  await seedEntries(temp.db, OWNER_ID, [[new Date().toISOString(), 'Today: pottery class']]);
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop(1000);
  await llm.close();
  await api.close();
  await temp.cleanup();
});

/** One instance: its own connection to the file, its own name; started. */
async function instance(name: string) {
  const config = parseConfig({
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: llm.url,
    TELEGRAM_BOT_TOKEN: TEST_TOKEN,
    TELEGRAM_API_ROOT: api.url,
    ALLOWED_USER_IDS: String(OWNER_ID),
    DATABASE_PATH: temp.file,
    JOURNAL_TIMEZONE: 'UTC',
  });
  const logger = createMemoryLogger();
  logs.push(logger);
  const app = createApp(TEST_TOKEN, {
    config,
    db: name === 'a' ? temp.db : temp.openAnother(),
    logger,
    clock: () => new Date(),
    botInfo: TEST_BOT_INFO,
    instanceId: `host:${name}`,
    leases: leaseTimings(1500),
  });
  apps.push(app);
  await app.start();
  return { app, logger };
}

/** The instance dies with its job in hand: it stops renewing its leases (the job's code stays held by a stand-in). */
const dies = (app: App) => app.jobs.stop();

const jobRows = () => temp.db.selectFrom('job').select(['kind', 'status', 'lease_holder', 'replied_at']).execute();
const reviews = () =>
  api
    .callsTo('sendMessage')
    .map((c) => String(c.payload.text))
    .filter((text) => text.startsWith('Review of'));

function gate() {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
}

describe('a long job whose instance died is taken over by another', () => {
  it('a review A had not sent yet: B sends it; A, answered late, sends nothing', async () => {
    const a = await instance('a');
    const lateForA = gate();
    llm.script({ until: lateForA.until, then: { text: 'From A, too late.' } }, { text: 'From B.' });
    await a.app.inbox.accept([{ update_id: 1, ...textUpdate('/review week', { messageId: 1 }) } as never]);
    await waitUntil(() => llm.requests.length === 1, 10_000, 'A to ask the model');
    const b = await instance('b'); // started once A holds the job, so that A is the one that took it
    dies(a.app);

    await waitUntil(() => reviews().length === 1, 15_000, 'B to take the review over and send it');
    expect(reviews()[0]).toMatch(/From B\.$/);
    expect(await jobRows()).toMatchObject([{ kind: 'review', lease_holder: 'host:b' }]);

    lateForA.release();
    await a.app.idle(); // A's job code ran on to its send, which was refused: the reply is no longer A's to send
    expect(a.logger.lines.some((l) => l.includes('job.taken_over'))).toBe(true);
    await b.app.idle();
    expect(llm.requests).toHaveLength(2);
    expect(reviews()).toHaveLength(1);
    expect(await jobRows()).toMatchObject([{ kind: 'review', status: 'done', lease_holder: 'host:b' }]);
  });

  it('an upload A had begun (Telegram has it): B does not upload again', async () => {
    const a = await instance('a');
    const upload = gate();
    api.hold('sendDocument', upload.until);
    await a.app.inbox.accept([{ update_id: 2, ...textUpdate('/export', { messageId: 2 }) } as never]);
    await api.waitFor((calls) => calls.some((c) => c.method === 'sendDocument'), 10_000);
    const b = await instance('b');
    dies(a.app);

    await waitUntil(
      () => b.logger.lines.some((l) => l.includes('job.maybe_answered')),
      15_000,
      'B to take the export over',
    );
    upload.release();
    await a.app.idle();
    expect(api.callsTo('sendDocument')).toHaveLength(1);
    expect(await jobRows()).toMatchObject([{ kind: 'export', status: 'failed', lease_holder: 'host:b' }]);
  });
});
