/**
 * How the web view answers: every answer under the same security headers (framing, nosniff, the referrer policy), a
 * page UTF-8 and not cached, a redirect, and the refusals the request guards give (403, 429, a message page).
 */
import type { ServerResponse } from 'node:http';
import { page, type Html, type PageOptions } from './html.ts';
import { PAGE_NAV } from './page-routes.ts';
import { messagePage } from './pages.ts';
import { framingHeaders, type Embedding } from './web-guards.ts';

export interface WebReplies {
  securityHeaders(res: ServerResponse): void;
  page(res: ServerResponse, status: number, options: PageOptions, content: Html, extra?: Record<string, string>): void;
  /** A page that only says something: its title is its heading. */
  message(res: ServerResponse, status: number, title: string, text: string, extra?: Record<string, string>): void;
  redirect(res: ServerResponse, location: string, extra?: Record<string, string>): void;
  /** 403: a form from another site, or with a token of an older sign-in. */
  refused(res: ServerResponse): void;
  /** 429: the caller has its share of requests in hand. */
  tooMany(res: ServerResponse): void;
}

export function createWebReplies(embedding: Embedding): WebReplies {
  const securityHeaders = (res: ServerResponse): void => {
    for (const [name, value] of Object.entries(framingHeaders(embedding))) res.setHeader(name, value);
    res.setHeader('x-content-type-options', 'nosniff');
    // same-origin, not no-referrer: a form's POST then still carries our Origin (no-referrer makes it "null").
    res.setHeader('referrer-policy', 'same-origin');
  };
  const sendPage: WebReplies['page'] = (res, status, options, content, extra = {}) => {
    securityHeaders(res);
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra });
    res.end(page({ nav: PAGE_NAV, ...options }, content));
  };
  const message: WebReplies['message'] = (res, status, title, text, extra) =>
    sendPage(res, status, { title }, messagePage(title, text), extra);
  return {
    securityHeaders,
    page: sendPage,
    message,
    redirect(res, location, extra = {}) {
      securityHeaders(res);
      res.writeHead(303, { location, 'cache-control': 'no-store', ...extra });
      res.end();
    },
    refused: (res) =>
      message(
        res,
        403,
        'Refused',
        'That form came from another site, or from a page older than this sign-in: go back, reload the page and send it again.',
      ),
    tooMany: (res) =>
      sendPage(
        res,
        429,
        { title: 'Too many requests' },
        messagePage(
          'Too many requests at once',
          'This page asked while several others were still loading. Try again in a moment.',
        ),
        { 'retry-after': '1' },
      ),
  };
}
