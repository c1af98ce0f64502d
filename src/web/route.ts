/**
 * What a page of the web view is: its routes (a method, a path pattern, and what it answers with: a page, or a
 * redirect after a form), its entry in the navigation, and the styles only it uses. Each page is one module in
 * pages/ joined by one line in WEB_PAGES (pages/index.ts); page-routes.ts reads the router, the navigation and the
 * stylesheet's page part from those declarations.
 */
import type { IncomingMessage } from 'node:http';
import type { Html, PageOptions } from './html.ts';
import type { PageLinks } from './journal-paths.ts';
import type { SubmittedForm } from './form-body.ts';
import { messagePage } from './pages.ts';
import type { WebJournal } from './web-journal.ts';

export interface Request {
  req: IncomingMessage;
  url: URL;
  params: string[];
  journal: WebJournal;
  /** The pages' links: the path prefix of the journal read ('' for every journal), the media's, the form token. */
  to: PageLinks;
  /** A POST's form, read and its token checked (web-view.ts); null for a GET. */
  form: SubmittedForm | null;
}

export type Answer = { status: number; options: PageOptions; content: Html } | { redirect: string };

export type Route = { method: 'GET' | 'POST'; path: RegExp; run(r: Request): Promise<Answer> };

/** One page (or a few that belong together, e.g. an entry and its Forget form), as its module declares it. */
export interface WebPage {
  /** Its name; an answer marks its navigation entry as the page shown by giving it as `current`. */
  name: string;
  /** Its entry in the navigation every page shows, in WEB_PAGES' order; `href` is within the journal shown. */
  nav?: { label: string; href: string };
  routes: readonly Route[];
  /** CSS only this page's markup uses, served after the shared stylesheet (assets.ts) in /assets/app.css. */
  css?: string;
}

/** A list's `?offset=`: a whole number from 0, else 0. */
export function offsetOf(url: URL): number {
  const n = Number(url.searchParams.get('offset') ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

export const ok = (options: PageOptions, content: Html): Answer => ({ status: 200, options, content });
export const notFound = (what: string): Answer => ({
  status: 404,
  options: { title: 'Not found' },
  content: messagePage('Not found', what),
});
export const badRequest = (title: string, text: string): Answer => ({
  status: 400,
  options: { title },
  content: messagePage(title, text),
});
