/**
 * Journal names: each entry belongs to one journal, stored as its name; '' is the main journal (messages outside
 * topics), which reads and answers to "Main". A topic of the owner's chat is the journal named after it.
 */
import { z } from 'zod';

/** The stored name of the main journal. */
export const MAIN_JOURNAL = '';
/** How the main journal is named to people and models (`journal:Main`, `/forget journal Main`). */
export const MAIN_JOURNAL_NAME = 'Main';
/** Telegram's limit on a topic's name, and so on a journal's. */
export const JOURNAL_NAME_MAX = 128;

/** The name a journal is shown by: "Main" for the main journal, its own name otherwise. */
export const journalDisplayName = (stored: string) => (stored === MAIN_JOURNAL ? MAIN_JOURNAL_NAME : stored);

/** What a name given by a person or a model stands for in storage: "Main" (any case) is the main journal. */
export const storedJournalName = (name: string) =>
  name.trim().toLowerCase() === MAIN_JOURNAL_NAME.toLowerCase() ? MAIN_JOURNAL : name.trim();

/** A topic's journal before its name was seen (its creation came before the bot, or was missed). */
export const unnamedTopicJournal = (threadId: number) => `Topic ${threadId}`;

/** The handle of one journal: `journal:<name>`, the way `journal` is all of them. */
export const journalHandle = (stored: string) => `journal:${journalDisplayName(stored)}`;

/** The name in a `journal:<name>` handle, or null when the id is not one. */
export function journalNameOfHandle(id: string): string | null {
  const match = /^journal:([\s\S]+)$/i.exec(id.trim());
  return match ? match[1]!.trim() : null;
}

// C0 and C1 controls and DEL: damage in a name, never meaning.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a name cannot be a journal's, or null when it can. */
export function journalNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'a journal name must not be empty';
  if ([...trimmed].length > JOURNAL_NAME_MAX) return `a journal name must be at most ${JOURNAL_NAME_MAX} characters`;
  if (CONTROL.test(trimmed)) return 'a journal name must not contain control characters (line breaks, tabs)';
  return null;
}

/** A journal name argument: `Dreams`, `Work log`, or `Main` for the main journal. */
export const journalNameArgument = z
  .string({ error: 'name is required: a journal name as listJournals() gives it, e.g. "Dreams" (or "Main")' })
  .superRefine((value, ctx) => {
    const problem = journalNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `name: ${problem}` });
  })
  .transform(storedJournalName);

/** A name fit for storage: trimmed, controls removed, cut to Telegram's limit (a topic's name as Telegram sent it). */
export function cleanJournalName(name: string): string {
  const cleaned = [...name.replace(new RegExp(CONTROL.source, 'g'), ' ').trim()].slice(0, JOURNAL_NAME_MAX).join('');
  return storedJournalName(cleaned);
}
