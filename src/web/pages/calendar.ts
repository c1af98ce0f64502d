/**
 * The calendar: a year (the home page, opening where the entries are), a month, and a day with its entries and mood.
 * A day's mood is set by the writing pages' form (writing.ts).
 */
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { monthSpan, yearSpan } from '../../journal/dates/calendar-spans.ts';
import { calendarPage, monthPage } from '../calendar-pages.ts';
import { dayPage } from '../pages.ts';
import { badRequest, notFound, ok, type WebPage } from '../route.ts';
import { calendarPageProblem } from '../web-guards.ts';
import { neighbourDays } from '../web-journal.ts';

export const page: WebPage = {
  name: 'calendar',
  nav: { label: 'Calendar', href: '/' },
  routes: [
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
  ],
};
