/**
 * The pages' content, server-rendered: day, search, on this day, and the errors (the calendar's in
 * calendar-pages.ts, an entry's and the writing forms in entry-pages.ts), and the parts every list of entries shares
 * (entryCard's card, pagedList). The routes that answer with them are the pages' modules, pages/.
 * `to.at` is the path prefix of the journal the pages show ('' every journal, `/journal/<name>` one:
 * journal-paths.ts): every link a page makes keeps it, so browsing stays in the journal chosen.
 */
import { dayTitle } from '../journal/dates/calendar-day.ts';
import { monthTitle } from '../journal/dates/calendar-spans.ts';
import { entryMarkdown } from './entry-markdown.ts';
import { html, type Html } from './html.ts';
import type { PageLinks } from './journal-paths.ts';
import { mediaPath, THUMBNAIL_LONG_EDGE, thumbnailPath } from './media-route.ts';
import { scaledSize } from '../journal/media/scaled-image.ts';
import { searchExcerpt } from './search-excerpt.ts';
import { moodPanel } from './mood-panel.ts';
import type { EntryList, ListedEntry, ListOrder } from './web-journal.ts';

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function entryMeta(to: PageLinks, entry: ListedEntry, withDate: boolean): Html {
  return html`<p class="meta">${withDate ? html`<a href="${to.at}/day/${entry.date}">${entry.date}</a> ` : ''}<time datetime="${entry.date}T${entry.time}">${entry.time}</time>${
    entry.starred
      ? html` <span class="starred" title="Starred"><span aria-hidden="true">★</span><span class="visually-hidden">Starred</span></span>`
      : ''
  }${entry.media && entry.media !== entry.content.trim() && !allMediaShown(entry) ? html` <span class="media">${entry.media}</span>` : ''}${
    entry.place || entry.coordinates ? html` ${placeShown(entry)}` : ''
  }${entry.weather ? html` <span class="weather"><span class="visually-hidden">Weather: </span>${entry.weather}</span>` : ''}${entry.tags.map(
    (t) => html` <a class="tag" href="${to.at}/tags/${encodeURIComponent(t)}">#${t}</a>`,
  )}</p>`;
}

/**
 * Where an entry was written: the place's names, and with its coordinates a link to them on OpenStreetMap's site
 * (a link only: the page loads no map, so no tile server is needed and the CSP stays 'self').
 */
function placeShown(entry: ListedEntry): Html {
  const at = entry.coordinates;
  const map = at
    ? html` <a class="map" href="https://www.openstreetmap.org/?mlat=${at.latitude.toFixed(5)}&amp;mlon=${at.longitude.toFixed(5)}#map=16/${at.latitude.toFixed(5)}/${at.longitude.toFixed(5)}" target="_blank" rel="noopener noreferrer" title="${at.latitude.toFixed(5)}, ${at.longitude.toFixed(5)}">${entry.place ? 'map' : 'on a map'}</a>`
    : '';
  return html`<span class="place"><span class="visually-hidden">Place: </span>${entry.place ?? ''}${map}</span>`;
}

/** Every medium of the entry is kept, so the page shows each one itself and no "[photo]" label stands for it. */
const allMediaShown = (entry: ListedEntry): boolean =>
  entry.items.length > 0 && entry.items.every((m) => m.state === 'kept' && m.sha256 !== null);

/** The entry's text, unless it is only the label of media the page shows ("[photo]" above the photo itself). */
export const shownText = (entry: ListedEntry): string | null =>
  allMediaShown(entry) && entry.media !== null && entry.content.trim() === entry.media ? null : entry.content;

/** How wide a photo is shown in a page: the thumbnail route's 640 px serve it sharp on a phone at twice its pixels. */
export const PHOTO_DISPLAY_EDGE = 320;
/** A search result's photos are small: many results, each a line of text, a picture only to recognise it by. */
const SEARCH_PHOTO_EDGE = 120;

/**
 * The entry's kept media in the page: photos inline as thumbnails (lazy) linking to the whole photo, voice notes and
 * audio to play, videos, files to download. Media are the owner's in every journal: their paths take no prefix.
 */
export function mediaShown(to: PageLinks, entry: ListedEntry, edge: number = PHOTO_DISPLAY_EDGE): Html | '' {
  const kept = entry.items.filter((m) => m.state === 'kept' && m.sha256 !== null);
  if (kept.length === 0) return '';
  const one = (m: ListedEntry['items'][number]) => {
    const src = `${mediaPath(m.sha256!)}${to.mediaQuery(m.sha256!)}`;
    if (m.kind === 'photo') {
      const size = m.width && m.height ? scaledSize(m.width, m.height, Math.min(edge, THUMBNAIL_LONG_EDGE)) : null;
      return html`<a class="photo" href="${src}"><img src="${thumbnailPath(m.sha256!)}${to.mediaQuery(m.sha256!)}" alt="Photo of the entry" loading="lazy"${size ? html` width="${size.width}" height="${size.height}"` : ''}></a>`;
    }
    if (m.kind === 'voice_note' || m.kind === 'audio')
      return html`<audio controls preload="none" src="${src}"></audio>`;
    if (m.kind === 'video' || m.kind === 'video_note' || m.kind === 'animation')
      return html`<video controls preload="none" src="${src}"></video>`;
    return html`<a href="${src}" download="${m.fileName ?? 'file'}">${m.fileName ?? 'file'}</a>`;
  };
  return html`<div class="media-items${edge < PHOTO_DISPLAY_EDGE ? ' small' : ''}">${kept.map(one)}</div>`;
}

/** An entry in a list: its Markdown formatted, or for a search's results a short excerpt with the matches marked. */
function entryCard(to: PageLinks, entry: ListedEntry, withDate: boolean, query?: string): Html {
  return html`<article class="entry" aria-labelledby="entry-${entry.id}">
