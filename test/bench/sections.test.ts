// BENCHMARKS.md by sections: a run rewrites only the sections of the parts it measured, keeps the others (another
// engineer's part included) and rebuilds the aims table from every section's aims.
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../../scripts/bench/options.ts';
import { mergeSections, readSections, writeSections, type PartSection } from '../../scripts/bench/sections.ts';

const section = (part: string, text: string, met: boolean | null = true): PartSection => ({
  part,
  markdown: `## ${part}\n\n_Measured at ${text}._\n\n| a | b |\n| --- | --- |\n| 1 | 2 |`,
  aims: [{ aim: `${part} aim --> with an arrow | and a bar`, measured: text, met }],
});

describe('BENCHMARKS.md sections', () => {
  it('rewrites only the parts measured, keeps the rest in place, adds new parts after them', () => {
    const first = writeSections(
      [section('tokens', 'monday'), section('postgres', 'monday'), section('import', 'monday', false)],
      '# Benchmarks',
      '## Reproduce',
    );
    const second = writeSections(
      mergeSections(readSections(first), [section('import', 'tuesday'), section('capture', 'tuesday', null)]),
      '# Benchmarks',
      '## Reproduce',
    );
    const parts = readSections(second);
    expect(parts.map((s) => s.part)).toEqual(['tokens', 'postgres', 'import', 'capture']);
    expect(parts.find((s) => s.part === 'tokens')).toEqual(section('tokens', 'monday'));
    expect(parts.find((s) => s.part === 'import')).toEqual(section('import', 'tuesday'));
    // The aims table lists every section's aims, as of its own run.
    expect(second).toContain('| tokens | tokens aim --> with an arrow \\| and a bar | monday | met |');
    expect(second).toContain('| import | import aim --> with an arrow \\| and a bar | tuesday | met |');
    expect(second).toContain('| capture | capture aim --> with an arrow \\| and a bar | tuesday | — |');
    expect(second).not.toContain('**missed**');
    expect(second.startsWith('# Benchmarks\n\n## Aims')).toBe(true);
    expect(second.trimEnd().endsWith('## Reproduce')).toBe(true);
    // Writing what was read changes nothing.
    expect(writeSections(readSections(second), '# Benchmarks', '## Reproduce')).toBe(second);
  });

  it('starts anew from a report written before sections, and names a section left without its end', () => {
    expect(readSections('# Benchmarks\n\n## 1. Tokens per question\n')).toEqual([]);
    expect(() => readSections('<!-- bench-part tokens -->\n## 1. Tokens')).toThrow(
      'the section of part "tokens" has no end marker',
    );
  });

  it('writes BENCHMARKS.md for a run of some parts at the full sizes, prints other sizes and quick runs', () => {
    const one = parseBenchArgs(['import'], '/tmp/x');
    expect(one.only).toEqual(['import']);
    expect(one.out).toBe('BENCHMARKS.md');
    expect(parseBenchArgs(['tokens', 'reading'], '/tmp/x').only).toEqual(['tokens', 'reading']);
    expect(parseBenchArgs(['methods', '--methods-size', '25000'], '/tmp/x').out).toBeNull();
    expect(parseBenchArgs(['methods', '--quick'], '/tmp/x').out).toBeNull();
    expect(() => parseBenchArgs(['speed'], '/tmp/x')).toThrow(/unknown part speed/);
  });
});
