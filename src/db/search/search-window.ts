/**
 * The candidates a search's first pages are ranked from, bounded whatever the journal's size (the aim: a 1,000,000-entry
 * journal answers within 2× of a 10,000-entry one). Scoring every match of a common word ("walk" is in one entry of
 * nine) grew with the journal: 60 to 230 ms at 1,000,000 entries. A MaxScore-like cut instead:
 * - every match of the query's rare words (a phrase in at most SEARCH_WINDOW entries) is a candidate: a word that
 *   tells entries apart always reaches the ranking, however old its entry;
 * - of the matches holding only common words, the SEARCH_WINDOW most recently written (highest ids) are.
 * Candidates carry the store's BM25 (searchScores' formula). Its idf needs each phrase's entry count, and counting every
 * match of a common phrase was the part that still grew (FTS5's bm25() does it on every statement: 11 ms for "coffee"
 * at 1,000,000 entries). So a phrase in more than SEARCH_WINDOW entries has its count estimated from how densely its
 * newest matches lie (estimatedHits); a rarer phrase's count is exact, and the rare words' idf is what a ranking rests
 * on. Pages list the candidates best first; the matches outside them follow, best first among themselves by the
 * exact score. Both stores take the same candidates and counts by the same rule, so they keep the same order. A search
 * view's description says its pages list best matches first.
 */
import { planPhrases, type MatchNode, type Phrase } from './search-plan.ts';

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

/** A node's matches counted up to a cap: how many (at most cap + 1), and past the cap the lowest id of the cap + 1 newest. */
export interface Spread {
  n: number;
  lowest: number | null;
}

/** The journal's indexed rows (as its BM25 counts them) and its highest entry id. */
export interface IndexTotals {
  rows: number;
  maxId: number;
}

/** What a store runs for the rule; each statement reads at most its limit of matches (bar bm25()'s own counts). */
export interface WindowQueries {
  /** The node's newest matches, read up to `cap` + 1. */
  spread(node: MatchNode, cap: number): Promise<Spread>;
  totals(): Promise<IndexTotals>;
  /**
   * The `window` newest matches of the plan, and the matches of the plan that also match `rare`, with their scores.
   * `hits` (by planPhrases' order) are the phrases' entry counts for the idf; without them the store counts each.
   */
  scoredCandidates(
    plan: MatchNode,
    rare: MatchNode | null,
    window: number,
    hits?: readonly number[],
  ): Promise<{ newest: ScoredId[]; rare: ScoredId[] }>;
}

const phraseKey = (p: Phrase) => `${p.words.join(' ')}${p.prefix ? '*' : ''}`;

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
    const key = phraseKey(p);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The rare phrases (`n` entries each, at most `window`) as one OR (null when none), rarest first within the budget. */
export function rareNode(counted: readonly { phrase: Phrase; n: number }[], window = SEARCH_WINDOW): MatchNode | null {
  const rare: MatchNode[] = [];
  let budget = RARE_BUDGET;
  for (const { phrase, n } of counted.filter((c) => c.n > 0 && c.n <= window).sort((a, b) => a.n - b.n)) {
    if (n > budget) break;
    budget -= n;
    rare.push({ phrase });
  }
  return rare.length === 0 ? null : rare.length === 1 ? rare[0]! : { or: rare };
}

/**
 * A common phrase's entry count from its `window` + 1 newest matches: ids count entries as they were written, so the
 * share of the newest ids they cover is the phrase's share of the journal. Never fewer than were read, never more than
 * the rows. A common word's idf is small and changes little near its true count (ln of a ratio).
 */
export function estimatedHits(read: number, lowest: number, totals: IndexTotals): number {
  const span = Math.max(read, totals.maxId - lowest + 1);
  return Math.min(totals.rows, Math.max(read, Math.round((read * totals.rows) / span)));
}

/** The candidates of a plan by the rule above. */
export async function searchCandidates(
  plan: MatchNode,
  queries: WindowQueries,
  window = SEARCH_WINDOW,
): Promise<Candidates> {
  const spreads = new Map<string, { phrase: Phrase; spread: Spread }>();
  await Promise.all(
    positivePhrases(plan).map(async (phrase) =>
      spreads.set(phraseKey(phrase), { phrase, spread: await queries.spread({ phrase }, window) }),
    ),
  );
  const counted = [...spreads.values()].map(({ phrase, spread }) => ({ phrase, n: spread.n }));
  const rare = rareNode(counted, window);
  // Every count exact and small: the store's own count (bm25()'s) costs no more than reading the rows.
  const common = counted.some((c) => c.n > window);
  let hits: number[] | undefined;
  if (common) {
    const totals = await queries.totals();
    // A phrase an entry must not hold (-word) scores nothing in a candidate: its count does not matter.
    hits = planPhrases(plan).map((p) => {
      const s = spreads.get(phraseKey(p))?.spread;
      if (!s) return 0;
      return s.lowest === null ? s.n : estimatedHits(s.n, s.lowest, totals);
    });
  }
  const found = await queries.scoredCandidates(plan, rare, window, hits);
  const byId = new Map<number, ScoredId>();
  for (const s of [...found.rare, ...found.newest])
    byId.set(Number(s.id), { id: Number(s.id), score: Number(s.score) });
  return { scored: [...byId.values()], complete: found.newest.length < window };
}
