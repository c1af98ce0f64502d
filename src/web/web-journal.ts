/**
 * The journal as the web pages read it: every list, count and search goes through the JournalCollection kind's own
 * methods (the ones the model, the CLI and MCP call), with their argument checks and their error messages. Views are
 * narrowed in memory and not stored as handles, so browsing leaves nothing in the model's list of objects.
 */
import type { EntryDetails, EntryRevision } from '../journal/entries/entry-details.ts';
import type { JournalEntryValue, OverviewGroup } from '../journal/views/entry-queries.ts';
import type { EntryPage } from '../journal/entries/entry-reading.ts';
import type { JournalView } from '../journal/views/journal-view.ts';
import { journalDisplayName } from '../journal/journal-names.ts';
import { searchDates } from '../journal/views/search-dates.ts';
import { ObjectError } from '../objects/object-error.ts';
import { addDays, eachDay } from '../journal/dates/calendar-day.ts';
import type { ListedPhoto } from '../journal/media/photo-queries.ts';
import { readTimeline, type TimelinePage } from './timeline.ts';
import type { DaySpan } from '../journal/dates/calendar-spans.ts';
import type { MediaBytes, NearestDays, WebJournalPorts } from './web-journal-port.ts';
import { collectionMethods } from './collection-methods.ts';
import { openingYear, yearsWithEntries } from './calendar-years.ts';
import type { PhotoUpload } from '../journal/entries/written-entries.ts';

export interface ListedEntry extends Omit<JournalEntryValue, 'date'>, EntryDetails {
  date: string;
  /** True when content is only the start of a longer text. */
  cut: boolean;
}

export interface FullEntry extends ListedEntry {
  history: EntryRevision[];
  /** The writing prompt the entry answered (getEntry's `prompt`), when it was a reply to one. */
  prompt?: string;
}

export interface EntryList {
  /** How many entries the list holds, counted up to TOTAL_CAP. */
  total: number;
  /** True when there are more than `total` (the count stopped at TOTAL_CAP). */
  moreThanTotal: boolean;
  entries: ListedEntry[];
  /** The time a search's query names ("walk in May 2023"), its entries kept to those days. */
  range?: { words: string; from: string; to: string };
}

/** A list's order: newest first, as every list opens, or oldest first (`?order=oldest`). */
/** A list's order: by date, or (a search's) best matches first. */
export type ListOrder = 'newest' | 'oldest' | 'best';

/** A list's total is counted up to this many: beyond it the page says "more than" (counting on grows with the journal). */
export const TOTAL_CAP = 1_000;

/** One choice of the journal switcher: every journal (`name` null) or one, with its entries counted up to TOTAL_CAP. */
export interface JournalChoice {
  /** The journal's name as shown and as its pages' paths hold it ("Main" for the main journal); null: all of them. */
  name: string | null;
  entries: number;
  /** True when there are more than `entries` (the count stopped at TOTAL_CAP). */
  moreThan: boolean;
}

