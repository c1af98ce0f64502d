// Several real webhook processes on one database, and a burst sent to them as Telegram and a load balancer would:
// each chat's updates in order (the next once the previous got its 200), chats at once, spread over the instances,
// some redelivered to another instance, and a post that fails (a dead instance) sent to the next one.
import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { openPostgresDatabase } from '../../src/db/postgres/open-postgres.ts';
import { urlWithSchema } from './temp-db.ts';
import { createTestSchema } from './test-schemas.ts';
import { freePort, startBot } from './bot-process.ts';
import { editUpdate, textUpdate } from './updates.ts';
import type { RunningProcess } from './run-entry-point.ts';

export const INSTANCE_SECRET = 'many-instances-secret';
const PUBLIC_URL = 'https://bot.example.com/tg';

export interface Instance {
  port: number;
  /** Its name in leases (src/main.ts: host and port). */
  holder: string;
  url: string;
  process: RunningProcess;
  alive: boolean;
}

/** Starts `count` webhook instances of `npm start` on one database (`env` says which: DATABASE_PATH or DATABASE_URL). */
export async function startInstances(
  count: number,
  options: { cwd: string; apiRoot: string; env: Record<string, string> },
): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const env = {
      TELEGRAM_WEBHOOK_URL: PUBLIC_URL,
      TELEGRAM_WEBHOOK_SECRET: INSTANCE_SECRET,
      PORT: String(port),
      ...options.env,
    };
    const process = startBot({
      cwd: options.cwd,
      dbPath: options.env.DATABASE_PATH ?? '',
      apiRoot: options.apiRoot,
      env,
    });
    instances.push({ port, holder: `${hostname()}:${port}`, url: `http://127.0.0.1:${port}/tg`, process, alive: true });
  }
  return instances;
}

/** One update of a planned burst, and what it is for the checks. */
export interface Planned {
  update: Record<string, any> & { update_id: number };
  chatId: number;
  kind: 'message' | 'edit' | 'question';
}

/** The question a planned question asks, and the answer the Messages API stand-in gives it. */
export const questionText = (tag: string) => `@journal question ${tag}?`;
export const answerText = (tag: string) => `answer ${tag}`;
export const noteText = (chatId: number, i: number) => `note ${chatId}-${i}`;
export const editText = (chatId: number, n: number) => `note ${chatId}-1, edit ${n}`;

/**
 * Per chat: `perChat` updates with message ids 1…; every `questionEvery`th is a question, every `editEvery`th an
 * edit of the chat's message 1 (edit 1, edit 2… so the revisions show the order they were applied in), the rest
 * notes. Chats interleave, so consecutive update ids belong to different chats.
 */
export function planBurst(
  owners: readonly number[],
  perChat: number,
  every: { question: number; edit: number },
): Planned[] {
  const plan: Planned[] = [];
  let updateId = 1;
  for (let i = 1; i <= perChat; i++) {
    for (const chatId of owners) {
      const edits = Math.floor(i / every.edit);
      if (i > 1 && i % every.question === 0) {
        plan.push({
          update: {
            update_id: updateId++,
            ...textUpdate(questionText(`${chatId}-${i}`), { from: chatId, messageId: i }),
          },
          chatId,
          kind: 'question',
        });
      } else if (i > 1 && i % every.edit === 0) {
        plan.push({
          update: {
            update_id: updateId++,
            ...editUpdate(editText(chatId, edits), 1, { from: chatId, editDate: 1_713_171_600 + i }),
          },
          chatId,
          kind: 'edit',
        });
      } else {
        plan.push({
          update: { update_id: updateId++, ...textUpdate(noteText(chatId, i), { from: chatId, messageId: i }) },
          chatId,
          kind: 'message',
        });
      }
    }
  }
  return plan;
}

export interface SendReport {
  /** update_id → the port of the instance whose 200 came first. */
  ackedBy: Map<number, number>;
  redelivered: number;
  failedPosts: number;
}

/**
 * Sends the plan: each chat's updates in order, up to `connections` posts at once (Telegram's default is 40),
 * update n to instance n mod N (skipping dead ones), a post that fails to the next; every `redeliverEvery`th update
 * is posted again to another instance after its 200. `onAcked(count)` runs after each first 200.
 */
