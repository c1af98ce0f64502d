/**
 * Right or wrong, from a free-text answer: a count question's truth is broken into atoms (numbers, days, months) that
 * the answer must all state; a reading question must state every planted fact (by keyword).
 */
import { monthName } from '../bench/calendar.ts';
import { factsStated, type PlantedFact } from '../bench/planted-facts.ts';

export interface Verdict {
  right: boolean;
  /** What was looked for and not found. */
  missing: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** The atoms a truth value is made of: numbers, days and months (object values only; keys are labels). */
function atoms(value: unknown): (number | string)[] {
  if (typeof value === 'number' || typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(atoms);
  if (value && typeof value === 'object') return Object.values(value).flatMap(atoms);
  return [];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the answer states one atom, in the forms people write it. */
function states(answer: string, atom: number | string): boolean {
  if (typeof atom === 'number') {
    const plain = new RegExp(`(^|[^\\d,.])(${atom}|${escape(atom.toLocaleString('en-US'))})(?![\\d,]\\d)`);
    return plain.test(answer);
  }
  if (DAY.test(atom)) {
    const day = Number(atom.slice(8));
    const name = monthName(atom.slice(0, 7)).split(' ')[0]!;
    return (
      answer.includes(atom) ||
      new RegExp(`\\b${name}\\s+${day}\\b|\\b${day}(st|nd|rd|th)?\\s+(of\\s+)?${name}\\b`, 'i').test(answer) ||
      new RegExp(`(^|\\D)${day}(?!\\d)`).test(answer)
    );
  }
  if (MONTH.test(atom))
    return answer.includes(atom) || answer.toLowerCase().includes(monthName(atom).split(' ')[0]!.toLowerCase());
  return answer.toLowerCase().includes(atom.toLowerCase());
}

export function judgeCount(answer: string, truth: unknown): Verdict {
  const missing = atoms(truth)
    .filter((a) => !states(answer, a))
    .map(String);
  return { right: missing.length === 0, missing };
}

export function judgeReading(answer: string, facts: PlantedFact[]): Verdict {
  const stated = new Set(factsStated(answer, facts));
  const missing = facts.filter((f) => !stated.has(f)).map((f) => `${f.day} ${f.keywords[0]}`);
  return { right: facts.length > 0 && missing.length === 0, missing };
}
