// The bench flags: parts, sizes, quick mode, and that a partial run never overwrites BENCHMARKS.md by default.
import { describe, expect, it } from 'vitest';
import { ms, share, table } from '../../scripts/bench/markdown.ts';
import { FULL, parseBenchArgs } from '../../scripts/bench/options.ts';

describe('bench options', () => {
  it('runs everything at the full sizes and writes BENCHMARKS.md by default', () => {
    const o = parseBenchArgs([], '/tmp/x');
    expect(o.sizes).toEqual([2_500, 25_000, 250_000, 1_000_000]);
    expect(o.importSizes).toEqual([100_000, 1_000_000]);
    expect(o.out).toBe('BENCHMARKS.md');
    expect(o.only).toEqual(FULL.only);
  });

  it('takes parts, sizes with k/m suffixes and runs', () => {
    const o = parseBenchArgs(
      ['--only', 'tokens,methods', '--sizes', '2500,25k', '--methods-size', '1m', '--runs', '5'],
      '/tmp/x',
    );
    expect(o.only).toEqual(['tokens', 'methods']);
    expect(o.sizes).toEqual([2_500, 25_000]);
    expect(o.methodsSize).toBe(1_000_000);
    expect(o.runs).toBe(5);
    expect(o.out).toBeNull();
  });

  it('takes the postgres part with its journal size and import size (0: methods only)', () => {
    const o = parseBenchArgs(['postgres', '--size', '250k', '--pg-import-size', '0'], '/tmp/x');
    expect(o.only).toEqual(['postgres']);
    expect(o.postgresSize).toBe(250_000);
    expect(o.postgresImportSize).toBe(0);
    expect(o.out).toBeNull();
    expect(parseBenchArgs(['postgres'], '/tmp/x')).toMatchObject({
      postgresSize: 1_000_000,
      postgresImportSize: 100_000,
      out: 'BENCHMARKS.md',
    });
    expect(() => parseBenchArgs(['--size', 'lots'], '/tmp/x')).toThrow(/--size: "lots" is not a positive whole number/);
  });

  it('prints a quick run instead of writing the report, unless --out says where', () => {
    expect(parseBenchArgs(['--quick'], '/tmp/x').out).toBeNull();
    expect(parseBenchArgs(['--quick', '--out', 'quick.md'], '/tmp/x').out).toBe('quick.md');
  });

  it('re-renders a saved run to stdout unless --out says where', () => {
    const o = parseBenchArgs(['--from-results', 'data/bench/last-results.json'], '/tmp/x');
    expect(o.fromResults).toBe('data/bench/last-results.json');
    expect(o.out).toBeNull();
  });

  it('formats small shares, negative differences and numeric columns for the report', () => {
    expect(share(0.017)).toBe('1.7 %');
    expect(share(0.000045)).toBe('0.0045 %');
    expect(ms(-0.002)).toBe('−2 µs');
    expect(table(['a', 'n'], [['x', 1]])).toBe('| a | n |\n| --- | ---: |\n| x | 1 |');
  });

  it('rejects unknown parts and flags with the usage', () => {
    expect(() => parseBenchArgs(['--only', 'speed'], '/tmp/x')).toThrow(/unknown part speed/);
    expect(() => parseBenchArgs(['--fast'], '/tmp/x')).toThrow(/Unknown flag --fast[\s\S]*npm run bench/);
    expect(() => parseBenchArgs(['--sizes', 'ten'], '/tmp/x')).toThrow(/not a positive whole number/);
  });
});
