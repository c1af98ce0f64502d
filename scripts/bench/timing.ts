/** Timing for noisy shared machines: medians of interleaved samples, never lone absolute times. */

/** Milliseconds since an arbitrary origin, with sub-microsecond resolution. */
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface PairSamples {
  subject: number[];
  baseline: number[];
}

export interface PairOptions {
  /** At least this many samples of each, and at most `maxRuns`. */
  minRuns: number;
  maxRuns: number;
  /** Stop once both sides together have run this long (after minRuns). */
  budgetMs: number;
  warmup?: number;
}

/**
 * Times a subject against its baseline, alternating which goes first, so drift on a shared machine hits both alike.
 * Each sample is one call.
 */
export async function samplePair(
  subject: () => unknown,
  baseline: () => unknown,
  o: PairOptions,
): Promise<PairSamples> {
  for (let i = 0; i < (o.warmup ?? 3); i++) {
    const t0 = nowMs();
    await subject();
    await baseline();
    if (nowMs() - t0 > 100) break; // slow calls warm up in one round
  }
  const out: PairSamples = { subject: [], baseline: [] };
  const started = nowMs();
  for (let i = 0; i < o.maxRuns; i++) {
    const order = i % 2 === 0 ? (['subject', 'baseline'] as const) : (['baseline', 'subject'] as const);
    for (const side of order) {
      const fn = side === 'subject' ? subject : baseline;
      const t0 = nowMs();
      await fn();
      out[side].push(nowMs() - t0);
    }
    if (i + 1 >= o.minRuns && nowMs() - started > o.budgetMs) break;
  }
  return out;
}

/** subject / baseline, or NaN when the baseline is zero. */
export const ratio = (subject: number, baseline: number): number => (baseline > 0 ? subject / baseline : Number.NaN);
