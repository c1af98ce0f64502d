/**
 * Facts planted in a generated journal so reading questions have a known truth: a month's worries, a year's events,
 * feelings about Marek over a summer. Each replaces the text of one generated entry (counts and days stay the same),
 * chosen from the journal's own anchors, so every size has them. Judged by keywords an answer must contain.
 */
import SQLite from 'better-sqlite3';
import { searchTextOf } from '../../src/db/search/search-text.ts';
import type { Anchors } from './truth-db.ts';

export interface PlantedFact {
  id: number;
  day: string;
  text: string;
  /** An answer states the fact when it contains any of these (case-insensitive). */
  keywords: string[];
}

export interface PlantedFacts {
  worries: PlantedFact[];
  yearEvents: PlantedFact[];
  marekSummer: PlantedFact[];
}

type Seed = { near: string; text: string; keywords: string[] };

const worries = (month: string): Seed[] => [
  {
    near: `${month}-05`,
    text: 'Worried sick about the leaking roof; the repair quote came in at twice what we hoped.',
    keywords: ['roof'],
  },
  { near: `${month}-14`, text: "Can't stop worrying about Lea's visa interview next week.", keywords: ['visa'] },
  { near: `${month}-24`, text: 'Lay awake worrying about the layoffs rumoured at work.', keywords: ['layoff'] },
];

const YEAR_EVENTS: Omit<Seed, 'near'>[] = [
  { text: 'Big news: I started cello lessons today.', keywords: ['cello'] },
  { text: 'We moved into the flat by the river. Boxes everywhere.', keywords: ['river', 'moved', 'move'] },
  { text: 'Back from Lisbon: a week of tiles and custard tarts.', keywords: ['lisbon'] },
  { text: 'Ran my first marathon, 4:12, legs like jelly.', keywords: ['marathon'] },
];

/** The events go to four months spread over the months of the year that have entries (a small journal may not span it). */
const yearEvents = (months: string[]): Seed[] => {
  const at = [
    ...new Set(YEAR_EVENTS.map((_, i) => months[Math.round((i * (months.length - 1)) / (YEAR_EVENTS.length - 1))]!)),
  ];
  return at.map((month, i) => ({ near: `${month}-10`, ...YEAR_EVENTS[i]! }));
};

const marekSummer = (year: string): Seed[] => [
  {
    near: `${year}-06-12`,
    text: 'Furious with Marek: he cancelled our trip at the last minute.',
    keywords: ['furious', 'cancel', 'angry'],
  },
  {
    near: `${year}-07-12`,
    text: 'Made up with Marek over a long dinner; such a relief.',
    keywords: ['made up', 'relie', 'reconcil'],
  },
  {
    near: `${year}-08-12`,
    text: 'Marek helped me paint the kitchen. So grateful for him.',
    keywords: ['grateful', 'paint'],
  },
];

/** The summer the Marek facts are planted in, as an inclusive range. */
export const summerOf = (year: string) => ({ startDate: `${year}-06-01`, endDate: `${year}-08-31` });

/** Writes the facts into the journal file (idempotent for the same anchors) and returns where they went. */
export function plantFacts(file: string, ownerId: number, a: Anchors): PlantedFacts {
  const db = new SQLite(file);
  try {
    const taken = new Set<number>();
    // The entry of that month nearest the day (a month may end early or have a break), not already holding a fact.
    const pick =
      db.prepare(`SELECT id, local_day AS day FROM entry WHERE owner_id = ? AND local_day >= ? AND local_day <= ?
      ORDER BY abs(julianday(local_day) - julianday(?)), local_day, written_at, id LIMIT 50`);
    // search_text with them: the index reads it (search-text.ts), so a fact written without it is not found by search.
    const update = db.prepare(`UPDATE entry SET title = ?, content = ?, search_text = ? WHERE id = ?`);
    const plant = (seeds: Seed[]): PlantedFact[] =>
      seeds.flatMap((s) => {
        const row = (
          pick.all(ownerId, `${s.near.slice(0, 7)}-01`, `${s.near.slice(0, 7)}-31`, s.near) as {
            id: number;
            day: string;
          }[]
        ).find((r) => !taken.has(r.id));
        if (!row) return [];
        taken.add(row.id);
        const title = s.text.slice(0, 120);
        update.run(title, s.text, searchTextOf(title, s.text), row.id);
        return [{ id: row.id, day: row.day, text: s.text, keywords: s.keywords }];
      });
    const months = (
      db
        .prepare(
          `SELECT DISTINCT substr(local_day, 1, 7) AS m FROM entry WHERE owner_id = ? AND local_day LIKE ? ORDER BY m`,
        )
        .all(ownerId, `${a.year}-%`) as { m: string }[]
    ).map((r) => r.m);
    return db.transaction(() => ({
      worries: plant(worries(a.month)),
      yearEvents: plant(yearEvents(months)),
      marekSummer: plant(marekSummer(a.year)),
    }))();
  } finally {
    db.close();
  }
}

/** The facts an answer states, by keyword. */
export const factsStated = (answer: string, facts: PlantedFact[]): PlantedFact[] =>
  facts.filter((f) => f.keywords.some((k) => answer.toLowerCase().includes(k.toLowerCase())));