export interface WebJournal {
  /** The journal these pages read ("Main" for the main one), or null when they read every journal. */
  journalName: string | null;
  /**
   * These pages narrowed to one journal, by a name as typed (any case; "Main" the main one): null when the owner has
   * no journal of that name; a name no journal can have (empty, too long, control characters) is a WebInputError.
   */
  inJournal(name: string): Promise<WebJournal | null>;
  /** Every journal and each one's entries, for the switcher: all of them first, then Main, then by name. */
  journals(): Promise<JournalChoice[]>;
  today(): string;
  /** The year the calendar opens on: this year when it has entries, else the latest year that has (this year if none). */
  openingYear(): Promise<number>;
  /** The years that have entries, newest first (an index seek per year). */
  yearsWithEntries(): Promise<number[]>;
  /** The days with entries nearest to a span, before and after it. */
  nearestDays(span: DaySpan): Promise<NearestDays>;
  dayCounts(span: DaySpan): Promise<Map<string, number>>;
  /** The mood of each day of the span that has one (getMoodByDay on its date view). */
  moods(span: DaySpan): Promise<Map<string, number>>;
  day(date: string): Promise<ListedEntry[]>;
  /** Matching entries, best matches first (as the bot's /search lists them), or by date when `order` asks. */
  search(query: string, offset: number, limit: number, order?: ListOrder): Promise<EntryList>;
  /** Entries newest first across days, whole days from the one before `before` (null: the latest) on. */
  timeline(before: string | null, atLeast: number): Promise<TimelinePage<ListedEntry>>;
  /** The kept photos of these pages' journal, newest first. */
  photos(offset: number, limit: number): Promise<ListedPhoto[]>;
  /**
   * Any JournalCollection method that gives a value, by name, on these pages' journal, e.g. value('getTags', {limit:
   * 100}): its args checked by its own schema (a fault is a WebInputError). A page reads the journal through it or
   * entriesOf, so a new page needs no new member here unless it reads what no method gives.
   */
  value<T>(method: string, args?: unknown): Promise<T>;
  /**
   * A page of the entries of the view a narrowing method makes of these pages' journal (tagged, onThisDay, …), with
   * their details and the list's total; in getEntries' own order on that view unless `order` asks for a date order.
   */
  entriesOf(
    method: string,
    args: unknown,
    page: { offset: number; limit: number; order?: 'newest' | 'oldest' },
  ): Promise<EntryList>;
  entry(id: number): Promise<FullEntry | null>;
  forget(id: number): Promise<{ day: string } | null>;
  /** Writes an entry now into these pages' journal (every journal's pages: the main one); returns its id. */
  write(text: string, photos: readonly PhotoUpload[]): Promise<{ id: number; day: string }>;
  /** Gives an entry of these pages' journal new text (the old kept as a revision); null when it is not one of them. */
  edit(id: number, text: string): Promise<'revised' | 'unchanged' | null>;
  /** Sets (1 to 5) or clears (null) a day's mood; and reads it. */
  setMood(day: string, mood: number | null): Promise<void>;
  moodOn(day: string): Promise<number | null>;
  media(sha256: string): Promise<MediaBytes | null>;
  thumbnail(sha256: string, longEdge: number): Promise<MediaBytes | null>;
}

/** getOverview lists at most 100 periods: a span is read in parts this long. */
const OVERVIEW_DAYS = 90;

