/**
 * What a page route is: a method, a path pattern, and what it answers with (a page, or a redirect after a form). The
 * reading pages (page-routes.ts) and the writing ones (writing-routes.ts) are routes alike.
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
