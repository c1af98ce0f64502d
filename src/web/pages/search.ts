/** The search box's page: the entries a query finds, best matches first or by date; a query that cannot be read is said. */
import { WebInputError } from '../collection-methods.ts';
import { listOrder, searchPage } from '../pages.ts';
import { offsetOf, ok, type WebPage } from '../route.ts';

const PAGE_SIZE = 50;

export const page: WebPage = {
  name: 'search',
  nav: { label: 'Search', href: '/search' },
  routes: [
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
  ],
};
