/** What recurs across stored questions: how often each operation is called, and which call sequences repeat (candidates for new methods). */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { FINAL_ANSWER_REQUEST } from './prompt.ts';

export interface UsageTally {
  conversations: number;
  questions: number;
  /** Per operation (a method name for invokeMethod, else the tool's name): calls, and questions that made at least one. */
  operations: { name: string; calls: number; questions: number }[];
  /** Each question's calls in order, as "a → b → c", with how many questions made exactly that sequence. */
  sequences: { sequence: string; questions: number }[];
}

type Block = { type: string; text?: string; name?: string; input?: unknown };

const blocks = (m: MessageParam): Block[] =>
  typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Block[]);

/** A user turn that carries a question (not only tool results and the step-limit note). */
const asksQuestion = (m: MessageParam) =>
  m.role === 'user' && blocks(m).some((b) => b.type === 'text' && b.text !== FINAL_ANSWER_REQUEST);

function operationName(b: Block): string {
  const input = (b.input ?? {}) as { methodName?: unknown };
  return b.name === 'invokeMethod' && typeof input.methodName === 'string' ? input.methodName : String(b.name);
}

/** Splits one stored history into its questions' call sequences. */
function questionsOf(messages: MessageParam[]): string[][] {
  const questions: string[][] = [];
  for (const m of messages) {
    if (asksQuestion(m)) questions.push([]);
    if (m.role !== 'assistant' || questions.length === 0) continue;
    for (const b of blocks(m)) if (b.type === 'tool_use') questions.at(-1)!.push(operationName(b));
  }
  return questions;
}

const byCountThenName =
  <T extends { name?: string; sequence?: string }>(count: (t: T) => number) =>
  (a: T, b: T) =>
    count(b) - count(a) || String(a.name ?? a.sequence).localeCompare(String(b.name ?? b.sequence));

export function tallyUsage(histories: MessageParam[][]): UsageTally {
  const calls = new Map<string, { calls: number; questions: number }>();
  const sequences = new Map<string, number>();
  let questions = 0;
  for (const history of histories) {
    for (const ops of questionsOf(history)) {
      questions += 1;
      for (const name of ops)
        calls.set(name, { calls: (calls.get(name)?.calls ?? 0) + 1, questions: calls.get(name)?.questions ?? 0 });
      for (const name of new Set(ops)) calls.get(name)!.questions += 1;
      const key = ops.length ? ops.join(' → ') : '(no calls)';
      sequences.set(key, (sequences.get(key) ?? 0) + 1);
    }
  }
  return {
    conversations: histories.length,
    questions,
    operations: [...calls].map(([name, c]) => ({ name, ...c })).sort(byCountThenName((o) => o.calls)),
    sequences: [...sequences]
      .map(([sequence, n]) => ({ sequence, questions: n }))
      .sort(byCountThenName((s) => s.questions)),
  };
}

/** The tally as text: operations by calls, then the most common sequences. */
export function formatUsage(t: UsageTally, topSequences = 20): string {
  if (t.questions === 0) return 'No stored questions yet: ask something (mention @journal), then run usage again.';
  const pad = (n: number) => String(n).padStart(5);
  return [
    `${t.questions} question${t.questions === 1 ? '' : 's'} in ${t.conversations} conversation${t.conversations === 1 ? '' : 's'}.`,
    '',
    'Operations (calls, questions that used it):',
    ...t.operations.map((o) => `${pad(o.calls)} ${pad(o.questions)}  ${o.name}`),
    '',
    `Call sequences (questions), the ${Math.min(topSequences, t.sequences.length)} most common of ${t.sequences.length}:`,
    ...t.sequences.slice(0, topSequences).map((s) => `${pad(s.questions)}  ${s.sequence}`),
  ].join('\n');
}
