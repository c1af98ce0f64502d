/** Markdown tables and number formats for BENCHMARKS.md. */

export type Cell = string | number;

/** A GitHub table; numbers are right-aligned. */
export function table(headers: string[], rows: Cell[][]): string {
  const numeric = headers.map(
    (_, i) =>
      rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || /^[\d,.×%~≤<>−+ -]+$/.test(String(r[i]))),
  );
  const line = (cells: Cell[]) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
  const rule = `| ${numeric.map((n) => (n ? '---:' : '---')).join(' | ')} |`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** 12345 → "12,345"; fractions keep `digits` decimals. */
export function num(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A ratio as "1.23×". */
export const times = (value: number, digits = 2): string => (Number.isFinite(value) ? `${num(value, digits)}×` : 'n/a');

/** A fraction as "4.2 %". */
export const percent = (value: number, digits = 1): string =>
  Number.isFinite(value) ? `${num(value * 100, digits)} %` : 'n/a';

/** Milliseconds, with more digits for small values. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 0) return `−${ms(-value)}`;
  if (value < 0.1) return `${num(value * 1000, 0)} µs`;
  if (value < 10) return `${num(value, 2)} ms`;
  return `${num(value, value < 1000 ? 1 : 0)} ms`;
}

/** Bytes as MiB. */
export const mb = (bytes: number): string => `${num(bytes / 1024 / 1024, 0)} MiB`;

/** A small fraction as a percentage with two significant digits: "1.7 %", "0.018 %", "0.0045 %". */
export function share(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const pct = value * 100;
  if (pct === 0 || pct >= 1) return `${num(pct, 1)} %`;
  const digits = Math.min(6, 1 - Math.floor(Math.log10(pct)));
  return `${num(pct, digits)} %`;
}
