/**
 * BENCHMARKS.md as sections, one per part: a run rewrites the sections of the parts it measured and keeps every
 * other section as it stands, so a part can be re-run alone (a full run takes over 20 minutes) and a new part (the
 * PostgreSQL work's, say) adds its own section. The aims table at the top is rebuilt on every write from the aims
 * each section carries, so it always matches the sections below it.
 */
import type { Aim } from './aims.ts';
import { table } from './markdown.ts';

export interface PartSection {
  /** The part's name as `npm run bench -- <part>` takes it. */
  part: string;
  /** The section's markdown, its `## ` heading first. */
  markdown: string;
  /** The aims this part checks; shown at the top of the file. */
  aims: Aim[];
}

const START = /^<!-- bench-part ([\w-]+) -->$/;
const end = (part: string) => `<!-- /bench-part ${part} -->`;
const AIMS = /^<!-- bench-aims (.*) -->$/;

/** The sections of a report written by `writeSections`, in file order; anything outside them is not kept. */
export function readSections(text: string): PartSection[] {
  const lines = text.split('\n');
  const sections: PartSection[] = [];
  for (let i = 0; i < lines.length; i++) {
    const part = START.exec(lines[i]!)?.[1];
    if (!part) continue;
    const close = lines.indexOf(end(part), i + 1);
    if (close < 0)
      throw new Error(
        `BENCHMARKS.md: the section of part "${part}" has no end marker (${end(part)}); fix or delete it by hand`,
      );
    const body = lines.slice(i + 1, close);
    const aimsLine = body.findIndex((l) => AIMS.test(l));
    const aims = aimsLine >= 0 ? (JSON.parse(AIMS.exec(body[aimsLine]!)![1]!) as Aim[]) : [];
    if (aimsLine >= 0) body.splice(aimsLine, 1);
    sections.push({ part, markdown: body.join('\n').trim(), aims });
    i = close;
  }
  return sections;
}

/** `existing` with `fresh` sections in place of theirs (new parts after the others, in the order given). */
export function mergeSections(existing: PartSection[], fresh: PartSection[]): PartSection[] {
  const byPart = new Map(fresh.map((s) => [s.part, s]));
  const merged = existing.map((s) => byPart.get(s.part) ?? s);
  return [...merged, ...fresh.filter((s) => !existing.some((e) => e.part === s.part))];
}

const verdict = (a: Aim) => (a.met === null ? '—' : a.met ? 'met' : '**missed**');

/** The whole file: `header`, the aims of every section, the sections, then `footer`. */
export function writeSections(sections: PartSection[], header: string, footer: string): string {
  const aims = sections.flatMap((s) => s.aims.map((a) => [s.part, a.aim, a.measured, verdict(a)]));
  const body = sections.map((s) =>
    [
      `<!-- bench-part ${s.part} -->`,
      s.markdown.trim(),
      // Kept with the section so the aims table can be rebuilt when another part is re-run; `-->` may not appear.
      `<!-- bench-aims ${JSON.stringify(s.aims).replaceAll('-->', '--\\u003e')} -->`,
      end(s.part),
    ].join('\n'),
  );
  return [
    header.trim(),
    '',
    '## Aims',
    '',
    aims.length ? table(['part', 'aim', 'measured', ''], aims) : 'No part has been measured yet.',
    '',
    ...body.flatMap((b) => [b, '']),
    footer.trim(),
    '',
  ].join('\n');
}
