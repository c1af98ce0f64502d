/**
 * The retrieval benchmark's journal: a generated journal of everyday English entries (src/demo's generator), a share
 * of entries rewritten as everyday text in nine other languages, and the question set's facts planted as entries whose
 * ids are then known: the answers. Built through the app's own bulk path (insertEntryRows), so the search index is the
 * one the app keeps. Deterministic: the same size and seed give the same journal and the same answers.
 */
import { rmSync } from 'node:fs';
import type { NewEntryRow } from '../../src/db/schema.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { generateJournalRows, insertEntryRows } from '../../src/demo/demo-journal.ts';
import { seededRandom } from '../../src/demo/demo-text.ts';
import { titleOf } from '../../src/journal/entries/entry.ts';
import { createMigratedFile } from './journal-db.ts';
import { CHINESE, DUTCH, GERMAN, ITALIAN, JAPANESE } from './retrieval-set-more.ts';
import { ENGLISH, FRENCH, PORTUGUESE, RUSSIAN, SPANISH, type Lang, type LanguageSet } from './retrieval-set-europe.ts';

export const RETRIEVAL_OWNER_ID = 1;

export const LANGUAGE_SETS: readonly LanguageSet[] = [
  ENGLISH,
  RUSSIAN,
  SPANISH,
  FRENCH,
  PORTUGUESE,
  ITALIAN,
  GERMAN,
  DUTCH,
  CHINESE,
  JAPANESE,
];

export type QueryStyle = 'typed' | 'words';

/** One question put one way, with the ids of the entries that answer it. */
export interface RetrievalCase {
  lang: Lang;
  style: QueryStyle;
  query: string;
  answers: number[];
}

export interface RetrievalJournal {
  entries: number;
  /** Entries rewritten in each language other than English (everyday filler, not answers). */
  fillerPerLanguage: number;
  facts: number;
  cases: RetrievalCase[];
}

/** Share of the journal rewritten as everyday text in each language other than English. */
const FILLER_SHARE = 0.03;

/** Two or three filler sentences of one language. */
function fillerText(set: LanguageSet, random: () => number): string {
  const count = 2 + Math.floor(random() * 2);
  const picked = Array.from({ length: count }, () => set.filler[Math.floor(random() * set.filler.length)]!);
  return [...new Set(picked)].join(set.lang === 'zh' || set.lang === 'ja' ? '' : ' ');
}

const rewrite = (row: NewEntryRow, text: string) => {
  row.content = text;
  row.title = titleOf(text);
};

/** Builds the journal into `file` (replacing it) and returns its questions with their answer entries' ids. */
export async function buildRetrievalJournal(
  file: string,
  entries: number,
  sets: readonly LanguageSet[] = LANGUAGE_SETS,
  seed = 11,
): Promise<RetrievalJournal> {
  const rows = [
    ...generateJournalRows({ ownerId: RETRIEVAL_OWNER_ID, entries, from: '2021-01-01', seed, timeZone: 'UTC' }),
  ];
  const random = seededRandom(seed + 1);
  const facts = sets.flatMap((set) => set.facts.map((fact) => ({ set, fact })));
  const slots = facts.reduce((n, f) => n + f.fact.entries.length, 0);
  if (slots * 2 > rows.length) throw new Error(`a retrieval journal needs at least ${slots * 2} entries`);
  const taken = new Set<number>();
  // The facts spread evenly over the journal, each fact's entries one after another.
  const planted = facts.map(({ set, fact }, i) => {
    const start = Math.floor(((i + 0.5) * rows.length) / facts.length);
    const at = fact.entries.map((text, k) => {
      const row = rows[Math.min(start + k, rows.length - 1)]!;
      taken.add(start + k);
      rewrite(row, text);
      return row.message_id;
    });
    return { set, fact, at };
  });
  const fillerPerLanguage = Math.round(rows.length * FILLER_SHARE);
  for (const set of sets.filter((s) => s.filler.length > 0)) {
    for (let n = 0; n < fillerPerLanguage;) {
      const i = Math.floor(random() * rows.length);
      if (taken.has(i)) continue;
      taken.add(i);
      rewrite(rows[i]!, fillerText(set, random));
      n++;
    }
  }
  await createMigratedFile(file);
  const db = openDatabase(file);
  try {
    await insertEntryRows(db, rows);
    const ids = new Map(
      (
        await db.selectFrom('entry').select(['id', 'message_id']).where('owner_id', '=', RETRIEVAL_OWNER_ID).execute()
      ).map((r) => [Number(r.message_id), Number(r.id)]),
    );
    const cases = planted.flatMap(({ set, fact, at }) => {
      const answers = at.map((messageId) => ids.get(messageId)!);
      return fact.questions.flatMap((question) =>
        (['typed', 'words'] as const).map((style) => ({ lang: set.lang, style, query: question[style], answers })),
      );
    });
    return { entries: rows.length, fillerPerLanguage, facts: facts.length, cases };
  } finally {
    await db.destroy();
  }
}

export function removeJournal(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}
