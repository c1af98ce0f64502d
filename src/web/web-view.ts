/**
 * The web view's requests: a small router over node:http. Every page needs a caller (web-auth.ts) and shows only
 * that owner's journal; without one it answers 401 with no data. Every answer is UTF-8, not cached when it holds
 * journal text, under a Content-Security-Policy of `default-src 'self'`, and framed by nobody (npm run web) or only
 * by Telegram's web client (the Mini App). A POST must come from our own origin; one caller has at most a few
 * requests in hand at once (more get 429), and the assets are answered before any of that, so they never wait.
 * Thumbnails have a larger share of their own (they wait to be scaled a few at a time, see journal-web-view.ts).
 * Those checks are the named guards of request-guards.ts, in order; what passes them all is a page of WEB_PAGES.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { journalPrefix, switcherLinks } from './journal-paths.ts';
import { messagePage } from './pages.ts';
import { BodyTooLargeError } from './form-body.ts';
import type { WebAuth } from './web-auth.ts';
import type { WebJournal } from './web-journal.ts';
import { WebInputError } from './collection-methods.ts';
import type { Embedding } from './web-guards.ts';
import { createCallerLimit } from './caller-limit.ts';
import { targetOf, WEB_GUARDS, type GuardDeps, type SignedIn, type WebExchange } from './request-guards.ts';
import { createWebReplies } from './web-replies.ts';
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

/** The path a login token signs in at. */
export const loginPath = (token: string): string => `/login?token=${token}`;

export function createWebView(deps: WebViewDeps): WebView {
  const { auth, logger } = deps;
  const reply = createWebReplies(deps.embedding);
  const guardDeps: GuardDeps = {
    auth,
    journalFor: deps.journalFor,
    publicOrigins: deps.publicOrigins,
    loopbackOnly: deps.loopbackOnly,
    pageShare: createCallerLimit(deps.maxInFlightPerCaller ?? 6),
    thumbnailShare: createCallerLimit(deps.maxThumbnailsPerCaller ?? 60),
    reply,
  };

  /** The page a request that passed every guard asks for, in the journal its path names. */
  const answerPage = async (x: WebExchange): Promise<void> => {
    const { res, url, asked, found, form } = x;
    const caller = x.caller as SignedIn;
    const everyJournal = deps.journalFor(caller.ownerId);
    const journal = asked!.journal === null ? everyJournal : await everyJournal.inJournal(asked!.journal);
    const choices = await everyJournal.journals();
    // The switcher leads to this page in each journal; it is shown only to an owner with more than one journal.
    const journals =
      choices.length > 2 ? switcherLinks(choices, journal?.journalName ?? null, asked!.path, url) : undefined;
    const options = { signOut: caller.via === 'session', journals, csrf: caller.csrf };
    if (!journal) {
      const names = choices.flatMap((c) => (c.name === null ? [] : [`“${c.name}”`])).join(', ');
      return reply.page(
        res,
        404,
        { title: 'No such journal', ...options },
        messagePage('No such journal', `No journal is named “${asked!.journal}”. Your journals: ${names}.`),
      );
    }
    const at = journalPrefix(journal.journalName);
    // Signed in with a cookie, a browser sends it for media too; inside Telegram each medium's address needs a grant.
    const mediaQuery =
      caller.via === 'telegram' ? (sha256: string) => `?grant=${auth.mediaGrant(caller.ownerId, sha256)}` : () => '';
    const to = { at, mediaQuery, csrf: caller.csrf };
    const answer = await found!.route.run({ req: x.req, url, params: found!.params, journal, to, form: form ?? null });
    if ('redirect' in answer) return reply.redirect(res, answer.redirect);
    reply.page(
      res,
      answer.status,
      { ...answer.options, ...options, at, ...(journal.journalName === null ? {} : { journal: journal.journalName }) },
      answer.content,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, target?: URL): Promise<void> => {
    const url = targetOf(req, target);
    if (!url) return reply.message(res, 400, 'Not understood', 'That address is not a path of this journal.');
    const x: WebExchange = { req, res, url, method: req.method ?? 'GET', releases: [] };
    try {
      for (const guard of WEB_GUARDS) if ((await guard.check(x, guardDeps)) === 'answered') return;
      await answerPage(x);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return reply.message(res, 413, 'Too large', error.message, { connection: 'close' });
      if (error instanceof WebInputError) return reply.message(res, 400, 'Not understood', error.message);
      if (req.destroyed || res.headersSent) throw error; // the client left mid-body: the server's guard logs it
      logger.error('web.failed', { path: url.pathname, error: errorMessage(error) });
      reply.message(res, 500, 'Something went wrong', 'The journal could not be read just now; try again.');
    } finally {
      for (const release of x.releases) release();
    }
  };

  return {
    handle,
    loginPath: async (ownerId) => loginPath(await auth.loginToken(ownerId)),
  };
}