<h2 id="entry-${entry.id}" class="visually-hidden">Entry at ${entry.date} ${entry.time}</h2>
${entryMeta(to, entry, withDate)}
${shownText(entry) === null ? '' : query === undefined ? html`<div class="content md">${entryMarkdown(entry.cut ? `${entry.content}…` : entry.content)}</div>` : html`<p class="excerpt">${searchExcerpt(entry.content, query)}</p>`}
${mediaShown(to, entry, query === undefined ? PHOTO_DISPLAY_EDGE : SEARCH_PHOTO_EDGE)}
<p class="open"><a href="${to.at}/entry/${entry.id}">Open entry${entry.revisions > 0 ? ` (${plural(entry.revisions, 'earlier version')})` : ''}${entry.cut ? ' to read it all' : ''}</a></p>
</article>`;
}

export interface DayPage {
  date: string;
  entries: ListedEntry[];
  /** The days the pager leads to. */
  around: { previous: string; next: string };
  mood: number | null;
  /** What the last form did ("The mood of this day was set."). */
  notice?: string;
}

export function dayPage(to: PageLinks, { date, entries, around, mood, notice }: DayPage): Html {
  return html`<h1>${dayTitle(date)}</h1>
<p class="pager"><a href="${to.at}/day/${around.previous}" rel="prev">← Previous day</a> <a href="${to.at}/month/${date.slice(0, 7)}">${monthTitle(date.slice(0, 7))}</a> <a href="${to.at}/day/${around.next}" rel="next">Next day →</a></p>
${notice ? html`<p role="status" class="notice">${notice}</p>` : ''}
${moodPanel(to, date, mood)}
${entries.length === 0 ? html`<p>Nothing written on this day.</p>` : html`<p>${plural(entries.length, 'entry', 'entries')}.</p>${entries.map((e) => entryCard(to, e, false))}`}`;
}

/** The order a page's `?order=` asks for: `fallback` (newest first, or a search's best matches) unless it names another. */
export function listOrder(url: URL, fallback: ListOrder = 'newest'): ListOrder {
  const asked = url.searchParams.get('order');
  return asked === 'oldest' || asked === 'newest' || (asked === 'best' && fallback === 'best') ? asked : fallback;
}

const ORDER_NAMES: Record<ListOrder, string> = { best: 'best matches', newest: 'newest first', oldest: 'oldest first' };
const chosen = (o: ListOrder) => ORDER_NAMES[o].charAt(0).toUpperCase() + ORDER_NAMES[o].slice(1);

export interface PagedList {
  found: EntryList;
  offset: number;
  pageSize: number;
  /** The link to the page from `offset` in `order`. */
  href: (offset: number, order: ListOrder) => string;
  order: ListOrder;
  /** A search's words: marked in the entries, and "best matches" offered as an order. */
  query?: string;
}

/** A page of a list of entries: the total, the orders to choose from, the entries and the links to the pages around. */
export function pagedList(to: PageLinks, { found, offset, pageSize, href, order, query }: PagedList): Html {
  const nextHref = (o: number) => href(o, order);
  const shownTo = offset + found.entries.length;
  const total = found.moreThanTotal
    ? `More than ${plural(found.total, 'entry', 'entries')}`
    : plural(found.total, 'entry', 'entries');
  const more = found.moreThanTotal ? found.entries.length === pageSize : shownTo < found.total;
  // An offset past the end (a hand-made link) shows none and leads back to the last page, not "5001–5000 shown".
  const shown =
    found.entries.length > 0
      ? `, ${offset + 1}–${shownTo} shown`
      : offset > 0 && found.total > 0
        ? `, none from ${offset + 1} on`
        : '';
  // A search offers its best matches first beside the two date orders; other lists only the date orders.
  const choices: ListOrder[] = query === undefined ? ['newest', 'oldest'] : ['best', 'newest', 'oldest'];
  const orders = html`<p class="order">${choices.map(
    (o, i) =>
      html`${i > 0 ? ' · ' : ''}${o === order ? html`<strong>${chosen(o)}</strong>` : html`<a href="${href(0, o)}">${ORDER_NAMES[o]}</a>`}`,
  )}</p>`;
  return html`<p>${total}${shown}.</p>