export async function sendBurst(
  plan: readonly Planned[],
  instances: readonly Instance[],
  options: { connections?: number; redeliverEvery?: number; onAcked?: (count: number) => void },
): Promise<SendReport> {
  const report: SendReport = { ackedBy: new Map(), redelivered: 0, failedPosts: 0 };
  const byChat = new Map<number, Planned[]>();
  for (const p of plan) byChat.set(p.chatId, [...(byChat.get(p.chatId) ?? []), p]);
  let slots = options.connections ?? 40;
  const waiting: (() => void)[] = [];
  const acquire = () =>
    slots > 0 ? (slots--, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve));
  const release = () => (waiting.length > 0 ? waiting.shift()!() : slots++);

  const post = async (instance: Instance, body: unknown): Promise<boolean> => {
    if (!instance.alive) return false;
    await acquire();
    try {
      const response = await fetch(instance.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': INSTANCE_SECRET },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    } finally {
      release();
    }
  };

  /** Posts until an instance answers 200, starting at instance `first`; returns the one that did. */
  const deliver = async (update: Planned['update'], first: number): Promise<Instance> => {
    for (let attempt = 0; ; attempt++) {
      const instance = instances[(first + attempt) % instances.length]!;
      if (await post(instance, update)) return instance;
      if (instance.alive) report.failedPosts++;
      if (attempt > 0 && attempt % instances.length === 0) await new Promise((r) => setTimeout(r, 100));
      if (attempt > 50 * instances.length) throw new Error(`update ${update.update_id} was refused by every instance`);
    }
  };

  await Promise.all(
    [...byChat.values()].map(async (updates) => {
      for (const planned of updates) {
        const id = planned.update.update_id;
        const instance = await deliver(planned.update, id % instances.length);
        report.ackedBy.set(id, instance.port);
        options.onAcked?.(report.ackedBy.size);
        if (options.redeliverEvery && id % options.redeliverEvery === 0) {
          // Telegram sends it again (its answer timed out); the balancer picks another instance.
          await deliver(planned.update, instances.indexOf(instance) + 1);
          report.redelivered++;
        }
      }
    }),
  );
  return report;
}

/** What the database and the Bot API stand-in hold after a burst, against the plan. */
export interface BurstOutcome {
  /** Updates in the inbox; all of them handled (`pending` 0) once the instances are done. */
  inbox: { rows: number; pending: number; planned: number };
  entries: { expected: number; stored: number; missing: number; doubled: number };
  /** Chats whose entries were not stored in message order, or whose edits were not applied in order. */
  outOfOrder: number[];
  editsWrong: number[];
  questions: {
    asked: number;
    answeredOnce: number;
    unanswered: string[];
    answeredTwice: string[];
    maybeAnswered: number;
    unansweredJobs: string[];
  };
}

type Reader = import('kysely').Kysely<import('../../src/db/schema.ts').Database>;

export async function checkBurst(
  db: Reader,
  plan: readonly Planned[],
  sentTexts: readonly string[],
): Promise<BurstOutcome> {
  const inboxRows = await db.selectFrom('update_inbox').select(['update_id', 'status']).execute();
  const entries = await db
    .selectFrom('entry')
    .select(['id', 'owner_id', 'message_id', 'content'])
    .orderBy('id')
    .execute();
  const revisions = await db
    .selectFrom('entry_revision as r')
    .innerJoin('entry as e', 'e.id', 'r.entry_id')
    .select(['e.owner_id', 'e.message_id', 'r.content'])
    .orderBy('r.id')
    .execute();
  const jobs = await db.selectFrom('job').select(['status', 'replied_at', 'error', 'starts', 'payload']).execute();

  const expected = new Map<number, number[]>();
  const edits = new Map<number, string[]>();
  const tags: string[] = [];
  for (const p of plan) {
    if (p.kind === 'message') expected.set(p.chatId, [...(expected.get(p.chatId) ?? []), p.update.message.message_id]);
    if (p.kind === 'edit') edits.set(p.chatId, [...(edits.get(p.chatId) ?? []), p.update.edited_message.text]);
    if (p.kind === 'question') tags.push(/question (\S+)\?/.exec(p.update.message.text)![1]!);
  }
  const stored = new Map<number, number[]>();
  for (const e of entries) stored.set(e.owner_id, [...(stored.get(e.owner_id) ?? []), e.message_id]);
  let missing = 0;
  let doubled = 0;
  const outOfOrder: number[] = [];
  const editsWrong: number[] = [];
  for (const [chatId, ids] of expected) {
    const got = stored.get(chatId) ?? [];
    missing += ids.filter((id) => !got.includes(id)).length;
    doubled += got.length - new Set(got).size;
    if (got.some((id, i) => i > 0 && id < got[i - 1]!)) outOfOrder.push(chatId);
    const chain = edits.get(chatId) ?? [];
    const first = entries.find((e) => e.owner_id === chatId && e.message_id === 1);
    const earlier = revisions.filter((r) => r.owner_id === chatId && r.message_id === 1).map((r) => r.content);
    const wanted = [noteText(chatId, 1), ...chain];
    if (first?.content !== wanted.at(-1) || JSON.stringify(earlier) !== JSON.stringify(wanted.slice(0, -1)))
      editsWrong.push(chatId);
  }
  const counts = new Map<string, number>();
  for (const text of sentTexts) counts.set(text, (counts.get(text) ?? 0) + 1);
  const answers = tags.map((tag) => [tag, counts.get(answerText(tag)) ?? 0] as const);
  return {
    inbox: {
      rows: inboxRows.length,
      pending: inboxRows.filter((r) => r.status === 'pending').length,
      planned: plan.length,
    },
    entries: {
      expected: [...expected.values()].reduce((n, ids) => n + ids.length, 0),
      stored: entries.length,
      missing,
      doubled,
    },
    outOfOrder,
    editsWrong,
    questions: {
      asked: tags.length,
      answeredOnce: answers.filter(([, n]) => n === 1).length,
      unanswered: answers.filter(([, n]) => n === 0).map(([tag]) => tag),
      answeredTwice: answers.filter(([, n]) => n > 1).map(([tag]) => tag),
      maybeAnswered: jobs.filter((j) => j.status === 'failed' && j.replied_at !== null).length,
      // What became of the jobs of unanswered questions, to tell a lost answer from a refused one.
      unansweredJobs: answers
        .filter(([, n]) => n === 0)
        .map(([tag]) => {
          const job = jobs.find((j) => j.payload.includes(questionText(tag)));
          return job
            ? `${tag}: ${job.status}, ${job.starts} starts, ${job.replied_at ? 'answer begun' : 'no answer begun'}${job.error ? `, ${job.error}` : ''}`
            : `${tag}: no job`;
        }),
    },
  };
}

