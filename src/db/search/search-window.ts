/**
 * The candidates a search's first pages are ranked from, bounded whatever the journal's size (the aim: a 1,000,000-entry
 * journal answers within 2× of a 10,000-entry one). Scoring every match of a common word ("walk" is in one entry of
 * nine) grew with the journal: 60 to 230 ms at 1,000,000 entries. A MaxScore-like cut instead:
 * - every match of the query's rare words (a phrase in at most SEARCH_WINDOW entries) is a candidate: a word that
 *   tells entries apart always reaches the ranking, however old its entry;
 * - of the matches holding only common words, the SEARCH_WINDOW most recently written (highest ids) are.
 * Candidates carry the store's exact BM25 (searchScores' number, idf over the whole journal), and pages list them best
 * first; the matches outside them follow, best first among themselves. Both stores take the same candidates by the
 * same rule, so they keep the same order. The rule is in the search tool's description.
 */
import type { MatchNode, Phrase } from './search-plan.ts';

/** Newest matches taken, and the most entries a phrase may match to count as rare. */
export const SEARCH_WINDOW = 1_000;
/** The most rare matches read in all: past it the rarest phrases are taken first and the rest count as common. */
export const RARE_BUDGET = 4 * SEARCH_WINDOW;

export interface ScoredId {
  id: number;
  score: number;
}

export interface Candidates {
  /** The candidates with their scores, in no order. */
  scored: ScoredId[];
  /** Every match is a candidate (the newest window was not full): no page needs the others. */
  complete: boolean;
}

/** What a store runs for the rule; each statement reads at most its limit of matches (bar the idf counts). */
export interface WindowQueries {
  /** Entries matching the node, counted up to `cap` + 1. */
  countUpTo(node: MatchNode, cap: number): Promise<number>;
  /** The `window` newest matches of the plan, and the matches of the plan that also match `rare`, with their scores. */
  scoredCandidates(
    plan: MatchNode,
    rare: MatchNode | null,
    window: number,
  ): Promise<{ newest: ScoredId[]; rare: ScoredId[] }>;
}

/** The phrases an entry is found by: all but the ones it must not hold (-word), each once. */
export function positivePhrases(node: MatchNode): Phrase[] {
  const all =
    'phrase' in node
      ? [node.phrase]
      : 'or' in node
        ? node.or.flatMap(positivePhrases)
        : 'and' in node
          ? node.and.flatMap(positivePhrases)
          : positivePhrases(node.not);
  const seen = new Set<string>();
  return all.filter((p) => {
    const key = `${p.words.join(' ')}${p.prefix ? '*' : ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The plan's rare phrases as one OR (null when none), rarest first within the budget. */
export async function rareNode(plan: MatchNode, queries: WindowQueries): Promise<MatchNode | null> {
  const counted = await Promise.all(
    positivePhrases(plan).map(async (phrase) => ({ phrase, n: await queries.countUpTo({ phrase }, SEARCH_WINDOW) })),
  );
  const rare: MatchNode[] = [];
  let budget = RARE_BUDGET;
  for (const { phrase, n } of counted.filter((c) => c.n > 0 && c.n <= SEARCH_WINDOW).sort((a, b) => a.n - b.n)) {
    if (n > budget) break;
    budget -= n;
    rare.push({ phrase });
  }
  return rare.length === 0 ? null : rare.length === 1 ? rare[0]! : { or: rare };
}

/** The candidates of a plan by the rule above. */
export async function searchCandidates(
  plan: MatchNode,
  queries: WindowQueries,
  window = SEARCH_WINDOW,
): Promise<Candidates> {
  const rare = await rareNode(plan, queries);
  const found = await queries.scoredCandidates(plan, rare, window);
  const byId = new Map<number, ScoredId>();
  for (const s of [...found.rare, ...found.newest])
    byId.set(Number(s.id), { id: Number(s.id), score: Number(s.score) });
  return { scored: [...byId.values()], complete: found.newest.length < window };
}