${found.total > 1 ? orders : ''}
${found.entries.map((e) => entryCard(to, e, true, query))}
<p class="pager">${offset > 0 ? html`<a href="${nextHref(Math.max(0, Math.min(offset, found.total) - pageSize))}" rel="prev">← Earlier</a>` : ''} ${
    more ? html`<a href="${nextHref(shownTo)}" rel="next">More →</a>` : ''
  }</p>`;
}

export const SEARCH_HELP =
  'Words find entries holding any of them, in any form (walk finds walked), best matches first; "a phrase" in quotes; +word must appear; -word leaves out; walk* finds words starting with walk.';

export function searchPage(
  to: PageLinks,
  query: string,
  result: { found: EntryList; offset: number; pageSize: number; order: ListOrder } | { problem: string } | null,
): Html {
  const heading = query === '' ? 'Search' : `Search: ${query}`;
  if (result === null) return html`<h1>${heading}</h1><p>${SEARCH_HELP}</p>`;
  if ('problem' in result)
    return html`<h1>${heading}</h1><p role="alert" class="error">${result.problem}</p><p>${SEARCH_HELP}</p>`;
  const range = result.found.range;
  const within = range
    ? html`<p class="range">${range.words}: ${range.from === range.to ? range.from : `${range.from} to ${range.to}`}, ${result.found.moreThanTotal ? 'more than ' : ''}${plural(result.found.total, 'entry', 'entries')}</p>`
    : '';
  return html`<h1>${heading}</h1>${within}${pagedList(to, { ...result, href: (o, order) => `${to.at}/search?q=${encodeURIComponent(query)}&offset=${o}${order === 'best' ? '' : `&order=${order}`}`, query })}`;
}

export function onThisDayPage(to: PageLinks, date: string, found: EntryList): Html {
  const monthDay = date.slice(5);
  const years = [...new Set(found.entries.map((e) => e.date.slice(0, 4)))].sort().reverse();
  return html`<h1>On this day: ${monthDay}</h1>
<form class="inline" action="${to.at}/onthisday" method="get"><label for="date">Another day</label> <input id="date" name="date" type="date" value="${date}"> <button type="submit">Show</button></form>
${
  found.total === 0
    ? html`<p>Nothing written on ${monthDay} (MM-DD) in any year yet.</p>`
    : html`<p>${plural(found.total, 'entry', 'entries')} from ${plural(years.length, 'year')}.</p>${years.map(
        (y) =>
          html`<section><h2>${y}</h2>${found.entries.filter((e) => e.date.startsWith(y)).map((e) => entryCard(to, e, true))}</section>`,
      )}`
}`;
}

export function messagePage(title: string, text: string): Html {
  return html`<h1>${title}</h1><p>${text}</p>`;
}

export const SIGN_IN_TEXT =
  "This journal is private. Open it from the bot's menu button in Telegram, or run npm run web on the computer that keeps the journal and open the link it prints.";
