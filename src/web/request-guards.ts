/**
 * The web view's request pipeline as a list of named guards, in the order every request meets them. Each guard
 * answers (a page, a refusal, an asset, a medium) and ends the request's way, or hands it on with what it learned
 * (the caller, the journal path, the route, the form). test/web/request-guards.test.ts pins the order, so a new check
 * is placed on purpose: the assets come before any of it so they never wait; a POST's origin is checked before its
 * body is read; the caller's share is taken before the form is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CSS, APP_JS, ICON_SVG } from './assets.ts';
import type { CallerLimit } from './caller-limit.ts';
import { readForm, type SubmittedForm } from './form-body.ts';
import { splitJournalPath } from './journal-paths.ts';
import { mediaRequest, serveMedia } from './media-route.ts';
import { isPagePath, matchRoute, PAGE_CSS } from './page-routes.ts';
import { SIGN_IN_TEXT } from './pages.ts';
import type { Route } from './route.ts';
import { loginRefusedPage, NEW_LINK_TEXT } from './sign-in-pages.ts';
import { SESSION_COOKIE, type Caller, type WebAuth } from './web-auth.ts';
import { isOwnOrigin, loopbackHostProblem } from './web-guards.ts';
import type { WebJournal } from './web-journal.ts';
import type { WebReplies } from './web-replies.ts';
import { requestTarget } from '../http/request-target.ts';

/** A caller the caller guard found signed in. */
export type SignedIn = Extract<Caller, { key: string }>;

/** What the guards share: the view's settings and how it answers. */
export interface GuardDeps {
  auth: WebAuth;
  journalFor(ownerId: number): WebJournal;
  publicOrigins: readonly string[];
  loopbackOnly: boolean;
  /** One share of requests in hand per caller for pages, another for thumbnails. */
  pageShare: CallerLimit;
  thumbnailShare: CallerLimit;
  reply: WebReplies;
}

/** One request on its way: what it came with, and what the guards before learned of it. */
export interface WebExchange {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  caller?: Caller;
  /** The signed-in owner, or the owner a medium's grant speaks for. */
  ownerId?: number;
  media?: { sha256: string; thumbnail: boolean } | null;
  /** The journal the path names (null: every journal) and the page's path within it. */
  asked?: { journal: string | null; path: string };
  found?: { route: Route; params: string[] };
  form?: SubmittedForm | null;
  /** Run when the request is done, whatever happened: a taken share given back. */
  releases: (() => void)[];
}

export interface WebGuard {
  readonly name: string;
  /** 'answered' when it answered the request (its way ends here); nothing to hand it on. */
  check(x: WebExchange, deps: GuardDeps): Promise<'answered' | void> | 'answered' | void;
}

const ASSETS: Record<string, { type: string; body: string }> = {
  '/assets/app.css': { type: 'text/css; charset=utf-8', body: APP_CSS + PAGE_CSS },
  '/assets/app.js': { type: 'text/javascript; charset=utf-8', body: APP_JS },
  '/assets/icon.svg': { type: 'image/svg+xml; charset=utf-8', body: ICON_SVG },
};

const reading = (method: string) => method === 'GET' || method === 'HEAD';
/** A POST must come from a page of ours: its Origin, when a browser sends one, is ours in scheme, host and port. */
const fromOurPages = (req: IncomingMessage, deps: GuardDeps): boolean =>
  req.headers.origin === undefined || isOwnOrigin(req.headers.origin, req, deps.publicOrigins);
const signIn = (x: WebExchange, deps: GuardDeps) => deps.reply.message(x.res, 401, 'Sign in', SIGN_IN_TEXT);
const answered = 'answered' as const;

