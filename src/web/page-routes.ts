/**
 * The web view's pages as routes: a path pattern, a method, and what it answers with (a page, or a redirect after a
 * form). Each route reads the journal it is given (every journal, or one: journal-paths.ts) and passes the pages the
 * links `to` (the journal's path prefix, the media's grants) so that their links keep that journal.
 */
import { isCalendarDay } from '../journal/dates/calendar-day.ts';
import { monthSpan, yearSpan } from '../journal/dates/calendar-spans.ts';
import { dayPage, listOrder, onThisDayPage, searchPage, taggedPage, tagsPage } from './pages.ts';
import { calendarPage, monthPage } from './calendar-pages.ts';
import { entryPage, forgetConfirmPage } from './entry-pages.ts';
import { photosPage, timelinePage } from './timeline-pages.ts';
import { calendarPageProblem } from './web-guards.ts';
import { neighbourDays } from './web-journal.ts';
import { WebInputError } from './collection-methods.ts';
import { badRequest, notFound, ok, type Route } from './route.ts';
import { writingRoutes } from './writing-routes.ts';

const PAGE_SIZE = 50;
/** The timeline shows whole days until this many entries are on the page. */
const TIMELINE_ENTRIES = 20;
/** Photos in one page of the grid. */
const PHOTOS_PAGE = 60;

/** What an entry's page says after a form led to it. */
const ENTRY_NOTICES: [string, string][] = [
  ['written', 'The entry was saved.'],
  ['edited', 'The edit was saved; the text before it is kept below as an earlier version.'],
  ['unchanged', 'Nothing changed: the text was the same.'],
];

