/**
 * Writing prompts: a built-in set (short, non-intrusive), the owner's own (/prompts add), and memories from on this
 * day in earlier years ("A year ago you wrote: "…" — how is that now?", the entry's first line only).
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { yearOf } from '../dates/calendar-day.ts';
import { readOnThisDay } from '../memories.ts';
import { listOwnerPrompts } from './prompt-store.ts';

export const BUILT_IN_PROMPTS: readonly string[] = [
  'What was the best part of today?',
  'What is on your mind right now?',
  'What made you smile today?',
  'What did you learn today?',
  'Who did you talk to today, and what about?',
  'What are you looking forward to?',
  'What took most of your energy today?',
  'What would you like to remember about today?',
  'What are you grateful for today?',
  'What surprised you today?',
  'How did you sleep, and how do you feel?',
  'What did you eat today that was good?',
  'Where did you go today?',
  'What is one small thing that went well?',
  'What would you do differently if today started again?',
  'What are you reading, watching or listening to?',
  'What is something you are worried about?',
  'What did you do for yourself today?',
  'Which moment of today would you like to keep?',
  'What is something you noticed outside today?',
  'What did you finish today, however small?',
  'What is something you want to try this week?',
  'Who would you like to see soon?',
  'What is a question you keep thinking about?',
  'What was hard today?',
  'What made today different from yesterday?',
  'What sounds or smells do you remember from today?',
  'What are you proud of lately?',
  'What would you tell a friend about your day?',
  'What is one word for today, and why?',
  'What changed in your plans today?',
  'What did you put off, and what helps you start it?',
];

/** The longest first line a memory prompt quotes. */
const MEMORY_QUOTE_CHARS = 120;

/** The first line of an entry, cut to fit a prompt. */
export function firstLine(text: string): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > MEMORY_QUOTE_CHARS ? `${line.slice(0, MEMORY_QUOTE_CHARS - 1).trimEnd()}…` : line;
}

const yearsAgoText = (years: number) => (years === 1 ? 'A year ago' : `${years} years ago`);

/** Memory prompts from what the owner wrote on this day in earlier years, newest year first. */
export async function memoryPrompts(db: JournalDb, ownerId: number, today: string, limit = 5): Promise<string[]> {
  const found = await readOnThisDay(db, ownerId, today, 20);
  const prompts: string[] = [];
  for (const entry of found.entries) {
    const years = yearOf(today) - yearOf(entry.date);
    const line = firstLine(entry.content || entry.title);
    if (years < 1 || line === '') continue;
    prompts.push(`${yearsAgoText(years)} you wrote: "${line}" — how is that now?`);
    if (prompts.length === limit) break;
  }
  return prompts;
}

/**
 * One prompt for the owner: a memory from this day when there is one (half the time), otherwise one of the built-in
 * set and the owner's own. `random` returns [0, 1) (Math.random; tests pass their own).
 */
export async function pickPrompt(db: JournalDb, ownerId: number, today: string, random: () => number): Promise<string> {
  const [memories, own] = await Promise.all([memoryPrompts(db, ownerId, today), listOwnerPrompts(db, ownerId)]);
  const choose = <T>(items: readonly T[]): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
  if (memories.length > 0 && random() < 0.5) return choose(memories);
  return choose([...BUILT_IN_PROMPTS, ...own.map((p) => p.text)]);
}
