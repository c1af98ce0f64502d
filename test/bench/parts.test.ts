// The benchmark parts are listed once (scripts/bench/parts.ts): every part there has the script that measures it, the
// report file that writes its section, its `<!-- bench-part X -->` section in BENCHMARKS.md under its heading, and
// its name in docs/development.md; and nothing names a part the list does not have.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FULL, parseBenchArgs, USAGE } from '../../scripts/bench/options.ts';
import { BENCH_PARTS, inRunOrder, PARTS } from '../../scripts/bench/parts.ts';
import { REPORT_FOOTER, REPORT_HEADER } from '../../scripts/bench/report.ts';
import { readSections } from '../../scripts/bench/sections.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const benchmarks = read('BENCHMARKS.md');

describe('the benchmark-part registry', () => {
  it.each(BENCH_PARTS)('$name has its script, its report and its section in BENCHMARKS.md', (part) => {
    const script = `scripts/bench/${part.script}`;
    expect(existsSync(path.join(ROOT, script)), `${script} is missing`).toBe(true);
    expect(read(`scripts/bench/${part.report}`)).toContain(part.heading);
    const section = readSections(benchmarks).find((s) => s.part === part.name);
    expect(section, `BENCHMARKS.md has no <!-- bench-part ${part.name} --> section`).toBeDefined();
    expect(section!.markdown.split('\n')[0]!.startsWith(part.heading), section!.markdown.split('\n')[0]).toBe(true);
  });

  it('BENCHMARKS.md has a section for registered parts only, and its footer lists them all', () => {
    const marked = [...benchmarks.matchAll(/^<!-- bench-part ([\w-]+) -->$/gm)].map((m) => m[1]);
    expect(marked.toSorted()).toEqual([...PARTS].toSorted());
    expect(benchmarks.startsWith(REPORT_HEADER.trim())).toBe(true);
    expect(benchmarks.endsWith(`${REPORT_FOOTER.trim()}\n`)).toBe(true);
    expect(REPORT_FOOTER).toContain(PARTS.join(', '));
  });

  it("docs/development.md names every part, as the registry's list", () => {
    const listed = /Each part\s+\(([^)]*)\)/.exec(read('docs/development.md'))?.[1];
    expect(listed, "docs/development.md: no 'Each part (`…`, …)' sentence").toBeDefined();
    expect([...listed!.matchAll(/`([\w-]+)`/g)].map((m) => m[1])).toEqual([...PARTS]);
  });

  it('the flags take exactly the registered parts, and a full run measures them in the run order', () => {
    expect(FULL.only).toEqual([...PARTS]);
    expect(USAGE).toContain(PARTS.join(', '));
    for (const part of PARTS) expect(parseBenchArgs([part], '/tmp/x').only).toEqual([part]);
    expect(() => parseBenchArgs(['speed'], '/tmp/x')).toThrow(/unknown part speed; parts are tokens, import/);
    const order = inRunOrder(FULL.only);
    expect(order).toEqual(BENCH_PARTS.toSorted((a, b) => a.runs - b.runs).map((p) => p.name));
    // The journals' parts before the import, which frees their disk to write its exports.
    for (const shared of ['tokens', 'methods', 'reading', 'web', 'retrieval'] as const)
      expect(order.indexOf(shared)).toBeLessThan(order.indexOf('import'));
    expect(new Set(BENCH_PARTS.map((p) => p.runs)).size).toBe(BENCH_PARTS.length);
  });
});
