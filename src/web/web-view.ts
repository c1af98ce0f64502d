/**
 * The web view's requests: a small router over node:http. Every page needs a caller (web-auth.ts) and shows only
 * that owner's journal; without one it answers 401 with no data. Every answer is UTF-8, not cached when it holds
 * journal text, under a Content-Security-Policy of `default-src 'self'`, and framed by nobody (npm run web) or only
 * by Telegram's web client (the Mini App). A POST must come from our own origin; one caller has at most a few
 * requests in hand at once (more get 429), and the assets are answered before any of that, so they never wait.
 */
import { once } from 'node:events';
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
import { neighbourDays, WebInputError, type MediaBytes, type WebJournal } from './web-journal.ts';
import { calendarPageProblem, framingHeaders, isOwnOrigin, loopbackHostProblem, type Embedding } from './web-guards.ts';
import { createCallerLimit } from './caller-limit.ts';
import { requestTarget } from '../http/request-target.ts';
import { errorMessage } from '../log/error-message.ts';

/** Where faults are reported (the app's logger fits). */
export interface WebLogger {
  error(event: string, fields?: Record<string, string | number | boolean | null | undefined>): void;
}

export interface WebViewDeps {
  auth: WebAuth;
  journalFor(ownerId: number): WebJournal;
  logger: WebLogger;
  /** Who may show the pages in a frame: nobody (npm run web), or Telegram's web client (the Mini App). */
  embedding: Embedding;
  /** The public origins the pages are served at (publicOrigins in config.ts), besides the server's own. */
  publicOrigins: readonly string[];
  /** npm run web: the Host header must name the loopback address it listens on (a rebound DNS name is refused). */
  loopbackOnly: boolean;
  /** How many requests one signed-in caller may have in hand at once; more are answered 429 (default 6). */
  maxInFlightPerCaller?: number;
}

