/**
 * HTML built as text with every value escaped: `html` escapes whatever it interpolates except what `html` itself made
 * (or `Html` values from other builders), so entry text can never become markup.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(value: Part): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => (out += render(value) + (strings[i + 1] ?? '')));
  return new Html(out);
}

export interface PageOptions {
  title: string;
  /** The page (its WebPage name) whose navigation item is marked as current. */
  current?: string;
  /** The navigation, in order (read from WEB_PAGES by page-routes.ts; the web view passes it to every page). */
  nav?: readonly NavItem[];
  /** The search box's text, kept on the search page. */
  query?: string;
  /** Signed in with a session cookie (npm run web): the header offers to sign out. */
  signOut?: boolean;
  /** The path prefix of the journal shown ('' or absent: every journal), kept by the navigation and the search box. */
  at?: string;
  /** The name of the journal shown, in the title; absent: every journal. */
  journal?: string;
  /** The journal switcher's links, when the owner has more than one journal. */
  journals?: JournalLink[];
  /** The caller's form token, sent back by the Sign out form (every POST carries it). */
  csrf?: string;
}

/** One link of the journal switcher: to the same page in another journal (or in all of them). */
export interface JournalLink {
  label: string;
  href: string;
  /** Its entries, as shown ("12 entries", "more than 1,000 entries"). */
  entries: string;
  current: boolean;
}

/** The journals as links, the one shown marked: plain links, so it works without script (and in the Mini App). */
function journalSwitcher(links: readonly JournalLink[]): Html {
  return html`<nav class="journals" aria-label="Journals"><ul>${links.map(
    (l) =>
      html`<li><a href="${l.href}"${l.current ? html` aria-current="page"` : ''}>${l.label} <span class="count">${l.entries}</span></a></li>`,
  )}</ul></nav>`;
}

/** One item of the navigation: a page's name, where it leads within the journal shown, and its label. */
export interface NavItem {
  name: string;
  href: string;
  label: string;
}

/** The page's heading names the journal shown, so no one mistakes one journal's pages for all of them. */
function inJournal(content: Html, journal: string): Html {
  const at = content.text.indexOf('</h1>');
  if (at === -1) return content;
  return new Html(
    `${content.text.slice(0, at)}${html` <small class="in-journal">in ${journal}</small>`.text}${content.text.slice(at)}`,
  );
}

/** A whole page: every asset ours (the CSP allows nothing else), the content in <main>, its h1 focusable. */
export function page(options: PageOptions, content: Html): string {
  return `<!doctype html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${options.title}${options.journal === undefined ? '' : ` · ${options.journal}`} · Journal</title>
<link rel="stylesheet" href="/assets/app.css">
<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
<script src="/assets/app.js" defer></script>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header>
<nav aria-label="Journal">
<ul>${(options.nav ?? []).map((n) => html`<li><a href="${options.at ?? ''}${n.href}"${n.name === options.current ? html` aria-current="page"` : ''}>${n.label}</a></li>`)}${
      options.signOut
        ? html`<li><form class="sign-out" action="/logout" method="post"><input type="hidden" name="csrf" value="${options.csrf ?? ''}"><button type="submit">Sign out</button></form></li>`
        : ''
    }</ul>
</nav>
${options.journals ? journalSwitcher(options.journals) : ''}
<form class="search" role="search" action="${options.at ?? ''}/search" method="get">
<label for="q" class="visually-hidden">Search ${options.journal === undefined ? 'the journal' : `the journal ${options.journal}`}</label>
<input id="q" name="q" type="search" value="${options.query ?? ''}" placeholder="Search: walk, &quot;a phrase&quot;, a OR b, -word">
<button type="submit">Search</button>
</form>
</header>
<main id="content" tabindex="-1">
${options.journal === undefined ? content : inJournal(content, options.journal)}
</main>
</body>
</html>`.text
  }`;
}
