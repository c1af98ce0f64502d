/**
 * The web view's checks on where a request comes from and what it may be shown in: framing, Origin, Host, and the
 * calendar's edges. Pure functions of the request, so web-view.ts reads as a router.
 */
import type { IncomingMessage } from 'node:http';

/** Who may show the pages in a frame: nobody (npm run web), or Telegram's web client (the Mini App inside it). */
export type Embedding = 'nobody' | 'telegram';

/** Telegram's web client, the only page that frames the Mini App (its apps open it in a webview, not a frame). */
export const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org';

/** The Content-Security-Policy, with its frame-ancestors, and X-Frame-Options where it can say the same. */
export function framingHeaders(embedding: Embedding): Record<string, string> {
  if (embedding === 'telegram') {
    // X-Frame-Options cannot name an origin (ALLOW-FROM is gone from browsers): frame-ancestors alone says it.
    return { 'content-security-policy': `default-src 'self'; frame-ancestors ${TELEGRAM_WEB_ORIGIN}` };
  }
  return { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'", 'x-frame-options': 'DENY' };
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The origins this server itself answers at: its listening address and port (and localhost's names on loopback). */
function ownOrigins(req: IncomingMessage): string[] {
  const address = (req.socket.localAddress ?? '').replace(/^::ffff:/, '');
  const port = req.socket.localPort;
  const host = address.includes(':') ? `[${address}]` : address;
  const names = LOOPBACK_NAMES.includes(host) ? LOOPBACK_NAMES : [host];
  return names.map((name) => `http://${name}:${port}`);
}

/** True when `origin` (a request's Origin header) is a public origin or the server's own: scheme, host and port. */
export function isOwnOrigin(origin: string, req: IncomingMessage, publicOrigins: readonly string[]): boolean {
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    return false;
  }
  if (given === 'null') return false;
  return publicOrigins.includes(given) || ownOrigins(req).includes(given);
}

/**
 * Why the Host header is not the loopback address this server listens on, or null when it is: a page on another
 * site whose name is made to resolve to 127.0.0.1 (DNS rebinding) sends its own name and is refused.
 */
export function loopbackHostProblem(req: IncomingMessage): string | null {
  const port = req.socket.localPort;
  const host = req.headers.host ?? '';
  if (LOOPBACK_NAMES.some((name) => host === `${name}:${port}`)) return null;
  // A loopback name on another port: a port published under another number (docker run -p 9000:8081). The login
  // link and the origin checks name the port the server listens on, so both sides must be the same number.
  const otherPort = /^(?:127\.0\.0\.1|localhost|\[::1\]):(\d+)$/.exec(host)?.[1];
  if (otherPort)
    return `This journal listens on port ${port} but was reached on port ${otherPort}: publish it under the same number on both sides (docker run -p 127.0.0.1:${port}:${port} …), or set WEB_PORT=${otherPort} and publish -p 127.0.0.1:${otherPort}:${otherPort}.`;
  return `This journal answers only at http://127.0.0.1:${port}/ (the address npm run web printed), not at "${host.slice(0, 80)}".`;
}

/** The first and last month and day the calendar's pages show: each page links to the one before and after it. */
const FIRST_MONTH = '0001-02';
const LAST_MONTH = '9999-11';
const FIRST_DAY = '0001-01-02';
const LAST_DAY = '9999-12-30';

/** Why a month (`YYYY-MM`) or day (`YYYY-MM-DD`) has no page, or null when it has one. */
export function calendarPageProblem(period: string): string | null {
  const [first, last] = period.length === 7 ? [FIRST_MONTH, LAST_MONTH] : [FIRST_DAY, LAST_DAY];
  if (period >= first && period <= last) return null;
  return `${period} is outside the calendar: its pages run from ${first} to ${last} (years 0001 to 9999).`;
}