export interface WebView {
  /**
   * Answers one request (any path: the webhook server hands over every request not Telegram's); `url` is its target
   * as the server's guard read it, else read here (a target that cannot be read gets 400).
   */
  handle(req: IncomingMessage, res: ServerResponse, url?: URL): Promise<void>;
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
      // Opens where the entries are: this year when it has some, else the latest year that has.
      const year = asked === null ? await journal.openingYear() : Number(asked);
      if (!/^\d{4}$/.test(String(year)) || year < 1970 || year > 2100) return badRequest('Not a year', 'The calendar shows a year from 1970 to 2100, e.g. /?year=2024.');
      const span = yearSpan(year);
      const counts = await journal.dayCounts(span);
      const nearest = counts.size === 0 ? await journal.nearestDays(span) : null;
      const moods = url.searchParams.get('by') === 'mood' ? await journal.moods(span) : undefined;
      return ok({ title: String(year), current: 'calendar' }, calendarPage(year, counts, nearest, moods));
    },
  },
  {
    method: 'GET',
    path: /^\/month\/(\d{4}-(?:0[1-9]|1[0-2]))$/,
    async run({ params, journal }) {
      const month = params[0]!;
      const beyond = calendarPageProblem(month);
      if (beyond) return notFound(beyond);
      return ok({ title: month, current: 'calendar' }, monthPage(month, await journal.dayCounts(monthSpan(month))));
    },
  },
  {
    method: 'GET',
    path: /^\/day\/(\d{4}-\d{2}-\d{2})$/,
    async run({ params, url, journal }) {
      const date = params[0]!;
      if (!isCalendarDay(date)) return notFound(`${date} is not a calendar day.`);
      const beyond = calendarPageProblem(date);
      if (beyond) return notFound(beyond);
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

/** Types a browser may show in a page: pictures, sound, video. Anything else (an SVG, HTML) is only downloaded. */
const INLINE_MEDIA = /^(image\/(jpeg|png|gif|webp)|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

/** How the view answers: its headers on every answer, and a whole page. */
interface Answering {
  securityHeaders: (res: ServerResponse) => void;
  sendPage: (res: ServerResponse, status: number, options: PageOptions, content: Html) => void;
}

/** A medium's kept bytes, streamed: private to the signed-in owner's browser, never sniffed into another type. */
async function sendMedia(res: ServerResponse, method: string, media: MediaBytes | null, answer: Answering): Promise<void> {
  if (!media) return answer.sendPage(res, 404, { title: 'Not found' }, messagePage('Not found', 'There is no such file in your journal.'));
  answer.securityHeaders(res);
  const inline = media.mimeType !== null && INLINE_MEDIA.test(media.mimeType);
  res.writeHead(200, {
    'content-type': inline ? media.mimeType! : 'application/octet-stream',
    'content-length': String(media.size),
    'cache-control': 'private, max-age=3600',
    ...(inline ? {} : { 'content-disposition': 'attachment' }),
  });
  if (method === 'HEAD') return void res.end();
  for await (const chunk of media.chunks) if (!res.write(chunk)) await once(res, 'drain');
  res.end();
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
  const limit = createCallerLimit(deps.maxInFlightPerCaller ?? 6);

  const securityHeaders = (res: ServerResponse): void => {
    for (const [name, value] of Object.entries(framingHeaders(deps.embedding))) res.setHeader(name, value);
    res.setHeader('x-content-type-options', 'nosniff');
    // same-origin, not no-referrer: a form's POST then still carries our Origin (no-referrer makes it "null").
    res.setHeader('referrer-policy', 'same-origin');
  };
  const sendPage = (res: ServerResponse, status: number, options: PageOptions, content: Html, extra: Record<string, string> = {}): void => {
    securityHeaders(res);
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra });
    res.end(page(options, content));
  };
  const redirect = (res: ServerResponse, location: string, extra: Record<string, string> = {}): void => {
    securityHeaders(res);
    res.writeHead(303, { location, 'cache-control': 'no-store', ...extra });
    res.end();
  };
  /** A POST must come from a page of ours: its Origin, when a browser sends one, is ours in scheme, host and port. */
  const fromOurPages = (req: IncomingMessage): boolean => req.headers.origin === undefined || isOwnOrigin(req.headers.origin, req, deps.publicOrigins);
  /** The body is not needed (the path says it all), but it is read so the connection stays usable. */
  const drain = async (req: IncomingMessage) => {
    for await (const _chunk of req) void _chunk;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, target?: URL): Promise<void> => {
    const url = target ?? requestTarget(req.url);
    if (!url) return sendPage(res, 400, { title: 'Not understood' }, messagePage('Not understood', 'That address is not a path of this journal.'));
    const method = req.method ?? 'GET';
    const asset = ASSETS[url.pathname];
    if (asset && (method === 'GET' || method === 'HEAD')) {
      securityHeaders(res);
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'max-age=300' });
      return void res.end(method === 'HEAD' ? undefined : asset.body);
    }
    const wrongHost = deps.loopbackOnly ? loopbackHostProblem(req) : null;
    if (wrongHost) return sendPage(res, 421, { title: 'Wrong address' }, messagePage('Wrong address', wrongHost));
    if (url.pathname === '/login' && method === 'GET') {
      const session = auth.redeem(url.searchParams.get('token') ?? '');
      if (!session) return sendPage(res, 401, { title: 'Sign in' }, messagePage('This login link does not work', 'It was used already or has expired. Run npm run web again for a new one.'));
      return redirect(res, '/', { 'set-cookie': `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/` });
    }
    if (url.pathname === '/signed-out' && method === 'GET') {
      return sendPage(res, 200, { title: 'Signed out' }, messagePage('Signed out', 'This browser is signed out of the journal. Run npm run web again for a new login link.'));
    }
    if (url.pathname === '/logout' && method === 'POST') {
      if (!fromOurPages(req)) return sendPage(res, 403, { title: 'Refused' }, messagePage('Refused', 'That form came from another site.'));
      await drain(req);
      auth.endSession(req);
      return redirect(res, '/signed-out', { 'set-cookie': `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0` });
    }
    const caller = auth.identify(req);
    if (caller.ownerId === null) return sendPage(res, 401, { title: 'Sign in' }, messagePage('Sign in', SIGN_IN_TEXT));
    const media = /^\/media\/([0-9a-f]{64})$/.exec(url.pathname);
    if (media && (method === 'GET' || method === 'HEAD')) return sendMedia(res, method, await deps.journalFor(caller.ownerId).media(media[1]!), { securityHeaders, sendPage });
    const found = matchRoute(method, url.pathname);
    if (!found) {
      const known = routes.some((r) => r.path.test(url.pathname));
      return sendPage(res, known ? 405 : 404, { title: 'Not found' }, messagePage(known ? 'Not allowed' : 'Not found', known ? `${method} is not used here.` : 'There is no such page.'));
    }
    if (method === 'POST' && !fromOurPages(req)) return sendPage(res, 403, { title: 'Refused' }, messagePage('Refused', 'That form came from another site.'));
    // One caller's burst waits for nobody but itself: beyond its share in hand, it is told to come back.
    const release = limit.take(caller.key);
    if (!release) {
      return sendPage(res, 429, { title: 'Too many requests' }, messagePage('Too many requests at once', 'This page asked while several others were still loading. Try again in a moment.'), { 'retry-after': '1' });
    }
    try {
      if (method === 'POST') await drain(req);
      const options = { signOut: caller.via === 'session' };
      const answer = await found.route.run({ req, url, params: found.params, journal: deps.journalFor(caller.ownerId) });
      if ('redirect' in answer) return redirect(res, answer.redirect);
      sendPage(res, answer.status, { ...answer.options, ...options }, answer.content);
    } catch (error) {
      if (error instanceof WebInputError) return sendPage(res, 400, { title: 'Not understood' }, messagePage('Not understood', error.message));
      if (req.destroyed) throw error; // the client left mid-body: the server's guard logs it
      logger.error('web.failed', { path: url.pathname, error: errorMessage(error) });
      sendPage(res, 500, { title: 'Something went wrong' }, messagePage('Something went wrong', 'The journal could not be read just now; try again.'));
    } finally {
      release();
    }
  };

  return {
    handle,
    loginPath: (ownerId) => `/login?token=${auth.loginToken(ownerId)}`,
  };
}
