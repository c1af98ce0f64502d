/**
 * The pages to live in beside the calendar: the Timeline (entries newest first across days, their photos as
 * thumbnails) and Photos (every kept photo of the journal in a grid, newest first, each opening its entry).
 */
import { dayTitle } from '../journal/dates/calendar-day.ts';
import type { ListedPhoto } from '../journal/media/photo-queries.ts';
import { scaledSize } from '../journal/media/scaled-image.ts';
import { entryMarkdown } from './entry-markdown.ts';
import { html, type Html } from './html.ts';
import type { PageLinks } from './journal-paths.ts';
import { thumbnailPath } from './media-route.ts';
import { mediaShown, shownText } from './pages.ts';
import type { TimelinePage } from './timeline.ts';
import type { ListedEntry } from './web-journal.ts';

/** A photo's tile in the grid: small, square-ish, from the thumbnail route. */
const TILE_EDGE = 160;

export function timelinePage(to: PageLinks, page: TimelinePage<ListedEntry>, first: boolean): Html {
  if (page.entries.length === 0)
    return html`<h1>Timeline</h1><p>${first ? 'No entries yet: write to the bot, or import a journal.' : 'No earlier entries.'}</p>`;
  const days = [...new Set(page.entries.map((e) => e.date))];
  return html`<h1>Timeline</h1>
<p>Newest first.${first ? '' : html` <a href="${to.at}/timeline">Back to the latest</a>`}</p>
${days.map(
  (day) =>
    html`<section class="timeline-day" aria-labelledby="t-${day}"><h2 id="t-${day}"><a href="${to.at}/day/${day}">${dayTitle(day)}</a></h2>${page.entries
      .filter((e) => e.date === day)
      .map(
        (
          e,
        ) => html`<article class="entry"><p class="meta"><a href="${to.at}/entry/${e.id}"><time datetime="${e.date}T${e.time}">${e.time}</time></a>${e.tags.map((t) => html` <a class="tag" href="${to.at}/tags/${encodeURIComponent(t)}">#${t}</a>`)}</p>
${shownText(e) === null ? '' : html`<div class="content md">${entryMarkdown(e.cut ? `${e.content}…` : e.content)}</div>`}${mediaShown(to, e)}</article>`,
      )}</section>`,
)}
${page.next ? html`<p class="pager"><a href="${to.at}/timeline?before=${page.next}" rel="next">Earlier →</a></p>` : ''}`;
}

export function photosPage(to: PageLinks, photos: ListedPhoto[], offset: number, pageSize: number): Html {
  if (photos.length === 0 && offset === 0)
    return html`<h1>Photos</h1><p>No photos yet: send the bot a photo, or import a journal with its pictures.</p>`;
  return html`<h1>Photos</h1>
<p>Newest first${offset > 0 ? `, from the ${offset + 1}th` : ''}. Each opens its entry.</p>
<ul class="photo-grid">${photos.map((p) => {
    const size = p.width && p.height ? scaledSize(p.width, p.height, TILE_EDGE) : null;
    return html`<li><a href="${to.at}/entry/${p.entryId}" title="${dayTitle(p.day)}, ${p.time}"><img src="${thumbnailPath(p.sha256)}${to.mediaQuery(p.sha256)}" alt="Photo of ${dayTitle(p.day)}, ${p.time}" loading="lazy"${size ? html` width="${size.width}" height="${size.height}"` : ''}></a></li>`;
  })}</ul>
<p class="pager">${offset > 0 ? html`<a href="${to.at}/photos?offset=${Math.max(0, offset - pageSize)}" rel="prev">← Newer</a>` : ''} ${
    photos.length === pageSize ? html`<a href="${to.at}/photos?offset=${offset + pageSize}" rel="next">Older →</a>` : ''
  }</p>`;
}
