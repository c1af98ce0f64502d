/**
 * Generated, deterministic journals: the demo's (about 700 entries, April to June 2024) and bigger ones for
 * benchmarks. Same options, same seed, same rows: days with several entries, gaps, breaks, text of varied length.
 */
import type { JournalDb } from '../db/journal-database.ts';
import type { NewEntryRow } from '../db/schema.ts';
import { entryValues } from '../db/store.ts';
import { insertNewRows, ROWS_PER_STATEMENT } from '../journal/entries/entry-batch.ts';
import { tagInsertedRows } from '../journal/tags/entry-tags.ts';
import { hashtagsOf } from '../journal/tags/hashtags.ts';
import { titleOf } from '../journal/entries/entry.ts';
import { addDays, daysBetween } from '../journal/dates/calendar-day.ts';
import { instantOnDay } from '../journal/dates/local-moment.ts';
import { seededRandom, entryText } from './demo-text.ts';

export interface GeneratedJournalOptions {
  ownerId: number;
  /** Exactly this many entries are generated. */
  entries: number;
  /** First local day, YYYY-MM-DD. */
  from: string;
  /** Last local day; by default the span gives about 2.5 entries a day, at most ten years. */
  to?: string;
  seed?: number;
  /** The zone that turns local times into written_at instants. */
  timeZone?: string;
}

export const DEMO_JOURNAL = { entries: 700, from: '2024-04-01', to: '2024-06-30', seed: 1 } as const;

function spanInDays(options: GeneratedJournalOptions): number {
  if (options.to !== undefined) return daysBetween(options.from, options.to) + 1;
  return Math.min(3650, Math.max(30, Math.ceil(options.entries / 2.5)));
}

/** Which days have entries: runs of writing, short gaps, and now and then a break of one to three weeks. */
function activeDays(days: number, random: () => number): boolean[] {
  const active: boolean[] = [];
  let writing = true;
  let breakLeft = 0;
  for (let d = 0; d < days; d++) {
    if (breakLeft > 0) breakLeft--;
    else if (random() < 0.004) breakLeft = 7 + Math.floor(random() * 14);
    else writing = random() < (writing ? 0.93 : 0.5);
    active.push(d === 0 || d === days - 1 || (breakLeft === 0 && writing));
  }
  return active;
}

/** Entries per day: exactly `total`, spread over the active days with uneven weights (a floor plus an exponential tail). */
export function entriesPerDay(total: number, days: number, random: () => number): number[] {
  const weights = activeDays(days, random).map((on) => (on ? 0.4 - Math.log(1 - random()) : 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (w * total) / sum);
  const counts = shares.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = shares.map((s, i) => ({ i, r: s - Math.floor(s) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left-- <= 0) break;
    counts[i]!++;
  }
  return counts;
}

/** Local wall-clock seconds after midnight, sorted: between 06:00 and 23:59, clear of DST changes. */
function timesOfDay(count: number, random: () => number): number[] {
  return Array.from({ length: count }, () => 6 * 3600 + Math.floor(random() * 18 * 3600)).sort((a, b) => a - b);
}

const hhmm = (seconds: number) =>
  `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}`;

/** Entry rows in time order, generated lazily so a million entries never sit in memory at once. */
export function* generateJournalRows(options: GeneratedJournalOptions): Generator<NewEntryRow> {
  const random = seededRandom(options.seed ?? 1);
  const zone = options.timeZone ?? 'UTC';
  const days = spanInDays(options);
  const counts = entriesPerDay(options.entries, days, random);
  let messageId = 0;
  for (let d = 0; d < days; d++) {
    if (counts[d] === 0) continue;
    const day = addDays(options.from, d);
    // Times of day are counted from local noon, which no clock change is near.
    const noon = instantOnDay(day, '12:00', zone).getTime();
    for (const seconds of timesOfDay(counts[d]!, random)) {
      const writtenAt = new Date(noon + (seconds - 12 * 3600) * 1000).toISOString();
      const content = entryText(random);
      yield {
        owner_id: options.ownerId,
        source: 'import',
        chat_id: options.ownerId,
        message_id: ++messageId,
        written_at: writtenAt,
        local_day: day,
        local_time: hhmm(seconds),
        title: titleOf(content),
        content,
        edited_at: null,
        created_at: writtenAt,
      };
    }
  }
}

/** Inserts rows in one transaction through the import's batch path (a row already stored is skipped); returns how many were new. */
export async function insertEntryRows(db: JournalDb, rows: Iterable<NewEntryRow>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let inserted = 0;
    let batch: NewEntryRow[] = [];
    // Each batch's #tags go to entry_tag as an import's do, so the tags pages and tagged() see them.
    const write = async () => {
      inserted += await insertNewRows(db, trx, batch);
      await tagInsertedRows(
        trx,
        batch.map((row) => ({ values: entryValues(row), tags: hashtagsOf(row.content) })),
      );
      batch = [];
    };
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= ROWS_PER_STATEMENT) await write();
    }
    await write();
    return inserted;
  });
}

/** Generates and stores a journal for one owner; returns how many entries were written. */
export async function buildGeneratedJournal(db: JournalDb, options: GeneratedJournalOptions): Promise<number> {
  return insertEntryRows(db, generateJournalRows(options));
}

/** The mark of a database the demo built (PRAGMA user_version on SQLite), so a rerun may rebuild it and never wipes a real journal. */
const DEMO_MARK = 20240401;

export async function markAsDemoDatabase(db: JournalDb): Promise<void> {
  await db.store.writeDemoMark(db, DEMO_MARK);
}

/** Whether the demo built this database: its owner is then the file's, not whoever ALLOWED_USER_IDS names. */
export async function isDemoDatabase(db: JournalDb): Promise<boolean> {
  return (await db.store.readDemoMark(db)) === DEMO_MARK;
}

/** How many entries a database holds that the demo did not put there: 0 when it is safe to rebuild. */
export async function foreignEntryCount(db: JournalDb): Promise<number> {
  if ((await db.store.readDemoMark(db)) === DEMO_MARK || !(await db.store.hasEntryTable(db))) return 0;
  const row = await db
    .selectFrom('entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every entry text of one owner, for the demo's check that none of them crossed over. */
export async function allEntryTexts(db: JournalDb, ownerId: number): Promise<string[]> {
  const rows = await db.selectFrom('entry').select('content').where('owner_id', '=', ownerId).execute();
  return rows.map((r) => r.content);
}