/** The web's journal over the owner's every journal (`base` `{}`), or one journal (`{ journal }`, from getJournal). */
export function createWebJournal(ports: WebJournalPorts, base: JournalView = {}): WebJournal {
  const { value, narrow } = collectionMethods(ports.operations, ports.ownerId);
  const lastDayBefore = async (day: string) => (await ports.nearestDays(day, '9999-12-31', base)).before;

  const withDetails = async (
    entries: (Omit<JournalEntryValue, 'date'> & { date?: string; cut?: string })[],
    date?: string,
  ): Promise<ListedEntry[]> => {
    const details = await ports.details(entries.map((e) => e.id));
    return entries.map(({ cut, ...e }) => ({
      ...e,
      date: e.date ?? date ?? '',
      cut: cut !== undefined,
      ...(details.get(e.id) ?? {
        media: null,
        items: [],
        tags: [],
        revisions: 0,
        starred: false,
        place: null,
        coordinates: null,
        weather: null,
      }),
    }));
  };

  /** Whether entry `id` is in these pages' journal: getEntry of the view answers, else says it has no such entry. */
  const inView = async (id: number): Promise<boolean> => {
    if (base.journal === undefined) return true;
    try {
      await value(base, 'getEntry', { id });
      return true;
    } catch (error) {
      if (error instanceof ObjectError) return false;
      throw error;
    }
  };

  const list = async (
    view: JournalView,
    offset: number,
    limit: number,
    order?: 'newest' | 'oldest',
  ): Promise<EntryList> => {
    const [counted, entries] = await Promise.all([
      ports.countUpTo(view, TOTAL_CAP),
      value<JournalEntryValue[]>(view, 'getEntries', { limit, offset, ...(order ? { order } : {}) }),
    ]);
    return {
      total: Math.min(counted, TOTAL_CAP),
      moreThanTotal: counted > TOTAL_CAP,
      entries: await withDetails(entries),
    };
  };

  return {
    journalName: base.journal === undefined ? null : journalDisplayName(base.journal),

    async inJournal(name) {
      try {
        return createWebJournal(ports, await narrow({}, 'getJournal', { name }));
      } catch (error) {
        // getJournal's own error for a name the owner has no journal of; a malformed name failed its schema above.
        if (error instanceof ObjectError) return null;
        throw error;
      }
    },

    async journals() {
      // Counted up to TOTAL_CAP, as a list's total is: an exact count of each journal would read every entry.
      const choice = async (name: string | null): Promise<JournalChoice> => {
        const counted = await ports.countUpTo(name === null ? {} : { journal: name }, TOTAL_CAP);
        return {
          name: name === null ? null : journalDisplayName(name),
          entries: Math.min(counted, TOTAL_CAP),
          moreThan: counted > TOTAL_CAP,
        };
      };
      return Promise.all([null, ...(await ports.journalNames())].map(choice));
    },

    today: ports.today,

    openingYear: async () => openingYear(lastDayBefore, ports.today()),

    nearestDays: (span) => ports.nearestDays(span.from, span.to, base),

    yearsWithEntries: () => yearsWithEntries(lastDayBefore),

    async dayCounts(span) {
      const counts = new Map<string, number>();
      const days = eachDay(span.from, span.to);
      for (let at = 0; at < days.length; at += OVERVIEW_DAYS) {
        const part = await narrow(base, 'getDateRangeView', {
          startDate: days[at],
          endDate: days[Math.min(days.length, at + OVERVIEW_DAYS) - 1],
        });
        const overview = await value<{ groups: Pick<OverviewGroup, 'period' | 'entries'>[] }>(part, 'getOverview', {
          groupBy: 'day',
        });
        for (const g of overview.groups) counts.set(g.period, g.entries);
      }
      return counts;
    },

    async moods(span) {
      const view = await narrow(base, 'getDateRangeView', { startDate: span.from, endDate: span.to });
      const days = await value<{ date: string; mood: number }[] | { days: { date: string; mood: number }[] }>(
        view,
        'getMoodByDay',
      );
      return new Map((Array.isArray(days) ? days : days.days).map((d) => [d.date, d.mood]));
    },

    async day(date) {
      return withDetails(await value<Omit<JournalEntryValue, 'date'>[]>(base, 'getEntriesForDay', { date }), date);
    },

    async search(query, offset, limit, order = 'best') {
      // A search view pages best matches first (getEntries' own order on it); a date order is getEntries' order.
      const found = await narrow(base, 'search', { query });
      // The time the query names: search leaves it to a model to apply; the page applies it (a query of nothing but
      // a time is that range's view already).
      const dates = searchDates(query, ports.today());
      const view =
        dates && dates.rest !== ''
          ? await narrow(found, 'getDateRangeView', { startDate: dates.startDate, endDate: dates.endDate })
          : found;
      const listed = await list(view, offset, limit, order === 'best' ? undefined : order);
      return dates ? { ...listed, range: { words: dates.words, from: dates.startDate, to: dates.endDate } } : listed;
    },

    async timeline(before, atLeast) {
      const day = async (date: string) =>
        withDetails(await value<Omit<JournalEntryValue, 'date'>[]>(base, 'getEntriesForDay', { date }), date);
      return readTimeline(lastDayBefore, day, before, atLeast);
    },

    photos: (offset, limit) => ports.photos(base.journal, limit, offset),

    value: (method, args) => value(base, method, args),

    entriesOf: async (method, args, { offset, limit, order }) =>
      list(await narrow(base, method, args), offset, limit, order),

    // Media are the owner's whatever the journal: an entry's photo is reached from its pages in any journal.
    media: (sha256) => ports.media(sha256),
    thumbnail: (sha256, longEdge) => ports.thumbnail(sha256, longEdge),
    async entry(id) {
      // Owner-scoped: an id of no entry of theirs (another owner's included) is simply not found.
      if (!(await ports.details([id])).has(id) || !(await inView(id))) return null;
      let page = await value<EntryPage & { prompt?: string }>(base, 'getEntry', { id });
      const prompt = page.prompt;
      // getEntry reads a long entry a page at a time; the web shows it whole.
      let content = page.content;
      while (page.nextOffset !== null) {
        page = await value<EntryPage>(base, 'getEntry', { id, offset: page.nextOffset });
        content += page.content;
      }
      const [listed] = await withDetails([{ id, time: page.time, title: page.title, content, date: page.date }]);
      return listed
        ? { ...listed, history: await ports.revisions(id), ...(prompt === undefined ? {} : { prompt }) }
        : null;
    },

    forget: async (id) => ((await inView(id)) ? ports.forget(id) : null),
    write: (text, photos) => ports.write({ journal: base.journal ?? '', text, photos }),
    edit: async (id, text) => ((await ports.details([id])).has(id) && (await inView(id)) ? ports.edit(id, text) : null),
    setMood: (day, mood) => ports.setMood(day, mood),
    moodOn: (day) => ports.moodOn(day),
  };
}

/** The day before and after, for a day page's links. */
export const neighbourDays = (date: string) => ({ previous: addDays(date, -1), next: addDays(date, 1) });
