/**
 * Search's speed against journal size (issue 47's aim: a 1,000,000-entry journal answers within 2× of a 10,000-entry
 * one): `search(query)` then the first page of `getEntries` through the real operations, on the generated journals of
 * each size, the smallest the baseline, sampled alternately so the shared machine's drift hits both alike.
 */
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import type { ObjectOperations } from '../../src/objects/operations.ts';
import { BENCH_OWNER_ID, type JournalCache } from './journal-db.ts';
import { median, samplePair, type PairOptions } from './timing.ts';

/** Queries a model sends: common words of the generated journal, rarer ones, and a whole question. */
export const SPEED_QUERIES = ['walk', 'coffee Marek', 'concert', 'what did I do at the lake with Ana'] as const;

export interface SpeedTiming {
  query: string;
  size: number;
  ms: number;
  /** Median at this size over the median at the smallest. */
  ratio: number;
  runs: number;
}

export interface SearchSpeed {
  sizes: number[];
  timings: SpeedTiming[];
}

export async function measureSearchSpeed(
  journals: JournalCache,
  sizes: number[],
  timing: Omit<PairOptions, 'warmup'>,
  log: (line: string) => void,
): Promise<SearchSpeed> {
  const dbs: JournalDb[] = [];
  try {
    const opsBySize: ObjectOperations[] = [];
    for (const size of sizes) {
      const db = openDatabase(await journals.file(size));
      dbs.push(db);
      opsBySize.push(createJournalOperations(db, BENCH_OWNER_ID, { timeZone: 'UTC' }));
    }
    const call = (i: number, query: string) => async () => {
      const view = await opsBySize[i]!.invokeMethod('journal', 'search', { query });
      if (view.type === 'object') await opsBySize[i]!.invokeMethod(view.objId, 'getEntries', { limit: 20 });
    };
    const timings: SpeedTiming[] = [];
    for (const query of SPEED_QUERIES) {
      timings.push({ query, size: sizes[0]!, ms: 0, ratio: 1, runs: 0 });
      for (let i = 1; i < sizes.length; i++) {
        const s = await samplePair(call(i, query), call(0, query), timing);
        const small = timings.find((t) => t.query === query && t.size === sizes[0])!;
        small.ms = median(s.baseline);
        small.runs = s.baseline.length;
        const ms = median(s.subject);
        timings.push({ query, size: sizes[i]!, ms, ratio: ms / small.ms, runs: s.subject.length });
        log(`search "${query}": ${ms.toFixed(2)} ms at ${sizes[i]} vs ${small.ms.toFixed(2)} ms at ${sizes[0]}`);
      }
    }
    return { sizes, timings };
  } finally {
    for (const db of dbs) await db.destroy();
  }
}
