/** npm run eval: flags, the explanation without a key, the journal, the run, and one line per question. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../../src/config/config.ts';
import { JournalCache } from '../bench/journal-db.ts';
import { num } from '../bench/markdown.ts';
import { evalQuestions, runEval, type EvalRow } from './run-eval.ts';

export const EVAL_USAGE = `npm run eval -- [--size 2500] [--only days-in-month,month-worries] [--keep]
  Asks the benchmark's count and reading questions of the real Messages API (ANTHROPIC_API_KEY, ANTHROPIC_MODEL,
  ANTHROPIC_READER_MODEL, ANTHROPIC_BASE_URL), through the bot's own question path, on a generated journal
  (data/eval/) whose truth is known: counts from SQL, reading questions from facts the generator planted (a month's
  worries, a year's events, feelings about Marek over a summer). Prints per question: right or wrong, calls, peak
  context, total tokens (the reader's apart) and cost.`;

const money = (v: number | null) => (v === null ? '$ n/a' : `$${v.toFixed(4)}`);

export function formatRow(r: EvalRow): string {
  const head = `${r.verdict.right ? 'RIGHT' : 'WRONG'}  ${r.id.padEnd(22)} calls ${String(r.calls).padStart(2)}  peak ${num(r.peak).padStart(6)}  tokens ${num(r.mainTokens + r.readerTokens).padStart(8)} (reader ${num(r.readerTokens)})  ${money(r.cost)}`;
  const answer = `       ${r.answer.replace(/\s+/g, ' ').slice(0, 200)}`;
  return [
    head,
    answer,
    ...(r.verdict.right ? [] : [`       missing: ${r.verdict.missing.slice(0, 10).join(', ')}`]),
  ].join('\n');
}

export function formatSummary(rows: EvalRow[]): string {
  const known = rows.every((r) => r.cost !== null);
  const cost = rows.reduce((s, r) => s + (r.cost ?? 0), 0);
  const tokens = rows.reduce((s, r) => s + r.mainTokens + r.readerTokens, 0);
  return `${rows.filter((r) => r.verdict.right).length} of ${rows.length} right; ${num(tokens)} tokens; cost ${known ? money(cost) : `${money(cost)} (some models unpriced)`}.`;
}

/** Returns the exit code; writes lines through `print`. */
export async function evalMain(
  argv: string[],
  env: Record<string, string | undefined>,
  repoRoot: string,
  print: (line: string) => void,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      only: { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    print(EVAL_USAGE);
    return 0;
  }
  const size = Number(values.size ?? 2_500);
  if (!Number.isInteger(size) || size < 100)
    throw new Error(`--size must be a whole number of entries, 100 or more (got ${values.size})`);
  const config = parseConfig(env);
  if (!config.anthropicApiKey) {
    print(
      `ANTHROPIC_API_KEY is not set, so nothing was asked. With a key, npm run eval would:\n${EVAL_USAGE}\n` +
        `It would use ${config.anthropicModel} for the conversation and ${config.readerModel} as the reader, on a ${num(size)}-entry journal; ` +
        '13 questions, about US$0.10 to $0.30 in all at list prices. Set the key (in the shell or .env) and run it again.',
    );
    return 0;
  }
  const journals = new JournalCache(path.join(repoRoot, 'data', 'eval'), values.keep ?? false, (line) =>
    print(`[eval] ${line}`),
  );
  try {
    const file = await journals.file(size);
    const only = values.only?.split(',').map((s) => s.trim());
    const questions = evalQuestions(file).filter((q) => !only || only.includes(q.id));
    print(
      `Asking ${questions.length} questions of ${config.anthropicModel} (reader ${config.readerModel}) on a ${num(size)}-entry journal…`,
    );
    const rows = await runEval(config, file, questions, (row) => print(formatRow(row)));
    print(formatSummary(rows));
    return 0;
  } finally {
    journals.cleanup();
  }
}
