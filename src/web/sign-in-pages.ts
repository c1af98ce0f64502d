/** What the sign-in pages say: a login link that no longer works (used, or expired), and how to get a new one. */
import { html, type Html } from './html.ts';

/** How to get a new login link without restarting anything (docs/web.md, "On your own computer"). */
export const NEW_LINK_TEXT =
  'For a new login link, send /web to the bot, or run npm run web -- --link on the computer where npm run web runs (it keeps running).';

/** The page a login link answers once it no longer signs in: why, and what to do. */
export function loginRefusedPage(why: 'used' | 'unknown'): Html {
  if (why === 'used')
    return html`<h1>This login link was already used</h1>
<p>A login link works once: the first opening signed a browser in. If that was not you, a link preview may have opened it (a chat app or a browser fetching the page to show its preview).</p>
<p>${NEW_LINK_TEXT}</p>`;
  return html`<h1>This login link does not work</h1>
<p>It has expired (a link works for 10 minutes) or was made for another run of npm run web.</p>
<p>${NEW_LINK_TEXT}</p>`;
}