/** Opens the shared database from outside the instances, runs `fn` on it and closes it. */
export type ReadDatabase = <T>(fn: (db: Reader) => Promise<T>) => Promise<T>;

export interface Killed {
  victim: Instance;
  /**
   * What it held around its death: lanes, and the ids of the jobs it was running just before or just after the kill.
   * `diedWith` are the jobs still running under it after the kill; a job only in the first read may have been
   * finished by the victim itself in the moment between (then it stays `done` under its name, as `finish` leaves it).
   */
  held: { lanes: number; jobs: number[]; diedWith: number[] };
}

/** Kills the instance running a question (waiting a moment for one to run), and says what it held when it died. */
export async function killTheBusiest(instances: Instance[], read: ReadDatabase): Promise<Killed> {
  const runningBy = () =>
    read((db) => db.selectFrom('job').select('lease_holder').where('status', '=', 'running').execute());
  const deadline = Date.now() + 10_000;
  let holders = await runningBy();
  while (holders.length === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    holders = await runningBy();
  }
  const victim =
    instances.find((i) => i.alive && holders.some((h) => h.lease_holder === i.holder)) ??
    instances.find((i) => i.alive)!;
  // What the victim holds, read just before and just after the kill: with short leases on a loaded machine another
  // instance may take over (and change the holder) before the second read, and work may end before the kill.
  const holdings = () =>
    read(async (db) => ({
      lanes: (await db.selectFrom('inbox_lease').select('chat_key').where('holder', '=', victim.holder).execute()).map(
        (l) => String(l.chat_key),
      ),
      jobs: (
        await db
          .selectFrom('job')
          .select('id')
          .where('lease_holder', '=', victim.holder)
          .where('status', '=', 'running')
          .execute()
      ).map((j) => j.id),
    }));
  const before = await holdings();
  victim.alive = false;
  victim.process.child.kill('SIGKILL');
  await victim.process.done;
  const after = await holdings();
  const held = {
    lanes: new Set([...before.lanes, ...after.lanes]).size,
    jobs: [...new Set([...before.jobs, ...after.jobs])],
    diedWith: after.jobs,
  };
  return { victim, held };
}

export interface BurstRun {
  plan: Planned[];
  sent: SendReport;
  killed: Killed | null;
  outcome: BurstOutcome;
  /** From the first post: until every update had its 200, and until every update and job was handled. */
  seconds: { acknowledged: number; handled: number };
  /** Reactions (✍) sent more than once for one message. */
  reactionsDoubled: number;
  /** The jobs the dead instance was running around its death, as they ended. */
  takenOver: { id: number; status: string; lease_holder: string | null }[];
}

