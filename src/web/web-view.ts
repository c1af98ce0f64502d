/**
 * The web view's requests: a small router over node:http. Every page needs a caller (web-auth.ts) and shows only
 * that owner's journal; without one it answers 401 with no data. Every answer is UTF-8, not cached when it holds
 * journal text, under a Content-Security-Policy of `default-src 'self'`, and framed by nobody (npm run web) or only
 * by Telegram's web client (the Mini App). A POST must come from our own origin; one caller has at most a few
 * requests in hand at once (more get 429), and the assets are answered before any of that, so they never wait.
 * Thumbnails have a larger share of their own (they wait to be scaled a few at a time, see journal-web-view.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CSS, APP_JS, ICON_SVG } from './assets.ts';
import { page, type PageOptions, type Html } from './html.ts';
import { journalPrefix, splitJournalPath, switcherLinks } from './journal-paths.ts';
import { mediaRequest, serveMedia } from './media-route.ts';
import { isPagePath, matchRoute, PAGE_CSS, PAGE_NAV } from './page-routes.ts';
import { messagePage, SIGN_IN_TEXT } from './pages.ts';
import { BodyTooLargeError, readForm } from './form-body.ts';
import { loginRefusedPage, NEW_LINK_TEXT } from './sign-in-pages.ts';
import { SESSION_COOKIE, type WebAuth } from './web-auth.ts';
import type { WebJournal } from './web-journal.ts';
import { WebInputError } from './collection-methods.ts';
import { framingHeaders, isOwnOrigin, loopbackHostProblem, type Embedding } from './web-guards.ts';
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
  /**
   * How many thumbnails one caller (a grant's request counts for its owner) may have asked for and not yet received;
   * more are answered 429 (default 60). A share of their own, larger than the pages': a day page asks for all its
   * photos at once, and they wait their turn to be scaled.
   */
  maxThumbnailsPerCaller?: number;
}

export interface WebView {
  /**
   * Answers one request (any path: the webhook server hands over every request not Telegram's); `url` is its target
   * as the server's guard read it, else read here (a target that cannot be read gets 400).
   */
  handle(req: IncomingMessage, res: ServerResponse, url?: URL): Promise<void>;
  /** A path that signs `ownerId` in once, e.g. `/login?token=…` (npm run web prints it). */
  loginPath(ownerId: number): Promise<string>;
}

const ASSETS: Record<string, { type: string; body: string }> = {
  '/assets/app.css': { type: 'text/css; charset=utf-8', body: APP_CSS + PAGE_CSS },
  '/assets/app.js': { type: 'text/javascript; charset=utf-8', body: APP_JS },
  '/assets/icon.svg': { type: 'image/svg+xml; charset=utf-8', body: ICON_SVG },
};

/** The path a login token signs in at. */
export const loginPath = (token: string): string => `/login?token=${token}`;

