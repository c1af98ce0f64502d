/**
 * Who is asking. Inside Telegram every request carries the Mini App's initData (`Authorization: tma <initData>`),
 * checked with the bot token (HMAC-SHA256 per Telegram's Web Apps docs), at most an hour old and not dated ahead of
 * our clock by more than a minute (signed data from the future would never expire); its user must be an owner in
 * ALLOWED_USER_IDS. On one's own computer (npm run web) a one-time login link is exchanged for a session
 * cookie (HttpOnly, SameSite=Strict), which signing out ends. Links live in the journal's database (`links`, so any
 * process sharing it can make one: npm run web -- --link, the bot's /web); sessions in this process's memory only.
 * A Mini App page's photos and voice notes cannot send the initData header (an <img> sends none), and a cookie is not
 * sent inside Telegram's web client's frame: each medium's address in such a page carries a grant instead, an HMAC
 * of the owner, that medium's sha256 and an expiry (an hour on, as initData's), keyed from the bot token so every
 * instance behind one URL accepts it. A grant opens that one medium of that owner and nothing else.
 */
import { HOUR_MS, unixSecondsRoundedUp } from '../journal/dates/durations.ts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { validate } from '@tma.js/init-data-node';

export const SESSION_COOKIE = 'journal_session';
/** Telegram's initData is signed once, when the Mini App opens: older than this, it is refused. */
export const INIT_DATA_MAX_AGE_SECONDS = 3600;
/** Clock skew allowed between Telegram and us: initData dated later than this ahead of our clock is refused. */
export const INIT_DATA_MAX_SKEW_SECONDS = 60;
/** A media grant ends an hour on, rounded up to this step. */
const GRANT_STEP_SECONDS = 600;
const SESSION_TTL_MS = 12 * HOUR_MS;

/**
 * A signed-in caller, with `key` naming them for fairness limits (one per session, one per Telegram user) and `csrf`
 * the token every form of theirs carries and every POST of theirs must send back (one per session; per Telegram user
 * an HMAC of their id, so every instance behind one URL agrees on it).
 */
export type Caller =
  { ownerId: number; via: 'telegram' | 'session'; key: string; csrf: string } | { ownerId: null; reason: string };

/** Where one-time login links are made and taken (db/login-link-store.ts, over the journal's database). */
export interface LoginLinks {
  create(ownerId: number): Promise<string>;
  redeem(token: string): Promise<{ ownerId: number } | { refused: 'used' | 'unknown' }>;
}

export interface WebAuthOptions {
  links: LoginLinks;
  /** The bot token initData is signed with; null: Telegram sign-in is off (npm run web without a token). */
  botToken: string | null;
  allowedUserIds: readonly number[];
  clock: () => Date;
}

export interface WebAuth {
  identify(req: IncomingMessage): Caller;
  /** A one-time token for `ownerId`'s login link. */
  loginToken(ownerId: number): Promise<string>;
  /**
   * Exchanges a login token for a session id; else why not: `used` (opened once already, perhaps by a link preview),
   * or `unknown` (expired, or never made here).
   */
  redeem(token: string): Promise<{ session: string } | { refused: 'used' | 'unknown' }>;
  /** Ends the session the request's cookie names; false when it names none. */
  endSession(req: IncomingMessage): boolean;
  /** A grant to fetch one medium (by its sha256) for a Mini App page of `ownerId`'s: valid an hour (to 10 min more). */
  mediaGrant(ownerId: number, sha256: string): string;
  /** The owner a grant for this medium was made for, or null when it is not one of ours, is for another, or expired. */
  grantedOwner(sha256: string, grant: string): number | null;
  /** Whether `given` (a form's `csrf` field) is the caller's form token, compared in constant time. */
  formTokenMatches(caller: Extract<Caller, { csrf: string }>, given: string): boolean;
}

const newToken = () => randomBytes(32).toString('base64url');

function cookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** A map lookup that compares keys in constant time (session ids are secrets). */
function findSecret<V>(map: Map<string, V>, given: string): V | undefined {
  const a = Buffer.from(given);
  for (const [key, value] of map) {
    const b = Buffer.from(key);
    if (a.length === b.length && timingSafeEqual(a, b)) return value;
  }
  return undefined;
}

