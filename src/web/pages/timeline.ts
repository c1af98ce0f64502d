/** The timeline: entries newest first across days, whole days at a time, going back from a day. */
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { badRequest, ok, type WebPage } from '../route.ts';
import { timelinePage } from '../timeline-pages.ts';

/** The timeline shows whole days until this many entries are on the page. */
const TIMELINE_ENTRIES = 20;

export const page: WebPage = {
  name: 'timeline',
  nav: { label: 'Timeline', href: '/timeline' },
  routes: [
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
  ],
};
