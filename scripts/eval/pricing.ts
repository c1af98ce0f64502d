/** Dollars per million tokens (../shared/docs/tech-notes.md, 2026-11): cache reads cost a tenth of input, cache writes 1.25×. */
const PER_MILLION: Record<string, { input: number; output: number }> = {
  'claude-sonnet-5-5': { input: 2, output: 10 },
  'claude-haiku-5-5': { input: 0.1, output: 0.5 },
};

export interface PricedUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** The cost of a usage on a model, or null for a model without a known price. */
export function costOf(model: string, u: PricedUsage): number | null {
  const p = PER_MILLION[model];
  if (!p) return null;
  const input = u.inputTokens + (u.cacheReadTokens ?? 0) * 0.1 + (u.cacheWriteTokens ?? 0) * 1.25;
  return (input * p.input + u.outputTokens * p.output) / 1_000_000;
}
