/**
 * The formats a setting's text may have, the pieces config.ts's schema is built from: blank text as unset, a port, a
 * PostgreSQL URL, the bot's public origin. Pure checks of one value each; which variable takes which, the defaults
 * and the faults that span variables stay in config.ts, the one parser of the environment.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

/** postgres:// or postgresql://, a host, and a database name in the path. */
export function isPostgresUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'postgres:' || url.protocol === 'postgresql:') &&
    url.hostname !== '' &&
    /^\/[^/]+$/.test(url.pathname)
  );
}

/** The origin a PUBLIC_URL names (no trailing slash), or null when it is not https (or http on a loopback address). */
export function publicOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    return null;
  return url.origin;
}

/** A port number from 1 to 65535, or `fallback` when unset. */
export function portField(fallback: number) {
  return optionalText.transform((p, ctx) => {
    if (p === undefined) return fallback;
    const port = Number(p);
    if (!/^\d{1,5}$/.test(p) || port < 1 || port > 65535) {
      ctx.addIssue({ code: 'custom', message: `"${p}" is not a port (expected a number from 1 to 65535)` });
      return z.NEVER;
    }
    return port;
  });
}

/** A choice of words, case-insensitive, with a default when unset; the error lists the choices and what each means. */
export function choiceField<T extends string>(choices: readonly T[], fallback: T, meaning: string) {
  return optionalText.transform((v, ctx): T => {
    if (v === undefined) return fallback;
    const value = v.toLowerCase() as T;
    if (choices.includes(value)) return value;
    ctx.addIssue({ code: 'custom', message: `must be ${choices.join(', ')} (got "${v}"); ${meaning}` });
    return z.NEVER;
  });
}

/** A whole number of seconds from 1 to 9999, or `fallback` when unset. */
export const wholeSecondsField = (fallback: number) =>
  optionalText
    .refine((v) => v === undefined || (/^\d{1,4}$/.test(v) && Number(v) >= 1), {
      message: `must be a whole number of seconds from 1 to 9999 (e.g. ${fallback})`,
    })
    .transform((v) => (v === undefined ? fallback : Number(v)));

/** Where the bot records its health for the healthcheck (HEALTH_FILE's default; health-status.ts). */
export const DEFAULT_HEALTH_FILE = path.join(tmpdir(), 'journal-bot-health.json');
