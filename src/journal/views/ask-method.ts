/** JournalCollection.ask: a reader model reads every entry of the view and answers; entries never reach the conversation. */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodContext, type MethodDefinition } from '../../objects/kind.ts';
import { ObjectError } from '../../objects/object-error.ts';
import { countView, findViewEntries, type ViewCounts } from './entry-queries.ts';
import type { EntryReader, ReadableEntry } from './entry-reader-port.ts';
import type { JournalView } from './journal-view.ts';

/**
 * Where answers are kept; the key changes whenever an entry read (or the question, or the reader) changes. An answer is
 * kept with the ids of the entries it read, so forgetting one of them removes it (journal/forget/forget.ts).
 */
export interface AskAnswerCache {
  get(ownerId: number, key: string): Promise<unknown>;
  put(ownerId: number, key: string, result: unknown, now: Date, entryIds: readonly number[]): Promise<void>;
}

export interface AskOptions {
  reader: EntryReader;
  /** The most entries one ask reads (ASK_MAX_ENTRIES); a bigger view is refused with how to narrow. */
  maxEntries: number;
  cache?: AskAnswerCache;
  clock?: () => Date;
}

export interface AskResult {
  answer: string;
  entriesRead: number;
  firstDate: string | null;
  lastDate: string | null;
  /** Days of the view the answer cites. */
  sources: string[];
  readerCalls: number;
  fromCache: boolean;
}

const askArgs = z.strictObject({
  question: z
    .string({ error: 'question is required: what to find out from these entries, e.g. "What worried me?"' })
    .trim()
    .min(1, { error: 'question must not be empty' })
    .max(1_000, { error: 'question must be at most 1000 characters' }),
});

const n = (value: number) => value.toLocaleString('en-US');

function overCapText(counts: ViewCounts, max: number): string {
  return (
    `This view holds ${n(counts.entries)} entries on ${n(counts.days)} days (${counts.firstDate} to ${counts.lastDate}); ` +
    `ask reads at most ${n(max)} entries at once (ASK_MAX_ENTRIES), and never a sample. Narrow it first, then ask on the new handle: ` +
    'getDateRangeView for a shorter period (getOverview shows the entries per month), or search for the words the question is about.'
  );
}

/** Changes whenever any entry read changes (text, day, time), is added or removed, or the question or reader model differ. */
function cacheKey(model: string, question: string, entries: readonly ReadableEntry[]): string {
  const hash = createHash('sha256').update(`${model}\n${question.replace(/\s+/g, ' ')}\n`);
  for (const e of entries) hash.update(`${e.id}\u0000${e.date}\u0000${e.time}\u0000${e.content}\u0001`);
  return hash.digest('hex');
}

/** The days of the view an answer names: its sources, checked against what was read. */
function citedDays(answer: string, entries: readonly ReadableEntry[]): string[] {
  const days = new Set(entries.map((e) => e.date));
  return [...new Set(answer.match(/\d{4}-\d{2}-\d{2}/g) ?? [])].filter((d) => days.has(d)).sort();
}

async function readAndAnswer(
  reader: EntryReader,
  question: string,
  entries: ReadableEntry[],
  ctx: MethodContext,
): Promise<AskResult> {
  const outcome = await reader.read(question, entries);
  const spend = outcome.spend;
  // Every entry is in some request once any call went out (a read that failed halfway may have sent only some).
  if (spend.calls > 0) ctx.reportSent?.({ to: reader.model, items: entries.map((e) => ({ id: e.id, day: e.date })) });
  ctx.reportSpend?.({ by: reader.model, ...spend, itemsRead: outcome.ok ? entries.length : 0, fromCache: false });
  if (!outcome.ok) {
    throw new ObjectError(
      `ask failed: ${outcome.failure} No answer is given from a partial reading. ` +
        'Try ask again in a moment, ask on a narrower view, or answer with the other methods.',
    );
  }
  return {
    answer: outcome.answer,
    entriesRead: entries.length,
    firstDate: entries[0]?.date ?? null,
    lastDate: entries.at(-1)?.date ?? null,
    sources: citedDays(outcome.answer, entries),
    readerCalls: spend.calls,
    fromCache: false,
  };
}

/** The method, on a surface with a reader model; without one the kind does not list it (journal-collection-kind.ts). */
export function askMethod(db: JournalDb, options: AskOptions): MethodDefinition<JournalView> {
  const clock = options.clock ?? (() => new Date());
  return methodsFor<JournalView>()({
    name: 'ask',
    signature: 'ask(question: string) -> {answer, entriesRead, firstDate, lastDate, sources}',
    description:
      'a reader model reads every entry of this view and answers; only the answer comes back. Narrow first: it costs reader tokens per entry; too big a view is refused.',
    args: askArgs,
    run: async (view, args, ctx) => {
      const reader = options.reader;
      const counts = await countView(db, ctx.ownerId, view);
      if (counts.entries > options.maxEntries) throw new ObjectError(overCapText(counts, options.maxEntries));
      if (counts.entries === 0) {
        const empty: AskResult = {
          answer: 'This view has no entries: nothing to read.',
          entriesRead: 0,
          firstDate: null,
          lastDate: null,
          sources: [],
          readerCalls: 0,
          fromCache: false,
        };
        return { value: empty };
      }
      const entries = await findViewEntries(db, ctx.ownerId, view);
      const key = cacheKey(reader.model, args.question, entries);
      const cached = (await options.cache?.get(ctx.ownerId, key)) as AskResult | undefined;
      if (cached) {
        ctx.reportSpend?.({
          by: reader.model,
          calls: 0,
          inputTokens: 0,
          outputTokens: 0,
          itemsRead: 0,
          fromCache: true,
        });
        return { value: { ...cached, readerCalls: 0, fromCache: true } };
      }
      const result = await readAndAnswer(reader, args.question, entries, ctx);
      await options.cache?.put(
        ctx.ownerId,
        key,
        result,
        clock(),
        entries.map((e) => e.id),
      );
      return { value: result };
    },
  });
}