/**
 * Starts `count` instances, sends the planned burst over them (SIGKILLing the busiest a third of the way in when
 * `kill`), waits until every update and job is handled, and reports against the plan. The instances still alive are
 * stopped with SIGTERM (their exit codes in `stopped`).
 */
export async function runBurst(options: {
  count: number;
  cwd: string;
  api: import('../stand-ins/bot-api.ts').BotApiStandIn;
  env: Record<string, string>;
  plan: Planned[];
  redeliverEvery: number;
  kill: boolean;
  read: ReadDatabase;
  timeoutMs: number;
}): Promise<BurstRun & { stopped: (number | null)[] }> {
  const { api, plan, read } = options;
  const instances = await startInstances(options.count, { cwd: options.cwd, apiRoot: api.url, env: options.env });
  try {
    const webhooks = api.callsTo('setWebhook').length;
    await api.waitFor(
      (calls) => calls.filter((c) => c.method === 'setWebhook').length >= webhooks + options.count,
      120_000,
    );
    const answersBefore = api.callsTo('sendMessage').length;
    const reactionsBefore = api.callsTo('setMessageReaction').length;
    let killing: Promise<Killed> | undefined;
    const t0 = performance.now();
    const sent = await sendBurst(plan, instances, {
      redeliverEvery: options.redeliverEvery,
      onAcked: (count) =>
        void (options.kill && count >= plan.length / 3 && !killing && (killing = killTheBusiest(instances, read))),
    });
    const acknowledged = (performance.now() - t0) / 1000;
    const killed = (await killing) ?? null;
    const answers = () =>
      api
        .callsTo('sendMessage')
        .slice(answersBefore)
        .map((c) => String(c.payload.text));
    const done = async () => {
      const unfinished = await read((db) =>
        db.selectFrom('job').select('id').where('status', 'in', ['queued', 'running']).execute(),
      );
      const pending = await read((db) =>
        db.selectFrom('update_inbox').select('seq').where('status', '=', 'pending').limit(1).execute(),
      );
      return unfinished.length === 0 && pending.length === 0;
    };
    const deadline = Date.now() + options.timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline)
        throw new Error(`the instances did not handle every update and job within ${options.timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const handled = (performance.now() - t0) / 1000;
    const outcome = await read((db) => checkBurst(db, plan, answers()));
    const reactions = api
      .callsTo('setMessageReaction')
      .slice(reactionsBefore)
      .map((c) => `${c.payload.chat_id}:${c.payload.message_id}`);
    const takenOver = killed?.held.jobs.length
      ? await read((db) =>
          db.selectFrom('job').select(['id', 'status', 'lease_holder']).where('id', 'in', killed.held.jobs).execute(),
        )
      : [];
    const stopped: (number | null)[] = [];
    for (const i of instances.filter((i) => i.alive)) {
      i.process.child.kill('SIGTERM');
      stopped.push((await i.process.done).code);
      i.alive = false;
    }
    return {
      plan,
      sent,
      killed,
      outcome,
      seconds: { acknowledged, handled },
      reactionsDoubled: reactions.length - new Set(reactions).size,
      takenOver,
      stopped,
    };
  } finally {
    for (const i of instances) if (i.alive) i.process.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.process.done));
  }
}

/** The instances' shared database: how they are told (env) and how to read it from outside. */
export interface SharedDatabase {
  env: Record<string, string>;
  read: ReadDatabase;
  dispose(): Promise<void>;
}

/** One SQLite file in `dir` (WAL: several processes on one file). */
export function sharedSqlite(dir: string): SharedDatabase {
  const file = path.join(dir, 'journal.sqlite');
  return {
    env: { DATABASE_PATH: file },
    read: async (fn) => {
      const db = openDatabase(file);
      try {
        return await fn(db);
      } finally {
        await db.destroy();
      }
    },
    dispose: async () => rmSync(file, { force: true }),
  };
}

/** A fresh schema on the PostgreSQL server at `serverUrl` (released by dispose: test-schemas.ts); the instances get DATABASE_URL. */
export async function sharedPostgres(serverUrl: string): Promise<SharedDatabase> {
  const schema = await createTestSchema(serverUrl, 'instances');
  const url = urlWithSchema(schema.databaseUrl, schema.name);
  return {
    env: { DATABASE_URL: url },
    read: async (fn) => {
      const db = openPostgresDatabase(url, { max: 1 });
      try {
        return await fn(db);
      } finally {
        await db.destroy();
      }
    },
    dispose: schema.release,
  };
}
