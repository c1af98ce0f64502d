// Many instances on one database, for real: three `npm start` processes in webhook mode share one SQLite file (WAL:
// several processes on one file is a real multi-instance setup). A burst from many chats (notes, edits, questions)
// is spread over them as a load balancer would, some updates redelivered to another instance, and the instance that
// is running a question is SIGKILLed a third of the way in. Every update is stored once, each chat's entries and
// edits keep their order, each question is answered once, and what the dead instance held is finished by the others.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../../src/config/config.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../stand-ins/bot-api.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';
import {
  answerText,
  planBurst,
  runBurst,
  sharedPostgres,
  sharedSqlite,
  type SharedDatabase,
} from '../helpers/many-instances.ts';

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

const SERVER = process.env.TEST_DATABASE_URL?.trim() || undefined;

describe('three instances on one database', () => {
  it('on one SQLite file, one SIGKILLed mid-burst: every update stored once, chats in order, each question answered once, its work taken over', async () => {
    await threeInstancesOneKilled(sharedSqlite(dir));
  }, 120_000);

  it.runIf(SERVER)(
    'on PostgreSQL (TEST_DATABASE_URL), the same',
    async () => {
      const shared = await sharedPostgres(SERVER!);
      try {
        await threeInstancesOneKilled(shared);
      } finally {
        await shared.dispose();
      }
    },
    120_000,
  );
});

async function threeInstancesOneKilled(shared: SharedDatabase) {
  {
    // Each question is answered with its own tag, slowly enough that questions are in flight when the kill comes.
    llm.serveModel(DEFAULT_MODEL, (req) => {
      const tag = [...JSON.stringify(req.body.messages).matchAll(/question (\S+?)\?/g)].at(-1)?.[1] ?? 'none';
      return { delayMs: 300, then: { text: answerText(tag) } };
    });
    // A slow ✍ makes each update take a while to handle, so a chat's updates queue up while another instance stores more.
    api.slow('setMessageReaction', 25);
    const env = {
      ...shared.env,
      ALLOWED_USER_IDS: OWNERS.join(','),
      LEASE_SECONDS: '3',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: llm.url,
    };
    const plan = planBurst(OWNERS, PER_CHAT, { question: 7, edit: 5 });
    const run = await runBurst({
      count: 3,
      cwd: dir,
      api,
      env,
      plan,
      redeliverEvery: 10,
      kill: true,
      read: shared.read,
      timeoutMs: 30_000,
    });
    const { victim, held } = run.killed!;
    const result = run.outcome;

    expect(run.sent.redelivered).toBeGreaterThan(0);
    expect([...run.sent.ackedBy.values()].filter((port) => port === victim.port).length).toBeGreaterThan(0); // it acknowledged work
    expect(result.inbox).toEqual({ rows: plan.length, pending: 0, planned: plan.length }); // stored once, all handled
    expect(result.entries).toMatchObject({ missing: 0, doubled: 0 });
    expect(result.entries.stored).toBe(result.entries.expected);
    expect(result.outOfOrder).toEqual([]);
    expect(result.editsWrong).toEqual([]);
    // Each question answered once. The one exception Telegram allows no cure for: a question whose instance died
    // between marking its answer as begun and Telegram getting it is not answered again (never twice).
    expect(result.questions.answeredTwice).toEqual([]);
    expect(result.questions.unanswered.length).toBeLessThanOrEqual(result.questions.maybeAnswered);
    expect(result.questions.unansweredJobs.every((j) => j.includes('answer begun'))).toBe(true);
    expect(result.questions.maybeAnswered).toBeLessThanOrEqual(held.jobs.length);
    expect(result.questions.answeredOnce + result.questions.unanswered.length).toBe(result.questions.asked);
    // One instance at a time per chat: an update is handled twice only if the dead instance was handling it.
    expect(run.reactionsDoubled).toBeLessThanOrEqual(held.lanes);
    // What the dead instance held, others finished: its jobs were taken over.
    expect(held.jobs.length).toBeGreaterThan(0);
    // Every job it held ended; those still running under it after the kill were finished by another instance.
    expect(run.takenOver.filter((j) => j.status === 'running' || j.status === 'queued')).toEqual([]);
    const diedWith = run.takenOver.filter((j) => held.diedWith.includes(j.id));
    expect(diedWith.filter((j) => j.lease_holder === victim.holder)).toEqual([]);
    expect(run.stopped).toEqual([0, 0]); // the others stop cleanly
  }
}
