/**
 * What the authorization page asks while the owner answers in Telegram: `wait` says where things stand, and after
 * Allow asks for the one-time code the bot showed the owner; `confirm` takes that code and only then makes the
 * authorization code and sends the page on to the client. So an Allow only ever helps the browser its owner typed the
 * code into: a stranger's page that sent the owner a t.me link waits in vain.
 */
import type { OauthRequestRow, OauthStore } from './oauth-store.ts';
import { hostOf } from './client-registration.ts';
import { json, MINUTE_MS } from './oauth-http.ts';
import { newSecret, normalisedCode, ONE_TIME_CODE_LENGTH, sameText, secretHash } from './secrets.ts';

/** Wrong codes a page may type before the request closes. */
export const CONFIRM_TRIES = 5;
/** An authorization code is exchanged right after the redirect: two minutes is plenty. */
const CODE_MINUTES = 2;

const UNKNOWN = 'This request is unknown or over. Start again from the app you came from.';
const OVER = 'This request is over. Start again from the app you came from.';

export interface ConsentWaitDeps {
  store: OauthStore;
  clock: () => Date;
  issuer: string;
}

/** The client's redirect URI with these parameters added (and `iss`), as the browser is sent on. */
export function redirectTo(uri: string, params: Record<string, string | null>, issuer: string): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  url.searchParams.set('iss', issuer);
  return url.href;
}

export function createConsentWait(deps: ConsentWaitDeps) {
  const { store, clock, issuer } = deps;
  const byPage = (url: URL) => {
    const key = url.searchParams.get('key') ?? '';
    return key === '' ? Promise.resolve(undefined) : store.requestByPage(secretHash(key));
  };
  const askCode = (message: string, status = 200) => json({ confirm: true, message }, status);

  return {
    /** Has the owner answered? Allowed: type the code. Denied: back to the client with access_denied. */
    async wait(url: URL): Promise<Response> {
      const request = await byPage(url);
      if (!request) return json({ done: true, message: UNKNOWN }, 404);
      const expired = request.expires_at <= clock().toISOString();
      switch (request.status) {
        case 'pending':
        case 'asked':
          if (expired)
            return json({ done: true, message: 'The link expired. Start again from the app you came from.' });
          return json({
            message:
              request.status === 'asked' ? 'Answer Allow or Deny in Telegram…' : 'Waiting for your answer in Telegram…',
          });
        case 'allowed':
          if (expired) return json({ done: true, message: OVER });
          return askCode('Allowed in Telegram. Type the code the bot sent you to go on.');
        case 'denied':
          if (!(await store.close(request.id, 'denied'))) return json({ done: true, message: OVER });
          return json({
            message: `Denied. Going back to ${hostOf(request.redirect_uri)}…`,
            location: redirectTo(
              request.redirect_uri,
              {
                error: 'access_denied',
                error_description: 'the owner denied access in Telegram',
                state: request.state,
              },
              issuer,
            ),
          });
        default:
          return json({ done: true, message: OVER });
      }
    },

    /** The code typed into the page (JSON `{ "code": "…" }`): right, the authorization code is made, once, and never stored. */
    async confirm(request: Request, url: URL): Promise<Response> {
      const row: OauthRequestRow | undefined = await byPage(url);
      if (!row) return json({ done: true, message: UNKNOWN }, 404);
      let typed: unknown;
      try {
        typed = ((await request.json()) as { code?: unknown }).code;
      } catch {
        typed = undefined;
      }
      if (typeof typed !== 'string' || typed.length > 4 * ONE_TIME_CODE_LENGTH) {
        return askCode(`Type the code the bot sent you: ${ONE_TIME_CODE_LENGTH} capital letters and digits.`, 400);
      }
      const now = clock();
      if (row.status !== 'allowed' || row.confirm_hash === null || row.expires_at <= now.toISOString())
        return json({ done: true, message: OVER });
      // The try is counted before the code is compared (atomically, on every store): a burst of guesses compares
      // at most CONFIRM_TRIES of them.
      const tries = await store.takeConfirmTry(row.id, CONFIRM_TRIES);
      const tooMany = async () => {
        await store.close(row.id, 'allowed');
        return json({
          done: true,
          message: 'Too many wrong codes: this request is closed. Start again from the app you came from.',
        });
      };
      if (tries === null) return tooMany();
      if (!sameText(secretHash(normalisedCode(typed)), row.confirm_hash)) {
        if (tries >= CONFIRM_TRIES) return tooMany();
        return askCode(
          `That is not the code the bot sent. ${CONFIRM_TRIES - tries} ${CONFIRM_TRIES - tries === 1 ? 'try' : 'tries'} left.`,
          400,
        );
      }
      const code = newSecret('jac_');
      if (!(await store.issueCode(row.id, secretHash(code), new Date(now.getTime() + CODE_MINUTES * MINUTE_MS))))
        return json({ done: true, message: OVER });
      return json({
        message: `Confirmed. Going back to ${hostOf(row.redirect_uri)}…`,
        location: redirectTo(row.redirect_uri, { code, state: row.state }, issuer),
      });
    },
  };
}
