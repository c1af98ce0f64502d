/**
 * The reader behind JournalCollection.ask: entries split into parts under a token bound, each part read once (map,
 * a bounded number of calls in flight), the notes merged by further calls (reduce) until one answer remains.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { isApiFailure } from './api-failure.ts';
import { contextTokens, estimateTokens } from './receipt.ts';
import {
  entryTag,
  MERGE_NOTES_SYSTEM,
  MERGE_SYSTEM,
  mergeRequestText,
  READ_ALL_SYSTEM,
  READ_PART_SYSTEM,
  readRequestText,
  type FramedEntry,
} from './reader-prompt.ts';
import { errorReason } from '../log/error-message.ts';
import { blockText } from './block-text.ts';

/** Tokens of entries in one request: well inside a small model's window and its lower price tier (under 100k). */
export const DEFAULT_CHUNK_TOKENS = 30_000;
export const DEFAULT_READER_CONCURRENCY = 4;
const READER_MAX_TOKENS = 2_000;

export interface EntryReaderOptions {
  client: Pick<Anthropic, 'messages'>;
  model: string;
  chunkTokens?: number;
  concurrency?: number;
}

/** A failed reader call, said plainly; the read stops and nothing partial is answered. */
class ReadFailure extends Error {}

/** Consecutive runs of entries, each under `bound` estimated tokens; an entry is never split, so a long one may stand alone. */
export function chunkEntries<T extends FramedEntry>(entries: readonly T[], bound: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let tokens = 0;
  for (const e of entries) {
    const size = estimateTokens(entryTag(e).length + 1);
    if (current.length > 0 && tokens + size > bound) {
      chunks.push(current);
      current = [];
      tokens = 0;
    }
    current.push(e);
    tokens += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Groups of consecutive notes, each under `bound` estimated tokens, and at least two a group so merging always ends. */
function groupNotes(notes: string[], bound: number): string[][] {
  const groups = chunkEntries(
    notes.map((content, id) => ({ id, date: '', time: '', content })),
    bound,
  ).map((g) => g.map((n) => n.content));
  if (groups.length < notes.length || notes.length === 1) return groups;
  return Array.from({ length: Math.ceil(notes.length / 2) }, (_, i) => notes.slice(i * 2, i * 2 + 2));
}

/** Runs `fn` over items with at most `limit` in flight; stops starting new ones once `stopped()` says so. */
async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  stopped: () => boolean,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stopped()) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function failureText(error: unknown): string {
  if (isApiFailure(error))
    return `a reader call failed after its retries (${error.status ?? error.constructor.name}: ${error.message.slice(0, 160)}).`;
  return errorReason(error);
}

/**
 * The EntryReader of journal/views/entry-reader-port.ts, the one definition of its shape (its outcome and spend):
 * llm/ may not import journal/, so this reader's type is inferred from its code, and wiring/questions.ts, passing it
 * in as the port, fails to compile when the two part.
 */
export function createEntryReader(options: EntryReaderOptions) {
  const bound = options.chunkTokens ?? DEFAULT_CHUNK_TOKENS;
  const limit = options.concurrency ?? DEFAULT_READER_CONCURRENCY;

  return {
    model: options.model,
    async read(question: string, entries: readonly FramedEntry[]) {
      const spend = { calls: 0, inputTokens: 0, outputTokens: 0 };
      let failure: string | null = null;

      /** One reader call; its usage counts even when its answer is unusable. */
      const call = async (system: string, text: string): Promise<string> => {
        let response: Message;
        try {
          response = await options.client.messages.create({
            model: options.model,
            max_tokens: READER_MAX_TOKENS,
            system,
            messages: [{ role: 'user', content: text }],
          });
        } catch (error) {
          if (!isApiFailure(error)) throw error;
          throw new ReadFailure(failureText(error), { cause: error });
        } finally {
          spend.calls += 1;
        }
        spend.inputTokens += contextTokens(response.usage);
        spend.outputTokens += response.usage?.output_tokens ?? 0;
        const answer = blockText(response.content);
        if (response.stop_reason === 'max_tokens')
          throw new ReadFailure('a reader call was cut at its length limit, so its part was not read whole.');
        if (response.stop_reason === 'refusal')
          throw new ReadFailure('the reader model declined to read a part of the entries.');
        if (answer === '') throw new ReadFailure('a reader call came back empty.');
        return answer;
      };

      /** Calls over many requests, at most `limit` in flight; the first failure stops the rest. */
      const many = (requests: { system: string; text: string }[]) =>
        inPool(
          requests,
          limit,
          async (r) => {
            try {
              return await call(r.system, r.text);
            } catch (error) {
              if (!(error instanceof ReadFailure)) throw error;
              failure ??= error.message;
              return '';
            }
          },
          () => failure !== null,
        );

      try {
        const parts = chunkEntries(entries, bound);
        if (parts.length === 1)
          return {
            ok: true as const,
            answer: await call(READ_ALL_SYSTEM, readRequestText(question, entries, { index: 0, of: 1 })),
            spend,
          };
        let notes = await many(
          parts.map((p, index) => ({
            system: READ_PART_SYSTEM,
            text: readRequestText(question, p, { index, of: parts.length }),
          })),
        );
        for (;;) {
          if (failure !== null) return { ok: false as const, failure, spend };
          const groups = groupNotes(notes, bound);
          if (groups.length === 1)
            return { ok: true as const, answer: await call(MERGE_SYSTEM, mergeRequestText(question, notes)), spend };
          notes = await many(groups.map((g) => ({ system: MERGE_NOTES_SYSTEM, text: mergeRequestText(question, g) })));
        }
      } catch (error) {
        if (!(error instanceof ReadFailure)) throw error;
        return { ok: false as const, failure: error.message, spend };
      }
    },
  };
}
