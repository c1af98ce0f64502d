/**
 * The live eval: the benchmark's count and reading questions asked through the app's own wiring (createJournalQuestions:
 * the real model, the real reader) on a generated journal with planted facts, each answer judged against SQL or the facts.
 */
import { createJournalQuestions } from '../../src/wiring/app.ts';
import type { Config } from '../../src/config/config.ts';
import { createConversationStore } from '../../src/db/conversation-store.ts';
import { storedConversationSchemas } from '../../src/llm/conversation.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { Receipt } from '../../src/llm/receipt.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { BENCH_OWNER_ID } from '../bench/journal-db.ts';
import { plantFacts } from '../bench/planted-facts.ts';
import { buildQuestions } from '../bench/questions.ts';
import { buildReadingQuestions } from '../bench/reading-questions.ts';
import { findAnchors, openTruthDb } from '../bench/truth-db.ts';
import { judgeCount, judgeReading, type Verdict } from './judge.ts';
import { costOf } from './pricing.ts';
import { instantOnDay } from '../../src/journal/dates/local-moment.ts';

export interface EvalQuestion {
  id: string;
  kind: 'count' | 'reading';
  text: string;
  judge(answer: string): Verdict;
}

export interface EvalRow {
  id: string;
  kind: EvalQuestion['kind'];
  text: string;
  answer: string;
  verdict: Verdict;
  calls: number;
  peak: number;
  mainTokens: number;
  readerTokens: number;
  /** Dollars, null when a model's price is unknown. */
  cost: number | null;
}

/** What an answer must state, where the SQL truth holds more than the question asks. */
const ASKED: Record<string, (truth: any) => unknown> = {
  'journal-span': (t: { first: string; entries: number }) => ({ first: t.first, entries: t.entries }),
};

/** The questions of a journal file: counts judged against SQL, reading questions against facts planted in it now. */
export function evalQuestions(file: string): EvalQuestion[] {
  const truth = openTruthDb(file, BENCH_OWNER_ID);
  try {
    const anchors = findAnchors(truth);
    const planted = plantFacts(file, BENCH_OWNER_ID, anchors);
    const counts = buildQuestions(anchors)
      .filter((q) => q.kind === 'count')
      .map((q): EvalQuestion => {
        const expected = (ASKED[q.id] ?? ((t: unknown) => t))(q.truth(truth));
        return { id: q.id, kind: 'count', text: q.text, judge: (answer) => judgeCount(answer, expected) };
      });
    const reading = buildReadingQuestions(anchors, planted).map((q): EvalQuestion => ({
      id: q.id,
      kind: 'reading',
      text: q.text,
      judge: (answer) => judgeReading(answer, q.facts),
    }));
    return [...counts, ...reading];
  } finally {
    truth.close();
  }
}

function rowOf(q: EvalQuestion, answer: string, receipt: Receipt | undefined, config: Config): EvalRow {
  const u = receipt?.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const r = receipt?.reader;
  const main = costOf(config.anthropicModel, u);
  const reader = r ? costOf(r.model, r) : 0;
  return {
    id: q.id,
    kind: q.kind,
    text: q.text,
    answer,
    verdict: q.judge(answer),
    calls: receipt?.calls.length ?? 0,
    peak: receipt?.peakContextTokens ?? 0,
    mainTokens: u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens + u.outputTokens,
    readerTokens: r ? r.inputTokens + r.outputTokens : 0,
    cost: main === null || reader === null ? null : main + reader,
  };
}

/** Asks each question in a new conversation, as the bot would, and judges the answer; `onRow` sees each as it lands. */
export async function runEval(
  config: Config,
  file: string,
  questions: EvalQuestion[],
  onRow: (row: EvalRow) => void = () => undefined,
): Promise<EvalRow[]> {
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
    await db.deleteFrom('ask_cache').execute(); // measure the reading, not the cache
    const truth = openTruthDb(file, BENCH_OWNER_ID);
    const today = findAnchors(truth).today;
    truth.close();
    const questionsApi = createJournalQuestions({
      config,
      db,
      logger: createMemoryLogger(),
      clock: () => instantOnDay(today, '12:00', 'UTC'),
    });
    if (!questionsApi) throw new Error('ANTHROPIC_API_KEY is not set');
    const store = createConversationStore(db, storedConversationSchemas);
    const rows: EvalRow[] = [];
    for (const q of questions) {
      const outcome = await questionsApi.ask(BENCH_OWNER_ID, q.text);
      const receipt = outcome.type === 'answer' ? await store.lastReceipt(BENCH_OWNER_ID) : undefined;
      const row = rowOf(
        q,
        outcome.type === 'answer' ? outcome.text : `(${outcome.type}) ${outcome.text}`,
        receipt,
        config,
      );
      rows.push(row);
      onRow(row);
    }
    return rows;
  } finally {
    await db.destroy();
  }
}
