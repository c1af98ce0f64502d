// How hard the fuzz suite pushes: small in `npm test`, large under `npm run fuzz` (FUZZ_SCALE), and the figures
// each property records for RELIABILITY.md (FUZZ_REPORT names the file they are appended to).
import { appendFileSync } from 'node:fs';

/** 1 in npm test; `npm run fuzz` sets more (e.g. 40). */
export const FUZZ_SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));

/** Runs for one property: its npm test share, times the scale. */
export const runs = (base: number) => Math.round(base * FUZZ_SCALE);

/** A fixed seed unless FUZZ_SEED says otherwise, so a failure in npm test reproduces. */
export const FUZZ_SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261201;

export interface FuzzFigures {
  property: string;
  cases: number;
  /** Messages (or calls) generated inside those cases. */
  items: number;
  /** Unexpected errors: anything but a clear ImportError / ObjectError or a counted skip. */
  crashes: number;
  /** Importable messages that did not end up as entries with their exact text. */
  lost: number;
  seconds: number;
}

/** Appends one property's figures when FUZZ_REPORT is set (npm run fuzz reads them back). */
export function recordFigures(figures: FuzzFigures): void {
  if (process.env.FUZZ_REPORT) appendFileSync(process.env.FUZZ_REPORT, `${JSON.stringify(figures)}\n`);
}

/**
 * Counts what a property observed, case by case, and records it even when the property fails (fast-check throws):
 * the figures are what happened, not what a passing run implies.
 */
export class FuzzTally {
  cases = 0;
  items = 0;
  crashes = 0;
  lost = 0;
  readonly #started = performance.now();
  /** The table's row name; a property may add what it counted (e.g. its clear errors). */
  constructor(public property: string) {}

  /**
   * Runs one call: returns its value, or the error when `isClear` accepts it (a clear error, e.g. ImportError);
   * any other error is counted as a crash and rethrown, failing the property.
   */
  async guard<T>(
    run: () => Promise<T>,
    isClear: (error: unknown) => boolean,
  ): Promise<{ value: T } | { error: unknown }> {
    try {
      return { value: await run() };
    } catch (error) {
      if (isClear(error)) return { error };
      this.crashes += 1;
      throw error;
    }
  }

  /** Runs the property and records the figures afterwards, whatever its outcome. */
  async run(property: () => Promise<void>): Promise<void> {
    try {
      await property();
    } finally {
      recordFigures({
        property: this.property,
        cases: this.cases,
        items: this.items,
        crashes: this.crashes,
        lost: this.lost,
        seconds: (performance.now() - this.#started) / 1000,
      });
    }
  }
}