function offsetOf(url: URL): number {
  const n = Number(url.searchParams.get('offset') ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

const routes: Route[] = [
  {
    method: 'GET',
    path: /^\/$/,
    async run({ url, journal, to }) {
      const asked = url.searchParams.get('year');
      // Opens where the entries are: this year when it has some, else the latest year that has.
      const year = asked === null ? await journal.openingYear() : Number(asked);
      if (!/^\d{4}$/.test(String(year)) || year < 1970 || year > 2100)
        return badRequest('Not a year', 'The calendar shows a year from 1970 to 2100, e.g. /?year=2024.');
      const span = yearSpan(year);
      const counts = await journal.dayCounts(span);
      const nearest = counts.size === 0 ? await journal.nearestDays(span) : null;
      const moods = url.searchParams.get('by') === 'mood' ? await journal.moods(span) : undefined;
      const years = await journal.yearsWithEntries();
      return ok(
        { title: String(year), current: 'calendar' },
        calendarPage(to, { year, counts, nearest, moods, today: journal.today(), years }),
      );
    },
  },
  {
    method: 'GET',
    path: /^\/month\/(\d{4}-(?:0[1-9]|1[0-2]))$/,
    async run({ params, journal, to }) {
      const month = params[0]!;
      const beyond = calendarPageProblem(month);
      if (beyond) return notFound(beyond);
      return ok(
        { title: month, current: 'calendar' },
        monthPage(to, month, await journal.dayCounts(monthSpan(month)), journal.today()),
      );
    },
  },
  {
    method: 'GET',
    path: /^\/day\/(\d{4}-\d{2}-\d{2})$/,
    async run({ params, url, journal, to }) {
      const date = params[0]!;
      if (!isCalendarDay(date)) return notFound(`${date} is not a calendar day.`);
      const beyond = calendarPageProblem(date);
      if (beyond) return notFound(beyond);
      const mood = url.searchParams.get('mood');
      const notice = url.searchParams.has('forgotten')
        ? 'The entry was forgotten.'
        : mood === null
          ? undefined
          : mood === 'cleared'
            ? 'The mood of this day was cleared.'
            : 'The mood of this day was set.';
      const [entries, moodOn] = [await journal.day(date), await journal.moodOn(date)];
      return ok(
        { title: date, current: 'calendar' },
        dayPage(to, { date, entries, around: neighbourDays(date), mood: moodOn, notice }),
      );
    },
  },
  {
    method: 'GET',
    path: /^\/search$/,
    async run({ url, journal, to }) {
      const query = (url.searchParams.get('q') ?? '').trim();
      if (query === '') return ok({ title: 'Search', current: 'search' }, searchPage(to, '', null));
      const offset = offsetOf(url);
      try {
        const order = listOrder(url, 'best');
        const found = await journal.search(query, offset, PAGE_SIZE, order);
        return ok(
          { title: `Search: ${query}`, current: 'search', query },
          searchPage(to, query, { found, offset, pageSize: PAGE_SIZE, order }),
        );
      } catch (error) {
        if (!(error instanceof WebInputError)) throw error;
        return {
          status: 400,
          options: { title: 'Search', current: 'search', query },
          content: searchPage(to, query, { problem: error.message }),
        };
      }
    },
  },
  {
    method: 'GET',
    path: /^\/timeline$/,
    async run({ url, journal, to }) {
      const before = url.searchParams.get('before');
      if (before !== null && !isCalendarDay(before))
        return badRequest(
          'Not a day',
          'The timeline goes back from a day given as YYYY-MM-DD, e.g. /timeline?before=2024-04-01.',
        );
      return ok(
        { title: 'Timeline', current: 'timeline' },
        timelinePage(to, await journal.timeline(before, TIMELINE_ENTRIES), before === null),
      );
    },
  },
  {
    method: 'GET',
    path: /^\/photos$/,
    async run({ url, journal, to }) {
      const offset = offsetOf(url);
      return ok(
        { title: 'Photos', current: 'photos' },
        photosPage(to, await journal.photos(offset, PHOTOS_PAGE), offset, PHOTOS_PAGE),
      );
    },
  },
  {
    method: 'GET',
    path: /^\/tags$/,
    async run({ journal, to }) {
      const { tags, distinctTags } = await journal.tags();
      return ok({ title: 'Tags', current: 'tags' }, tagsPage(to, tags, distinctTags));
    },
  },
  {
    method: 'GET',
    path: /^\/tags\/([^/]+)$/,
    async run({ params, url, journal, to }) {
      let tag: string;
      try {
        tag = decodeURIComponent(params[0]!);
      } catch {
        return notFound('That is not a tag.');
      }
      const offset = offsetOf(url);
      return ok(
        { title: `#${tag}`, current: 'tags' },
        taggedPage(to, tag, await journal.tagged(tag, offset, PAGE_SIZE, listOrder(url)), {
          offset,
          pageSize: PAGE_SIZE,
          order: listOrder(url),
        }),
      );
    },
  },
  {
    method: 'GET',
    path: /^\/onthisday$/,
    async run({ url, journal, to }) {
      const date = url.searchParams.get('date') || journal.today();
      if (!isCalendarDay(date))
        return badRequest('Not a day', `"${date.slice(0, 40)}" is not a day: pick one as YYYY-MM-DD, e.g. 2024-04-01.`);
      return ok({ title: 'On this day', current: 'onthisday' }, onThisDayPage(to, date, await journal.onThisDay(date)));
    },
  },
  {
    method: 'GET',
    path: /^\/entry\/(\d{1,15})$/,
    async run({ params, url, journal, to }) {
      const entry = await journal.entry(Number(params[0]));
      if (!entry) return notFound('There is no such entry in this journal.');
      const notice = ENTRY_NOTICES.find(([key]) => url.searchParams.has(key))?.[1];
      const mood = await journal.moodOn(entry.date);
      return ok({ title: `${entry.date} ${entry.time}` }, entryPage(to, entry, mood, notice));
    },
  },
  {
    method: 'GET',
    path: /^\/entry\/(\d{1,15})\/forget$/,
    async run({ params, journal, to }) {
      const entry = await journal.entry(Number(params[0]));
      return entry
        ? ok({ title: 'Forget this entry?' }, forgetConfirmPage(to, entry))
        : notFound('There is no such entry in this journal.');
    },
  },
  {
    method: 'POST',
    path: /^\/entry\/(\d{1,15})\/forget$/,
    async run({ params, journal, to }) {
      const forgotten = await journal.forget(Number(params[0]));
      return forgotten
        ? { redirect: `${to.at}/day/${forgotten.day}?forgotten=1` }
        : notFound('There is no such entry in this journal (already forgotten?).');
    },
  },
];

routes.push(...writingRoutes);

/** The route a method and path (after any journal prefix) ask for, with the path's parts. */
export function matchRoute(method: string, path: string): { route: Route; params: string[] } | null {
  for (const route of routes) {
    const match = route.method === method ? route.path.exec(path) : null;
    if (match) return { route, params: match.slice(1) };
  }
  return null;
}

/** Whether some route serves this path with another method (405, not 404). */
export const isPagePath = (path: string): boolean => routes.some((r) => r.path.test(path));
