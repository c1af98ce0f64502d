/**
 * The web view's requests: a small router over node:http. Every page needs a caller (web-auth.ts) and shows only
 * that owner's journal; without one it answers 401 with no data. Every answer is UTF-8, not cached when it holds
 * journal text, and under a Content-Security-Policy of `default-src 'self'`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCalendarDay } from '../journal/dates/calendar-day.ts';
import { monthSpan, yearSpan } from '../journal/dates/calendar-spans.ts';
import { APP_CSS, APP_JS, ICON_SVG } from './assets.ts';
import { page, type PageOptions, type Html } from './html.ts';
import {
  calendarPage,
  dayPage,
  entryPage,
  forgetConfirmPage,
  messagePage,
  monthPage,
  onThisDayPage,
  searchPage,
  SIGN_IN_TEXT,
  taggedPage,
  tagsPage,
} from './pages.ts';
import { SESSION_COOKIE, type WebAuth } from './web-auth.ts';
import { neighbourDays, WebInputError, type WebJournal } from './web-journal.ts';
import { errorMessage } from '../log/error-message.ts';

export const CONTENT_SECURITY_POLICY = "default-src 'self'";

/** Where faults are reported (the app's logger fits). */
export interface WebLogger {
  error(event: string, fields?: Record<string, string | number | boolean | null | undefined>): void;
}

export interface WebViewDeps {
  auth: WebAuth;
  journalFor(ownerId: number): WebJournal;
  logger: WebLogger;
}

export interface WebView {
  /** Answers one request (any path: the webhook server hands over every request that is not Telegram's). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** A path that signs `ownerId` in once, e.g. `/login?token=…` (npm run web prints it). */
  loginPath(ownerId: number): string;
}

const PAGE_SIZE = 50;

interface Request {
  req: IncomingMessage;
  url: URL;
  params: string[];
  journal: WebJournal;
}

type Answer = { status: number; options: PageOptions; content: Html } | { redirect: string };

type Route = { method: 'GET' | 'POST'; path: RegExp; run(r: Request): Promise<Answer> };

const ok = (options: PageOptions, content: Html): Answer => ({ status: 200, options, content });
const notFound = (what: string): Answer => ({ status: 404, options: { title: 'Not found' }, content: messagePage('Not found', what) });
const badRequest = (title: string, text: string): Answer => ({ status: 400, options: { title }, content: messagePage(title, text) });

function offsetOf(url: URL): number {
  const n = Number(url.searchParams.get('offset') ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

const routes: Route[] = [
  {
    method: 'GET',
    path: /^\/$/,
    async run({ url, journal }) {
      const asked = url.searchParams.get('year');
      const year = asked === null ? Number(journal.today().slice(0, 4)) : Number(asked);
      if (!/^\d{4}$/.test(String(year)) || year < 1970 || year > 2100) return badRequest('Not a year', 'The calendar shows a year from 1970 to 2100, e.g. /?year=2024.');
      return ok({ title: String(year), current: 'calendar' }, calendarPage(year, await journal.dayCounts(yearSpan(year))));
    },
  },
  {
    method: 'GET',
    path: /^\/month\/(\d{4}-(?:0[1-9]|1[0-2]))$/,
    async run({ params, journal }) {
      const month = params[0]!;
      return ok({ title: month, current: 'calendar' }, monthPage(month, await journal.dayCounts(monthSpan(month))));
    },
  },
  {
    method: 'GET',
    path: /^\/day\/(\d{4}-\d{2}-\d{2})$/,
    async run({ params, url, journal }) {
      const date = params[0]!;
      if (!isCalendarDay(date)) return notFound(`${date} is not a calendar day.`);
      const notice = url.searchParams.has('forgotten') ? 'The entry was forgotten.' : undefined;
      return ok({ title: date, current: 'calendar' }, dayPage(date, await journal.day(date), neighbourDays(date), notice));
    },
  },
  {
    method: 'GET',
    path: /^\/search$/,
    async run({ url, journal }) {
      const query = (url.searchParams.get('q') ?? '').trim();
      if (query === '') return ok({ title: 'Search', current: 'search' }, searchPage('', null));
      const offset = offsetOf(url);
      try {
        const found = await journal.search(query, offset, PAGE_SIZE);
        return ok({ title: `Search: ${query}`, current: 'search', query }, searchPage(query, { found, offset, pageSize: PAGE_SIZE }));
      } catch (error) {
        if (!(error instanceof WebInputError)) throw error;
        return { status: 400, options: { title: 'Search', current: 'search', query }, content: searchPage(query, { problem: error.message }) };
      }
    },
  },
  {
    method: 'GET',
    path: /^\/tags$/,
    async run({ journal }) {
      const { tags, distinctTags } = await journal.tags();
      return ok({ title: 'Tags', current: 'tags' }, tagsPage(tags, distinctTags));
    },
  },
  {
    method: 'GET',
    path: /^\/tags\/([^/]+)$/,
    async run({ params, url, journal }) {
      let tag: string;
      try {
        tag = decodeURIComponent(params[0]!);
      } catch {
        return notFound('That is not a tag.');
      }
      const offset = offsetOf(url);
      return ok({ title: `#${tag}`, current: 'tags' }, taggedPage(tag, await journal.tagged(tag, offset, PAGE_SIZE), offset, PAGE_SIZE));
    },
  },
  {
    method: 'GET',
    path: /^\/onthisday$/,
    async run({ url, journal }) {
      const date = url.searchParams.get('date') || journal.today();
      if (!isCalendarDay(date)) return badRequest('Not a day', `"${date.slice(0, 40)}" is not a day: pick one as YYYY-MM-DD, e.g. 2024-04-01.`);
      return ok({ title: 'On this day', current: 'onthisday' }, onThisDayPage(date, await journal.onThisDay(date)));
    },
  },
  {
    method: 'GET',
    path: /^\/entry\/(\d{1,15})$/,
    async run({ params, journal }) {
      const entry = await journal.entry(Number(params[0]));
      return entry ? ok({ title: `${entry.date} ${entry.time}` }, entryPage(entry)) : notFound('There is no such entry in your journal.');
    },
  },
  {
    method: 'GET',
    path: /^\/entry\/(\d{1,15})\/forget$/,
    async run({ params, journal }) {
      const entry = await journal.entry(Number(params[0]));
      return entry ? ok({ title: 'Forget this entry?' }, forgetConfirmPage(entry)) : notFound('There is no such entry in your journal.');
    },
  },
  {
    method: 'POST',
    path: /^\/entry\/(\d{1,15})\/forget$/,
    async run({ params, journal }) {
      const forgotten = await journal.forget(Number(params[0]));
      return forgotten ? { redirect: `/day/${forgotten.day}?forgotten=1` } : notFound('There is no such entry in your journal (already forgotten?).');
    },
  },
];

const ASSETS: Record<string, { type: string; body: string }> = {
  '/assets/app.css': { type: 'text/css; charset=utf-8', body: APP_CSS },
  '/assets/app.js': { type: 'text/javascript; charset=utf-8', body: APP_JS },
  '/assets/icon.svg': { type: 'image/svg+xml; charset=utf-8', body: ICON_SVG },
};

function securityHeaders(res: ServerResponse): void {
  res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  res.setHeader('x-content-type-options', 'nosniff');
  // same-origin, not no-referrer: a form's POST then still carries our Origin (no-referrer makes it "null").
  res.setHeader('referrer-policy', 'same-origin');
}

function sendPage(res: ServerResponse, status: number, options: PageOptions, content: Html, extra: Record<string, string> = {}): void {
  securityHeaders(res);
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra });
  res.end(page(options, content));
}

