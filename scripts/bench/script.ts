/** Scripted model turns: the calls a model would make for a question, played through the Messages API stand-in. */
import type { RecordedRequest, TurnSpec } from '../../test/stand-ins/messages-api.ts';

export interface Call {
  objId: string;
  methodName: string;
  args: Record<string, unknown>;
}

/** One assistant turn: a short text and tool calls, or the final answer. */
export type StepOutput = { text: string; calls: Call[] } | { answer: string };
export type Step = (r: Results) => StepOutput;

export const invoke = (objId: string, methodName: string, args: Record<string, unknown> = {}): Call => ({
  objId,
  methodName,
  args,
});

type Block = Record<string, any>;

const parse = (text: string): any => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** What the scripted model has seen: the first request's question turn, and each turn's tool results, parsed. */
export class Results {
  readonly turns: any[][] = [];
  questionText = '';
  errors: string[] = [];

  /** Reads the request the stand-in just received: the question on the first, tool results after. */
  record(req: RecordedRequest): void {
    const messages: Block[] = req.body.messages ?? [];
    if (this.turns.length === 0 && this.questionText === '') {
      const first = messages.at(-1)?.content;
      this.questionText = typeof first === 'string' ? first : (first ?? []).map((b: Block) => b.text ?? '').join('\n');
      return;
    }
    const last = messages.at(-1);
    const blocks: Block[] = typeof last?.content === 'string' ? [] : (last?.content ?? []);
    const results = blocks.filter((b) => b.type === 'tool_result');
    this.recordTurn(
      results.map((r) => ({
        text: typeof r.content === 'string' ? r.content : (r.content?.[0]?.text ?? ''),
        isError: r.is_error === true,
      })),
    );
  }

  /** One turn's tool results as text, however they arrived (a Messages API request, an MCP client). */
  recordTurn(results: { text: string; isError: boolean }[]): void {
    for (const r of results) if (r.isError) this.errors.push(r.text);
    this.turns.push(results.map((r) => parse(r.text)));
  }

  /** The parsed result of call `i` in turn `turn`. */
  at(turn: number, i = 0): any {
    return this.turns[turn]?.[i];
  }

  handle(turn: number, i = 0): string {
    const h = this.at(turn, i)?.handle;
    if (typeof h !== 'string')
      throw new Error(`turn ${turn} call ${i} returned no handle: ${JSON.stringify(this.at(turn, i)).slice(0, 200)}`);
    return h;
  }

  value(turn: number, i = 0): any {
    return this.at(turn, i)?.value;
  }
}

/** The stand-in turns for a script; each reads the request it answers. A broken script ends with its error as the answer. */
export function standInTurns(steps: Step[], results: Results): ((req: RecordedRequest) => TurnSpec)[] {
  return steps.map((step) => (req: RecordedRequest) => {
    results.record(req);
    let out: StepOutput;
    try {
      out = step(results);
    } catch (error) {
      results.errors.push(error instanceof Error ? error.message : String(error));
      return { text: 'The script could not continue.' };
    }
    if ('answer' in out) return { text: out.answer };
    return { text: out.text, tools: out.calls.map((c) => ({ name: 'invokeMethod', input: c })) };
  });
}
