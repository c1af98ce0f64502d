/**
 * The authorization page: a link (and its QR code, for a phone) that opens the bot with a one-time start payload,
 * and a small script from this origin that asks every second whether the owner answered. After Allow it asks for the
 * one-time code the bot showed the owner, and only once that is typed does it go on to the client's redirect URI: an
 * Allow helps only the browser of the person who started the connection. The page's CSP allows nothing else: no
 * inline script, no other origin.
 */
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#222}',
  'a.open{display:inline-block;padding:.6rem 1rem;border-radius:.5rem;background:#2a9df4;color:#fff;text-decoration:none}',
  '.qr svg{width:12rem;height:12rem}',
  '.small{color:#666;font-size:.9rem}',
  '#confirm input{font:1.4rem monospace;letter-spacing:.2rem;width:12rem;text-transform:uppercase}',
].join('');

const styleHash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's Content-Security-Policy: its own style, a script from this origin, fetches to this origin only. */
export const CONSENT_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  `style-src ${styleHash}`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every page and answer of the authorization server carries: never cached, never framed, no referrer. */
export const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface ConsentPage {
  clientName: string;
  redirectHost: string;
  /** https://t.me/<bot>?start=<payload> */
  startLink: string;
  /** Where the script asks whether the owner answered. */
  waitUrl: string;
  /** Where the script sends the one-time code typed in (POST, JSON). */
  confirmUrl: string;
  minutes: number;
}

export async function consentPageHtml(page: ConsentPage): Promise<string> {
  const qr = await QRCode.toString(page.startLink, { type: 'svg', margin: 1 });
  const name = escapeHtml(page.clientName);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Connect ${name} to your journal</title><style>${STYLE}</style>
<script src="/oauth/consent.js" defer></script></head>
<body><main data-wait="${escapeHtml(page.waitUrl)}" data-confirm="${escapeHtml(page.confirmUrl)}">
<h1>Connect ${name} to your journal</h1>
<p><strong>${name}</strong> asks to read your journal and will return to <strong>${escapeHtml(page.redirectHost)}</strong>.
You approve it in Telegram, in your journal bot's chat.</p>
<p><a class="open" id="start-link" href="${escapeHtml(page.startLink)}">Open the bot in Telegram</a></p>
<p class="small">On another device? Scan this with your phone's camera:</p>
<div class="qr" aria-label="QR code of the link above">${qr}</div>
<p id="status" role="status">Waiting for your answer in Telegram…</p>
<form id="confirm" hidden><label for="code">Code from the bot:</label>
<input id="code" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" maxlength="16" required>
<button type="submit">Continue</button></form>
<p class="small">The link works once, for ${page.minutes} minutes. After you tap Allow, the bot shows you a code: type it here.
This is how the journal knows the connection is the one you started, in this browser.</p>
</main></body></html>`;
}

export function messagePageHtml(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
}

/**
 * The page's script. Each answer of the wait and confirm URLs is `{ message?, location?, confirm?, done? }`: a
 * message to show, a URL to go on to (the client's redirect URI, with the code or the error), the form for the
 * one-time code, or the end of waiting.
 */
export const CONSENT_SCRIPT = `'use strict';
(function () {
  var main = document.querySelector('main[data-wait]');
  var status = document.getElementById('status');
  var form = document.getElementById('confirm');
  var input = document.getElementById('code');
  if (!main || !status || !form || !input) return;
  var wait = main.getAttribute('data-wait');
  var confirmUrl = main.getAttribute('data-confirm');
  function handle(answer, again) {
    if (answer.message) status.textContent = answer.message;
    if (answer.location) return window.location.replace(answer.location);
    if (answer.done) { form.hidden = true; return; }
    if (answer.confirm) { form.hidden = false; input.disabled = false; input.focus(); return; }
    setTimeout(again, 1000);
  }
  function check() {
    fetch(wait, { cache: 'no-store', credentials: 'same-origin' })
      .then(function (res) { return res.json(); })
      .then(function (answer) { handle(answer, check); })
      .catch(function () { setTimeout(check, 2000); });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    input.disabled = true;
    fetch(confirmUrl, { method: 'POST', cache: 'no-store', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: input.value }) })
      .then(function (res) { return res.json(); })
      .then(function (answer) { input.value = ''; handle(answer, check); })
      .catch(function () { input.disabled = false; status.textContent = 'The journal did not answer; try again.'; });
  });
  setTimeout(check, 1000);
})();
`;