export const WEB_GUARDS: readonly WebGuard[] = [
  {
    name: 'assets: the stylesheet, script and icon, before anything else so they never wait',
    check({ url, method, res }, { reply }) {
      const asset = ASSETS[url.pathname];
      if (!asset || !reading(method)) return;
      reply.securityHeaders(res);
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'max-age=300' });
      res.end(method === 'HEAD' ? undefined : asset.body);
      return answered;
    },
  },
  {
    name: 'loopback host: npm run web answers only its loopback address (421)',
    check({ req, res }, deps) {
      const wrongHost = deps.loopbackOnly ? loopbackHostProblem(req) : null;
      if (!wrongHost) return;
      deps.reply.message(res, 421, 'Wrong address', wrongHost);
      return answered;
    },
  },
  {
    name: 'login link: a one-time token becomes a session cookie',
    async check({ url, method, res }, { auth, reply }) {
      if (url.pathname !== '/login' || method !== 'GET') return;
      const redeemed = await auth.redeem(url.searchParams.get('token') ?? '');
      if ('refused' in redeemed) reply.page(res, 401, { title: 'Sign in' }, loginRefusedPage(redeemed.refused));
      else
        reply.redirect(res, '/', {
          'set-cookie': `${SESSION_COOKIE}=${redeemed.session}; HttpOnly; SameSite=Strict; Path=/`,
        });
      return answered;
    },
  },
  {
    name: 'signed out: the page after signing out',
    check({ url, method, res }, { reply }) {
      if (url.pathname !== '/signed-out' || method !== 'GET') return;
      reply.message(res, 200, 'Signed out', `This browser is signed out of the journal. ${NEW_LINK_TEXT}`);
      return answered;
    },
  },
  {
    name: 'sign out: a form of ours with its token ends the session',
    async check({ req, res, url, method }, deps) {
      if (url.pathname !== '/logout' || method !== 'POST') return;
      const leaving = deps.auth.identify(req);
      const form = await readForm(req).catch(() => null);
      const token = form?.field('csrf') ?? '';
      if (
        !form ||
        !fromOurPages(req, deps) ||
        (leaving.ownerId !== null && !deps.auth.formTokenMatches(leaving, token))
      )
        deps.reply.refused(res);
      else {
        deps.auth.endSession(req);
        deps.reply.redirect(res, '/signed-out', {
          'set-cookie': `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`,
        });
      }
      return answered;
    },
  },
  {
    name: 'caller: a session or Telegram initData, or a grant for one medium; else 401',
    check(x, deps) {
      x.caller = deps.auth.identify(x.req);
      x.media = reading(x.method) ? mediaRequest(x.url.pathname) : null;
      // A Mini App page's <img> and <audio> send no initData: their addresses carry a grant for that one medium.
      const granted =
        x.caller.ownerId === null && x.media
          ? deps.auth.grantedOwner(x.media.sha256, x.url.searchParams.get('grant') ?? '')
          : null;
      const ownerId = x.caller.ownerId ?? granted;
      if (ownerId === null) return (signIn(x, deps), answered);
      x.ownerId = ownerId;
    },
  },
  {
    name: 'media: a medium streamed, a thumbnail within the owner’s thumbnail share (429)',
    async check(x, deps) {
      const { media, res, method, caller } = x;
      if (!media) return;
      const journal = deps.journalFor(x.ownerId!);
      const answering = {
        securityHeaders: deps.reply.securityHeaders,
        notFound: (r: ServerResponse, text: string) => deps.reply.message(r, 404, 'Not found', text),
      };
      // The whole medium is streamed from the database chunk by chunk (little memory, no decoding): it takes no share,
      // so a page's photos and voice notes never refuse each other. A thumbnail reads the whole photo and decodes it:
      // it takes the owner's thumbnail share (a grant's request counts for its owner), then waits to be scaled.
      if (media.thumbnail) {
        const release = deps.thumbnailShare.take(caller!.ownerId === null ? `owner:${x.ownerId}` : caller!.key);
        if (!release) return (deps.reply.tooMany(res), answered);
        x.releases.push(release);
      }
      await serveMedia(res, method, journal, media, answering);
      return answered;
    },
  },
  {
    name: 'signed in: a page needs a session or initData (a grant opens only its medium)',
    check(x, deps) {
      if (x.caller!.ownerId === null) return (signIn(x, deps), answered);
    },
  },
  {
    name: 'journal path: /j/<name>/… names a journal, or the path is every journal’s (400)',
    check(x, { reply }) {
      const asked = splitJournalPath(x.url.pathname);
      if ('problem' in asked) return (reply.message(x.res, 400, 'Not a journal', asked.problem), answered);
      x.asked = asked;
    },
  },
  {
    name: 'route: a page of WEB_PAGES takes the method and path (404, or 405 for another method)',
    check(x, { reply }) {
      x.found = matchRoute(x.method, x.asked!.path) ?? undefined;
      if (x.found) return;
      const known = isPagePath(x.asked!.path);
      reply.message(
        x.res,
        known ? 405 : 404,
        known ? 'Not allowed' : 'Not found',
        known ? `${x.method} is not used here.` : 'There is no such page.',
      );
      return answered;
    },
  },
  {
    name: 'own origin: a POST comes from a page of ours (403)',
    check(x, deps) {
      if (x.method === 'POST' && !fromOurPages(x.req, deps)) return (deps.reply.refused(x.res), answered);
    },
  },
  {
    name: 'caller share: at most a few requests of one caller in hand at once (429)',
    check(x, { pageShare, reply }) {
      // One caller's burst waits for nobody but itself: beyond its share in hand, it is told to come back.
      const release = pageShare.take((x.caller as SignedIn).key);
      if (!release) return (reply.tooMany(x.res), answered);
      x.releases.push(release);
    },
  },
  {
    name: 'form token: every POST carries the token of the caller’s pages (403)',
    async check(x, deps) {
      x.form = x.method === 'POST' ? await readForm(x.req) : null;
      if (x.form && !deps.auth.formTokenMatches(x.caller as SignedIn, x.form.field('csrf') ?? ''))
        return (deps.reply.refused(x.res), answered);
    },
  },
];

/** The target a request asks for: as the server's guard read it, else read here; null when it cannot be read. */
export const targetOf = (req: IncomingMessage, target?: URL): URL | null => target ?? requestTarget(req.url);
