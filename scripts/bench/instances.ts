/**
 * Benchmark: many instances on one database. A burst of 10,000 updates from 500 owners (notes, edits of each chat's
 * first note, one question each, some updates redelivered to another instance) sent as Telegram and a load balancer
 * would, to 1 webhook instance and then to 3 on one database with the busiest SIGKILLed a third of the way in.
 * Updates/s against 1 instance, and what was lost, doubled or out of order (nothing may be).
 * On PostgreSQL when TEST_DATABASE_URL is set (a fresh schema per run), else on one SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MODEL } from '../../src/config/config.ts';
import {
  answerText,
  planBurst,
  runBurst,
  sharedPostgres,
  sharedSqlite,
  type BurstRun,
  type SharedDatabase,
} from '../../test/helpers/many-instances.ts';
import { startBotApiStandIn } from '../../test/stand-ins/bot-api.ts';
import { startMessagesApiStandIn } from '../../test/stand-ins/messages-api.ts';
import type { Aim } from './aims.ts';
import { num, table } from './markdown.ts';

const OWNERS = 500;
const PER_CHAT = 20;
/** Short leases, so the dead instance's work is taken over within seconds (the default is 30 s). */
const LEASE_SECONDS = 5;
const MODEL_DELAY_MS = 50;

export interface InstancesRun {
  instances: number;
  killed: boolean;
  updates: number;
  seconds: { acknowledged: number; handled: number };
  perSecond: number;
  redelivered: number;
  lost: number;
  doubled: number;
  outOfOrder: number;
  questions: { asked: number; answeredOnce: number; answeredTwice: number; unanswered: number; maybeAnswered: number };
  /** Lanes and jobs the killed instance held when it died. */
  heldAtDeath: { lanes: number; jobs: number } | null;
}

export interface InstancesResult {
  database: 'PostgreSQL' | 'SQLite';
  owners: number;
  leaseSeconds: number;
  runs: InstancesRun[];
}

function summarize(run: BurstRun, instances: number): InstancesRun {
  const o = run.outcome;
  return {
    instances,
    killed: run.killed !== null,
    updates: run.plan.length,
    seconds: run.seconds,
    perSecond: run.plan.length / run.seconds.handled,
    redelivered: run.sent.redelivered,
    lost: o.entries.missing + o.inbox.pending + (o.inbox.planned - o.inbox.rows),
    doubled: o.entries.doubled + o.questions.answeredTwice.length,
    outOfOrder: o.outOfOrder.length + o.editsWrong.length,
    questions: {
      asked: o.questions.asked,
      answeredOnce: o.questions.answeredOnce,
      answeredTwice: o.questions.answeredTwice.length,
      unanswered: o.questions.unanswered.length,
      maybeAnswered: o.questions.maybeAnswered,
    },
    heldAtDeath: run.killed && { lanes: run.killed.held.lanes, jobs: run.killed.held.jobs.length },
  };
}

