/**
 * What the web view reads from the pages' declarations (pages/index.ts WEB_PAGES): the route a request asks for, the
 * navigation every page shows, and the pages' own styles. Each route reads the journal it is given (every journal, or
 * one: journal-paths.ts) and passes the pages the links `to` (the journal's path prefix, the media's grants) so that
 * their links keep that journal.
 */
import type { NavItem } from './html.ts';
import { WEB_PAGES } from './pages/index.ts';
import type { Route, WebPage } from './route.ts';

/** Every page's routes, in WEB_PAGES' order; two pages declaring the same method and path is a mistake (test/web). */
const routes: Route[] = WEB_PAGES.flatMap((p) => p.routes);

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

/** The navigation: each page that declares an entry, in WEB_PAGES' order. */
export const pageNav = (pages: readonly WebPage[] = WEB_PAGES): NavItem[] =>
  pages.flatMap((p) => (p.nav ? [{ name: p.name, ...p.nav }] : []));
export const PAGE_NAV: readonly NavItem[] = pageNav();

/** The styles pages declare for their own markup, served after the shared ones (assets.ts APP_CSS). */
export const PAGE_CSS: string = WEB_PAGES.map((p) => p.css ?? '').join('');
