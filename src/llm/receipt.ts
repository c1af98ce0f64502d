/** The receipt of one answer: each operation called, what it returned (by size), tokens spent, and the paste-everything cost. */
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import type { MethodSpend } from '../objects/kind.ts';
import { sentLine } from './sent-ledger.ts';

const toolCallRecordSchema = z.object({
  name: z.string(),
  input: z.unknown(),
  resultChars: z.number(),
  isError: z.boolean(),
});

const usageTotalsSchema = z.object({
  /** Uncached input tokens, as the API counts them. */
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheWriteTokens: z.number(),
});

/** What methods spent on their own model calls (ask's reader), apart from the conversation's tokens. */
const readerUsageSchema = z.object({
  model: z.string(),
  /** Method calls that reported a spend (each ask), and how many of them came from the cache. */
  asks: z.number(),
  fromCache: z.number(),
  calls: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  entriesRead: z.number(),
});

/** A receipt as stored: the store validates what it reads back against this. */
export const receiptSchema = z.object({
  at: z.string(),
  model: z.string(),
  /** API calls made for this answer. */
  steps: z.number(),
  stopReason: z.string(),
  calls: z.array(toolCallRecordSchema),
  usage: usageTotalsSchema,
  /** The largest single request, in tokens (input of any kind): the context the answer needed. */
  peakContextTokens: z.number(),
  /** About what sending every entry instead would have cost, in input tokens. */
  wholeJournalTokens: z.number().nullable(),
  /** The reader's work, when a method used it; absent in receipts stored before ask existed. */
  reader: readerUsageSchema.nullable().optional(),
  /** Entries whose text went to a model for this answer (ids counted, never text); absent in older receipts. */
  sent: z
    .object({ entries: z.number(), firstDay: z.string().nullable(), lastDay: z.string().nullable() })
    .nullable()
    .optional(),
  /** The search results the answer cites, in the order cited (sources and titles, never text); absent in older receipts. */
  citations: z.array(z.object({ source: z.string(), title: z.string() })).optional(),
});

export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;
export type UsageTotals = z.infer<typeof usageTotalsSchema>;
export type Receipt = z.infer<typeof receiptSchema>;
export type ReaderUsage = z.infer<typeof readerUsageSchema>;

/** Adds up the spends methods report during one question. */
export function createSpendTally() {
  let usage: ReaderUsage | null = null;
  return {
    add(spend: MethodSpend): void {
      const u = usage ?? {
        model: spend.by,
        asks: 0,
        fromCache: 0,
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
        entriesRead: 0,
      };
      usage = {
        model: spend.by,
        asks: u.asks + 1,
        fromCache: u.fromCache + (spend.fromCache ? 1 : 0),
        calls: u.calls + spend.calls,
        inputTokens: u.inputTokens + spend.inputTokens,
        outputTokens: u.outputTokens + spend.outputTokens,
        entriesRead: u.entriesRead + spend.itemsRead,
      };
    },
    usage: (): ReaderUsage | null => usage,
    /** Input and output tokens spent so far, for the question's budget. */
    tokens: (): number => (usage ? usage.inputTokens + usage.outputTokens : 0),
  };
}

export type SpendTally = ReturnType<typeof createSpendTally>;

export const emptyUsage = (): UsageTotals => ({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

/** Adds one response's usage; the SDK does not validate responses, so any field may be missing. */
export function addUsage(total: UsageTotals, usage: Partial<Usage> | undefined): UsageTotals {
  return {
    inputTokens: total.inputTokens + (usage?.input_tokens ?? 0),
    outputTokens: total.outputTokens + (usage?.output_tokens ?? 0),
    cacheReadTokens: total.cacheReadTokens + (usage?.cache_read_input_tokens ?? 0),
    cacheWriteTokens: total.cacheWriteTokens + (usage?.cache_creation_input_tokens ?? 0),
  };
}

/** All input tokens of one response, cached or not. */
export function contextTokens(usage: Partial<Usage> | undefined): number {
  return (usage?.input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0);
}

/**
 * A rough token count for text we have not sent: 3.6 characters a token, a little under the 3.9 that
 * @anthropic-ai/tokenizer counts on the demo journal's entries, so the estimate errs high.
 */
export const estimateTokens = (chars: number): number => Math.ceil(chars / 3.6);

const n = (value: number) => value.toLocaleString('en-US');

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function callLine(c: ToolCallRecord, index: number): string {
  const input = (c.input ?? {}) as Record<string, unknown>;
  const target =
    c.name === 'invokeMethod'
      ? `${String(input.objId)}.${String(input.methodName)}(${clip(JSON.stringify(input.args ?? {}), 160)})`
      : `${c.name}(${clip(JSON.stringify(input), 160)})`;
  const size = `${n(c.resultChars)} chars, ~${n(estimateTokens(c.resultChars))} tokens`;
  return `${index + 1}. ${target} → ${c.isError ? 'error, ' : ''}${size}`;
}

function readerLine(u: ReaderUsage): string {
  const cached = u.fromCache ? `; ${u.fromCache} of ${u.asks} answer${u.asks === 1 ? '' : 's'} from the cache` : '';
  return `Reader (${u.model}, apart from the above): ${u.calls} call${u.calls === 1 ? '' : 's'}, ${n(u.inputTokens)} tokens in, ${n(u.outputTokens)} out, ${n(u.entriesRead)} entries read${cached}.`;
}

/** The receipt as plain text for /trace. */
export function formatReceipt(r: Receipt): string {
  const u = r.usage;
  const totalIn = u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens;
  const lines = [
    `Last answer: ${r.at.slice(0, 16).replace('T', ' ')} UTC, ${r.model}, ${r.steps} API call${r.steps === 1 ? '' : 's'} (${r.stopReason}).`,
    r.calls.length ? 'Operations:' : 'No operations were called.',
    ...r.calls.map(callLine),
    `Tokens: ${n(totalIn)} in (${n(u.cacheReadTokens)} read from cache, ${n(u.cacheWriteTokens)} written to it), ${n(u.outputTokens)} out; largest request ${n(r.peakContextTokens)}.`,
  ];
  if (r.reader) lines.push(readerLine(r.reader));
  if (r.sent) lines.push(sentLine(r.sent));
  if (r.citations)
    lines.push(
      r.citations.length
        ? `Cited: ${r.citations.map((c) => `${c.title} (${c.source})`).join('; ')}.`
        : 'Cited: nothing.',
    );
  if (r.wholeJournalTokens !== null)
    lines.push(
      `Pasting the whole journal instead would have cost ~${n(r.wholeJournalTokens)} input tokens per request.`,
    );
  return lines.join('\n');
}