/** The Telegram user of valid initData, or why it is not valid. */
export function initDataUser(initData: string, botToken: string, now: Date): { userId: number } | { reason: string } {
  try {
    // validate() reads the system's time itself; now only decides the clock in the message.
    validate(initData, botToken, { expiresIn: INIT_DATA_MAX_AGE_SECONDS });
  } catch (error) {
    const name = (error instanceof Error && error.name) || 'Error';
    return {
      reason:
        name === 'ExpiredError'
          ? `initData expired (older than ${INIT_DATA_MAX_AGE_SECONDS} s at ${now.toISOString()})`
          : `initData not valid (${name})`,
    };
  }
  const params = new URLSearchParams(initData);
  // Against the same clock validate() judged its age by (the system's), so the two edges of the window agree.
  const signedAt = Number(params.get('auth_date'));
  if (!Number.isFinite(signedAt) || signedAt * 1000 > Date.now() + INIT_DATA_MAX_SKEW_SECONDS * 1000) {
    return {
      reason: `initData dated in the future (more than ${INIT_DATA_MAX_SKEW_SECONDS} s ahead of ${new Date().toISOString()})`,
    };
  }
  const user = params.get('user');
  try {
    const id = (JSON.parse(user ?? 'null') as { id?: unknown } | null)?.id;
    if (typeof id === 'number' && Number.isSafeInteger(id)) return { userId: id };
  } catch {
    // falls through: signed, but no user in it (e.g. opened from a reply keyboard)
  }
  return { reason: 'initData carries no user' };
}

export function createWebAuth(options: WebAuthOptions): WebAuth {
  // key: a short name of the session for limits and logs, never the secret id itself.
  const sessions = new Map<string, { ownerId: number; until: number; key: string; csrf: string }>();
  let sessionsMade = 0;
  const now = () => options.clock().getTime();
  // Without a bot token there is no Mini App, and a key of this process alone serves npm run web.
  const grantKey =
    options.botToken === null
      ? randomBytes(32)
      : createHmac('sha256', 'journal web media grant').update(options.botToken).digest();
  const grantMac = (ownerId: number, sha256: string, expires: number) =>
    createHmac('sha256', grantKey).update(`${ownerId}.${sha256}.${expires}`).digest('base64url');
  const sweep = (map: Map<string, { until: number }>) => {
    for (const [key, value] of map) if (value.until <= now()) map.delete(key);
  };

  return {
    identify(req) {
      const header = req.headers.authorization;
      if (typeof header === 'string' && header.startsWith('tma ')) {
        if (!options.botToken) return { ownerId: null, reason: 'Telegram sign-in is not set up here' };
        const user = initDataUser(header.slice(4), options.botToken, options.clock());
        if ('reason' in user) return { ownerId: null, reason: user.reason };
        if (!options.allowedUserIds.includes(user.userId))
          return { ownerId: null, reason: 'not an owner of this journal' };
        const csrf = createHmac('sha256', grantKey).update(`form ${user.userId}`).digest('base64url');
        return { ownerId: user.userId, via: 'telegram', key: `telegram:${user.userId}`, csrf };
      }
      const id = cookie(req, SESSION_COOKIE);
      if (id) {
        sweep(sessions);
        const session = findSecret(sessions, id);
        if (session)
          return { ownerId: session.ownerId, via: 'session', key: `session:${session.key}`, csrf: session.csrf };
        return { ownerId: null, reason: 'the session has ended' };
      }
      return { ownerId: null, reason: 'not signed in' };
    },

    loginToken: (ownerId) => options.links.create(ownerId),

    async redeem(token) {
      const link = await options.links.redeem(token);
      if ('refused' in link) return link;
      const session = newToken();
      sweep(sessions);
      sessions.set(session, {
        ownerId: link.ownerId,
        until: now() + SESSION_TTL_MS,
        key: String((sessionsMade += 1)),
        csrf: newToken(),
      });
      return { session };
    },

    mediaGrant(ownerId, sha256) {
      // Rounded up to ten minutes: a medium's address stays the same that long, so the browser's cache answers it.
      const expires = unixSecondsRoundedUp(options.clock(), INIT_DATA_MAX_AGE_SECONDS, GRANT_STEP_SECONDS);
      return `${ownerId}.${expires}.${grantMac(ownerId, sha256, expires)}`;
    },

    grantedOwner(sha256, grant) {
      const match = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(grant);
      if (!match) return null;
      const [ownerId, expires] = [Number(match[1]), Number(match[2])];
      if (expires * 1000 <= now() || !options.allowedUserIds.includes(ownerId)) return null;
      const given = Buffer.from(match[3]!);
      const expected = Buffer.from(grantMac(ownerId, sha256, expires));
      return given.length === expected.length && timingSafeEqual(given, expected) ? ownerId : null;
    },

    formTokenMatches(caller, given) {
      const [a, b] = [Buffer.from(given), Buffer.from(caller.csrf)];
      return a.length === b.length && timingSafeEqual(a, b);
    },

    endSession(req) {
      const id = cookie(req, SESSION_COOKIE);
      const session = id ? findSecret(sessions, id) : undefined;
      if (!session) return false;
      for (const [key, value] of sessions) if (value === session) sessions.delete(key);
      return true;
    },
  };
}