/** A cookie-signed-in POST must come from our own pages (SameSite=Strict already keeps other sites' forms out). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function matchRoute(method: string, path: string): { route: Route; params: string[] } | null {
  for (const route of routes) {
    const match = route.method === method ? route.path.exec(path) : null;
    if (match) return { route, params: match.slice(1) };
  }
  return null;
}

export function createWebView(deps: WebViewDeps): WebView {
  const { auth, logger } = deps;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const asset = ASSETS[url.pathname];
    if (asset && (method === 'GET' || method === 'HEAD')) {
      securityHeaders(res);
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'max-age=300' });
      return void res.end(method === 'HEAD' ? undefined : asset.body);
    }
    if (url.pathname === '/login' && method === 'GET') {
      const session = auth.redeem(url.searchParams.get('token') ?? '');
      if (!session) return sendPage(res, 401, { title: 'Sign in' }, messagePage('This login link does not work', 'It was used already or has expired. Run npm run web again for a new one.'));
      securityHeaders(res);
      res.writeHead(303, { location: '/', 'set-cookie': `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`, 'cache-control': 'no-store' });
      return void res.end();
    }
    const caller = auth.identify(req);
    if (caller.ownerId === null) return sendPage(res, 401, { title: 'Sign in' }, messagePage('Sign in', SIGN_IN_TEXT));
    const found = matchRoute(method, url.pathname);
    if (!found) {
      const known = routes.some((r) => r.path.test(url.pathname));
      return sendPage(res, known ? 405 : 404, { title: 'Not found' }, messagePage(known ? 'Not allowed' : 'Not found', known ? `${method} is not used here.` : 'There is no such page.'));
    }
    if (method === 'POST' && caller.via === 'session' && !sameOrigin(req)) return sendPage(res, 403, { title: 'Refused' }, messagePage('Refused', 'That form came from another site.'));
    // A POST's body is not needed (the path says it all), but it is read so the connection stays usable.
    if (method === 'POST') for await (const _chunk of req) void _chunk;
    try {
      const answer = await found.route.run({ req, url, params: found.params, journal: deps.journalFor(caller.ownerId) });
      if ('redirect' in answer) {
        securityHeaders(res);
        res.writeHead(303, { location: answer.redirect, 'cache-control': 'no-store' });
        return void res.end();
      }
      sendPage(res, answer.status, answer.options, answer.content);
    } catch (error) {
      if (error instanceof WebInputError) return sendPage(res, 400, { title: 'Not understood' }, messagePage('Not understood', error.message));
      logger.error('web.failed', { path: url.pathname, error: errorMessage(error) });
      sendPage(res, 500, { title: 'Something went wrong' }, messagePage('Something went wrong', 'The journal could not be read just now; try again.'));
    }
  };

  return {
    handle,
    loginPath: (ownerId) => `/login?token=${auth.loginToken(ownerId)}`,
  };
}
