/** Every kept photo of the journal shown, newest first, each opening its entry. */
import { offsetOf, ok, type WebPage } from '../route.ts';
import { photosPage } from '../timeline-pages.ts';

/** Photos in one page of the grid. */
const PHOTOS_PAGE = 60;

export const page: WebPage = {
  name: 'photos',
  nav: { label: 'Photos', href: '/photos' },
  routes: [
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
  ],
};