export function createWebView(deps: WebViewDeps): WebView {
  const { auth, logger } = deps;
  const limit = createCallerLimit(deps.maxInFlightPerCaller ?? 6);
  const thumbnailLimit = createCallerLimit(deps.maxThumbnailsPerCaller ?? 60);

  const securityHeaders = (res: ServerResponse): void => {
    for (const [name, value] of Object.entries(framingHeaders(deps.embedding))) res.setHeader(name, value);
    res.setHeader('x-content-type-options', 'nosniff');
    // same-origin, not no-referrer: a form's POST then still carries our Origin (no-referrer makes it "null").
    res.setHeader('referrer-policy', 'same-origin');
  };
  const sendPage = (
    res: ServerResponse,
    status: number,
    options: PageOptions,
    content: Html,
    extra: Record<string, string> = {},
  ): void => {
    securityHeaders(res);
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra });
    res.end(page({ nav: PAGE_NAV, ...options }, content));
  };
  const redirect = (res: ServerResponse, location: string, extra: Record<string, string> = {}): void => {
    securityHeaders(res);
    res.writeHead(303, { location, 'cache-control': 'no-store', ...extra });
    res.end();
  };
  /** A POST must come from a page of ours: its Origin, when a browser sends one, is ours in scheme, host and port. */
  const fromOurPages = (req: IncomingMessage): boolean =>
    req.headers.origin === undefined || isOwnOrigin(req.headers.origin, req, deps.publicOrigins);
  const refused = (res: ServerResponse): void =>
    sendPage(
      res,
      403,
      { title: 'Refused' },
      messagePage(
        'Refused',
        'That form came from another site, or from a page older than this sign-in: go back, reload the page and send it again.',
      ),
    );
  const tooMany = (res: ServerResponse): void =>
    sendPage(
      res,
      429,
      { title: 'Too many requests' },
      messagePage(
        'Too many requests at once',
        'This page asked while several others were still loading. Try again in a moment.',
      ),
      { 'retry-after': '1' },
    );

  const handle = async (req: IncomingMessage, res: ServerResponse, target?: URL): Promise<void> => {
    const url = target ?? requestTarget(req.url);
    if (!url)
      return sendPage(
        res,
        400,
        { title: 'Not understood' },
        messagePage('Not understood', 'That address is not a path of this journal.'),
      );
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
      const redeemed = await auth.redeem(url.searchParams.get('token') ?? '');
      if ('refused' in redeemed) return sendPage(res, 401, { title: 'Sign in' }, loginRefusedPage(redeemed.refused));
      return redirect(res, '/', {
        'set-cookie': `${SESSION_COOKIE}=${redeemed.session}; HttpOnly; SameSite=Strict; Path=/`,
      });
    }
    if (url.pathname === '/signed-out' && method === 'GET') {
      return sendPage(
        res,
        200,
        { title: 'Signed out' },
        messagePage('Signed out', `This browser is signed out of the journal. ${NEW_LINK_TEXT}`),
      );
    }
    if (url.pathname === '/logout' && method === 'POST') {
      const leaving = auth.identify(req);
      const form = await readForm(req).catch(() => null);
      const token = form?.field('csrf') ?? '';
      if (!form || !fromOurPages(req) || (leaving.ownerId !== null && !auth.formTokenMatches(leaving, token)))
        return refused(res);
      auth.endSession(req);
      return redirect(res, '/signed-out', {
        'set-cookie': `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`,
      });
    }
    const caller = auth.identify(req);
    const media = method === 'GET' || method === 'HEAD' ? mediaRequest(url.pathname) : null;
    // A Mini App page's <img> and <audio> send no initData: their addresses carry a grant for that one medium.
    const granted =
      caller.ownerId === null && media ? auth.grantedOwner(media.sha256, url.searchParams.get('grant') ?? '') : null;
    const ownerId = caller.ownerId ?? granted;
    if (ownerId === null) return sendPage(res, 401, { title: 'Sign in' }, messagePage('Sign in', SIGN_IN_TEXT));
    const everyJournal = deps.journalFor(ownerId);
    if (media) {
      const answering = {
        securityHeaders,
        notFound: (r: ServerResponse, text: string) =>
          sendPage(r, 404, { title: 'Not found' }, messagePage('Not found', text)),
      };
      // The whole medium is streamed from the database chunk by chunk (little memory, no decoding): it takes no share,
      // so a page's photos and voice notes never refuse each other. A thumbnail reads the whole photo and decodes it:
      // it takes the owner's thumbnail share (a grant's request counts for its owner), then waits to be scaled.
      if (!media.thumbnail) return serveMedia(res, method, everyJournal, media, answering);
      const release = thumbnailLimit.take(caller.ownerId === null ? `owner:${ownerId}` : caller.key);
      if (!release) return tooMany(res);
      try {
        return await serveMedia(res, method, everyJournal, media, answering);
      } finally {
        release();
      }
    }
    if (caller.ownerId === null) return sendPage(res, 401, { title: 'Sign in' }, messagePage('Sign in', SIGN_IN_TEXT));
    const asked = splitJournalPath(url.pathname);
    if ('problem' in asked)
      return sendPage(res, 400, { title: 'Not a journal' }, messagePage('Not a journal', asked.problem));
    const found = matchRoute(method, asked.path);
    if (!found) {
      const known = isPagePath(asked.path);
      return sendPage(
        res,
        known ? 405 : 404,
        { title: 'Not found' },
        messagePage(
          known ? 'Not allowed' : 'Not found',
          known ? `${method} is not used here.` : 'There is no such page.',
        ),
      );
    }
    if (method === 'POST' && !fromOurPages(req)) return refused(res);
    // One caller's burst waits for nobody but itself: beyond its share in hand, it is told to come back.
    const release = limit.take(caller.key);
    if (!release) return tooMany(res);
    try {
      // Every POST carries the form token of the caller's pages: a page of another site cannot know it.
      const form = method === 'POST' ? await readForm(req) : null;
      if (form && !auth.formTokenMatches(caller, form.field('csrf') ?? '')) return refused(res);
      const journal = asked.journal === null ? everyJournal : await everyJournal.inJournal(asked.journal);
      const choices = await everyJournal.journals();
      // The switcher leads to this page in each journal; it is shown only to an owner with more than one journal.
      const journals =
        choices.length > 2 ? switcherLinks(choices, journal?.journalName ?? null, asked.path, url) : undefined;
      const options = { signOut: caller.via === 'session', journals, csrf: caller.csrf };
      if (!journal) {
        const names = choices.flatMap((c) => (c.name === null ? [] : [`“${c.name}”`])).join(', ');
        return sendPage(
          res,
          404,
          { title: 'No such journal', ...options },
          messagePage('No such journal', `No journal is named “${asked.journal}”. Your journals: ${names}.`),
        );
      }
      const at = journalPrefix(journal.journalName);
      // Signed in with a cookie, a browser sends it for media too; inside Telegram each medium's address needs a grant.
      const mediaQuery =
        caller.via === 'telegram' ? (sha256: string) => `?grant=${auth.mediaGrant(caller.ownerId, sha256)}` : () => '';
      const to = { at, mediaQuery, csrf: caller.csrf };
      const answer = await found.route.run({ req, url, params: found.params, journal, to, form });
      if ('redirect' in answer) return redirect(res, answer.redirect);
      sendPage(
        res,
        answer.status,
        {
          ...answer.options,
          ...options,
          at,
          ...(journal.journalName === null ? {} : { journal: journal.journalName }),
        },
        answer.content,
      );
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return sendPage(res, 413, { title: 'Too large' }, messagePage('Too large', error.message), {
          connection: 'close',
        });
      if (error instanceof WebInputError)
        return sendPage(res, 400, { title: 'Not understood' }, messagePage('Not understood', error.message));
      if (req.destroyed) throw error; // the client left mid-body: the server's guard logs it
      logger.error('web.failed', { path: url.pathname, error: errorMessage(error) });
      sendPage(
        res,
        500,
        { title: 'Something went wrong' },
        messagePage('Something went wrong', 'The journal could not be read just now; try again.'),
      );
    } finally {
      release();
    }
  };

  return {
    handle,
    loginPath: async (ownerId) => loginPath(await auth.loginToken(ownerId)),
  };
}
