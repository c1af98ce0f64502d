/** On this day: the entries written on a day's month and day in every year, newest year first. */
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { onThisDayPage } from '../pages.ts';
import { badRequest, ok, type WebPage } from '../route.ts';

/** The most entries the page lists (every year's, together). */
const ENTRIES_SHOWN = 100;

export const page: WebPage = {
  name: 'onthisday',
  nav: { label: 'On this day', href: '/onthisday' },
  routes: [
    {
      method: 'GET',
      path: /^\/onthisday$/,
      async run({ url, journal, to }) {
        const date = url.searchParams.get('date') || journal.today();
        if (!isCalendarDay(date))
          return badRequest(
            'Not a day',
            `"${date.slice(0, 40)}" is not a day: pick one as YYYY-MM-DD, e.g. 2024-04-01.`,
          );
        const found = await journal.entriesOf('onThisDay', { date }, { offset: 0, limit: ENTRIES_SHOWN });
        return ok({ title: 'On this day', current: 'onthisday' }, onThisDayPage(to, date, found));
      },
    },
  ],
};