export async function runInstancesBench(cacheDir: string, log: (line: string) => void): Promise<InstancesResult> {
  const server = process.env.TEST_DATABASE_URL?.trim();
  const open = async (dir: string): Promise<SharedDatabase> => (server ? sharedPostgres(server) : sharedSqlite(dir));
  const owners = Array.from({ length: OWNERS }, (_, i) => 7_000_001 + i);
  const plan = planBurst(owners, PER_CHAT, { question: 20, edit: 5 });
  const runs: InstancesRun[] = [];
  let database: InstancesResult['database'] = 'SQLite';
  for (const [count, kill] of [
    [1, false],
    [3, true],
  ] as const) {
    const dir = mkdtempSync(path.join(cacheDir, 'instances-'));
    const api = await startBotApiStandIn();
    const llm = await startMessagesApiStandIn();
    const shared = await open(dir);
    database = shared.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    try {
      llm.serveModel(DEFAULT_MODEL, (req) => {
        const tag = [...JSON.stringify(req.body.messages).matchAll(/question (\S+?)\?/g)].at(-1)?.[1] ?? 'none';
        return { delayMs: MODEL_DELAY_MS, then: { text: answerText(tag) } };
      });
      const env = {
        ...shared.env,
        ALLOWED_USER_IDS: owners.join(','),
        LEASE_SECONDS: String(LEASE_SECONDS),
        ANTHROPIC_API_KEY: 'bench-key',
        ANTHROPIC_BASE_URL: llm.url,
      };
      log(
        `instances: ${count} instance${count > 1 ? 's' : ''}${kill ? ', one SIGKILLed a third of the way in' : ''}, ${num(plan.length)} updates from ${OWNERS} owners on ${database}…`,
      );
      const run = await runBurst({
        count,
        cwd: dir,
        api,
        env,
        plan,
        redeliverEvery: 50,
        kill,
        read: shared.read,
        timeoutMs: 600_000,
      });
      const summary = summarize(run, count);
      runs.push(summary);
      log(
        `instances: ${count}: ${num(summary.perSecond)} updates/s; lost ${summary.lost}, doubled ${summary.doubled}, out of order ${summary.outOfOrder}`,
      );
    } finally {
      await shared.dispose();
      await llm.close();
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { database, owners: OWNERS, leaseSeconds: LEASE_SECONDS, runs };
}

export function instancesSection(r: InstancesResult): string {
  const one = r.runs.find((x) => x.instances === 1);
  const rows = r.runs.map((x) => [
    `${x.instances}${x.killed ? ', one SIGKILLed at ⅓' : ''}`,
    num(x.seconds.acknowledged),
    num(x.seconds.handled),
    num(x.perSecond),
    one ? `${(x.perSecond / one.perSecond).toFixed(2)}×` : '—',
    String(x.lost),
    String(x.doubled),
    String(x.outOfOrder),
    `${x.questions.answeredOnce} of ${x.questions.asked}${x.questions.unanswered ? `; ${x.questions.unanswered} not sent again (its answer was begun when its instance died or the send failed)` : ''}`,
    x.heldAtDeath ? `${x.heldAtDeath.lanes} chats, ${x.heldAtDeath.jobs} jobs` : '—',
  ]);
  return [
    '## Many instances on one database',
    '',
    `${num(r.runs[0]?.updates ?? 0)} updates from ${r.owners} owners (per chat: notes, three edits of its first note, one question through the Messages API stand-in), ` +
      `posted as Telegram and a load balancer would (each chat's updates in order, 40 at once, spread over the instances, every 50th redelivered to another instance), ` +
      `to \`npm start\` processes in webhook mode on one ${r.database} database, with \`LEASE_SECONDS=${r.leaseSeconds}\`. Timed from the first post until every update had its 200 ` +
      '("acknowledged") and until every update and question was handled. Lost: updates not stored or not handled, entries missing. Doubled: entries stored twice, questions answered twice. ' +
      "Out of order: chats whose entries were stored out of message order, or whose edits were applied out of order. One run each, on 2 cores shared with the instances' own load and the sender.",
    '',
    table(
      [
        'instances',
        'acknowledged (s)',
        'handled (s)',
        'updates/s',
        'vs 1 instance',
        'lost',
        'doubled',
        'out of order',
        'questions answered once',
        'held by the killed one',
      ],
      rows,
    ),
  ].join('\n');
}

export function instancesAims(r: InstancesResult): Aim[] {
  const three = r.runs.find((x) => x.instances === 3);
  const one = r.runs.find((x) => x.instances === 1);
  if (!three || !one) return [];
  return [
    {
      aim: `3 instances on one ${r.database}, one SIGKILLed mid-burst: 0 lost, 0 doubled, per-chat order kept`,
      measured: `${three.lost} lost, ${three.doubled} doubled, ${three.outOfOrder} out of order; ${num(three.perSecond)} vs ${num(one.perSecond)} updates/s with 1 instance`,
      met: three.lost === 0 && three.doubled === 0 && three.outOfOrder === 0,
    },
  ];
}
