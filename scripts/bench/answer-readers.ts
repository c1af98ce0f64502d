/** Reading answers out of tool results and SQL rows, the same way on both sides of the ground-truth check. */
import { daysOfMonth } from './calendar.ts';
import type { EntryRef } from './truth-db.ts';

export const ids = (entries: EntryRef[]): number[] => entries.map((e) => e.id);
export const distinctDays = (entries: EntryRef[]): string[] => [...new Set(entries.map((e) => e.day))];

export function countByMonth(entries: EntryRef[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) out[e.day.slice(0, 7)] = (out[e.day.slice(0, 7)] ?? 0) + 1;
  return out;
}

/** Items of a value that boundResult may have cut: the items shown and the full total. */
export const shownItems = (v: any): { items: any[]; total: number } =>
  Array.isArray(v) ? { items: v, total: v.length } : { items: v?.items ?? [], total: v?.total ?? 0 };

export function busiest(groups: { period: string; entries: number }[]): string {
  return [...groups].sort((x, y) => y.entries - x.entries || x.period.localeCompare(y.period))[0]?.period ?? '';
}

export function missedDays(month: string, written: string[]): string[] {
  const seen = new Set(written);
  return daysOfMonth(month).filter((d) => !seen.has(d));
}

/** "The whole journal: 806 days, 2500 entries, 2016-01-01 to 2018-09-26", as the injected interface states it. */
export function spanOf(text: string): { days: number; entries: number; first?: string; last?: string } {
  const m =
    /The whole journal: ([\d,]+) days?, ([\d,]+) entr(?:y|ies), (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(text);
  if (!m) return { days: Number.NaN, entries: Number.NaN };
  return {
    days: Number(m[1]!.replaceAll(',', '')),
    entries: Number(m[2]!.replaceAll(',', '')),
    first: m[3],
    last: m[4],
  };
}
