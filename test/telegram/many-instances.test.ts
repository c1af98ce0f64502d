// Many instances on one database, for real: three `npm start` processes in webhook mode share one SQLite file (WAL:
// several processes on one file is a real multi-instance setup). A burst from many chats (notes, edits, questions)
// is spread over them as a load balancer would, some updates redelivered to another instance, and the instance that
// is running a question is SIGKILLed a third of the way in. Every update is stored once, each chat's entries and
// edits keep their order, each question is answered once, and what the dead instance held is finished by the others.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../../src/config.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../stand-ins/bot-api.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';
import { waitUntil } from '../helpers/bot-process.ts';
import { answerText, checkBurst, planBurst, sendBurst, startInstances, type Instance } from '../helpers/many-instances.ts';

const OWNERS = Array.from({ length: 20 }, (_, i) => 1001 + i);
const PER_CHAT = 20;

let dir: string;
let api: BotApiStandIn;
let llm: MessagesApiStandIn;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-instances-'));
  api = await startBotApiStandIn();
  llm = await startMessagesApiStandIn();
});
afterEach(async () => {
  await llm.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = async <T>(dbPath: string, fn: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> => {
  const db = openDatabase(dbPath);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
};

/** Kills the instance running a question (waiting a moment for one), and says what it held when it died. */
async function killTheBusiest(instances: Instance[], dbPath: string) {
  const runningBy = () => read(dbPath, (db) => db.selectFrom('job').select('lease_holder').where('status', '=', 'running').execute());
  const deadline = Date.now() + 10_000;
  let holders = await runningBy();
  while (holders.length === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    holders = await runningBy();
  }
  const victim = instances.find((i) => holders.some((h) => h.lease_holder === i.holder)) ?? instances[0]!;
  victim.alive = false;
  victim.process.child.kill('SIGKILL');
  await victim.process.done;
  const held = await read(dbPath, async (db) => ({
    lanes: (await db.selectFrom('inbox_lease').select('chat_key').where('holder', '=', victim.holder).execute()).length,
    jobs: (await db.selectFrom('job').select('id').where('lease_holder', '=', victim.holder).where('status', '=', 'running').execute()).map((j) => j.id),
  }));
  return { victim, held };
}

describe('three instances on one database', () => {
  it('one SIGKILLed mid-burst: every update stored once, chats in order, each question answered once, its work taken over', async () => {
    const dbPath = path.join(dir, 'journal.sqlite');
    // Each question is answered with its own tag, slowly enough that questions are in flight when the kill comes.
    llm.serveModel(DEFAULT_MODEL, (req) => {
      const tag = [...JSON.stringify(req.body.messages).matchAll(/question (\S+?)\?/g)].at(-1)?.[1] ?? 'none';
      return { delayMs: 300, then: { text: answerText(tag) } };
    });
    // A slow ✍ makes each update take a while to handle, so a chat's updates queue up while another instance stores more.
    api.slow('setMessageReaction', 25);
    const env = { DATABASE_PATH: dbPath, ALLOWED_USER_IDS: OWNERS.join(','), LEASE_SECONDS: '3', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: llm.url };
    const instances = await startInstances(3, { cwd: dir, apiRoot: api.url, env });
    try {
      await api.waitFor((calls) => calls.filter((c) => c.method === 'setWebhook').length >= 3, 60_000);
      const plan = planBurst(OWNERS, PER_CHAT, { question: 7, edit: 5 });
      let killing: ReturnType<typeof killTheBusiest> | undefined;
      const sent = await sendBurst(plan, instances, {
        redeliverEvery: 10,
        onAcked: (count) => void (count >= plan.length / 3 && !killing && (killing = killTheBusiest(instances, dbPath))),
      });
      const { victim, held } = await killing!;
      const answers = () => api.callsTo('sendMessage').map((c) => String(c.payload.text));
      const outcome = async () => read(dbPath, (db) => checkBurst(db, plan, answers()));
      const unfinishedJobs = async () => read(dbPath, (db) => db.selectFrom('job').select('id').where('status', 'in', ['queued', 'running']).execute());
      await waitUntil(async () => (await outcome()).inbox.pending === 0 && (await unfinishedJobs()).length === 0, 30_000, 'every update and job handled');
      const result = await outcome();

      expect(sent.redelivered).toBeGreaterThan(0);
      expect([...sent.ackedBy.values()].filter((port) => port === victim.port).length).toBeGreaterThan(0); // it acknowledged work
      expect(result.inbox).toEqual({ rows: plan.length, pending: 0, planned: plan.length }); // stored once, all handled
      expect(result.entries).toMatchObject({ missing: 0, doubled: 0 });
      expect(result.entries.stored).toBe(result.entries.expected);
      expect(result.outOfOrder).toEqual([]);
      expect(result.editsWrong).toEqual([]);
      // Each question answered once. The one exception Telegram allows no cure for: a question whose instance died
      // between marking its answer as begun and Telegram getting it is not answered again (never twice).
      expect(result.questions.answeredTwice).toEqual([]);
      expect(result.questions.unanswered.length).toBeLessThanOrEqual(result.questions.maybeAnswered);
      expect(result.questions.maybeAnswered).toBeLessThanOrEqual(held.jobs.length);
      expect(result.questions.answeredOnce + result.questions.unanswered.length).toBe(result.questions.asked);
      // One instance at a time per chat: an update is handled twice only if the dead instance was handling it.
      const reactions = api.callsTo('setMessageReaction').map((c) => `${c.payload.chat_id}:${c.payload.message_id}`);
      expect(reactions.length - new Set(reactions).size).toBeLessThanOrEqual(held.lanes);
      // What the dead instance held, others finished: its jobs were taken over, and it holds no lane any more.
      expect(held.jobs.length).toBeGreaterThan(0);
      const takenOver = await read(dbPath, (db) => db.selectFrom('job').select(['status', 'lease_holder']).where('id', 'in', held.jobs).execute());
      expect(takenOver.every((j) => j.status !== 'running' && j.lease_holder !== victim.holder)).toBe(true);
    } finally {
      for (const i of instances) if (i.alive) i.process.child.kill('SIGTERM');
    }
    for (const i of instances.filter((i) => i.alive)) expect((await i.process.done).code).toBe(0);
  }, 120_000);
});
