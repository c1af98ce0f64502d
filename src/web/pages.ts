/**
 * The pages' content, server-rendered: calendar, month, day, search, tags, on this day, entry, Forget, and the errors.
 * `to.at` is the path prefix of the journal the pages show ('' every journal, `/journal/<name>` one:
 * journal-paths.ts): every link a page makes keeps it, so browsing stays in the journal chosen.
 */
import { dayTitle } from '../journal/dates/calendar-day.ts';
import { monthSpan, monthTitle, monthsOf, shiftMonth, weekColumns, yearSpan } from '../journal/dates/calendar-spans.ts';
import { entryMarkdown } from './entry-markdown.ts';
import { html, type Html } from './html.ts';
import type { PageLinks } from './journal-paths.ts';
import { mediaPath, THUMBNAIL_LONG_EDGE, thumbnailPath } from './media-route.ts';
import { scaledSize } from '../journal/media/scaled-image.ts';
import { searchExcerpt } from './search-excerpt.ts';
import type { EntryList, FullEntry, ListedEntry } from './web-journal.ts';
import type { NearestDays } from './web-journal-port.ts';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 0 for no entries, else 1..4 by the share of the busiest day (as the stats picture shades). */
function level(entries: number, busiest: number): number {
  if (entries <= 0 || busiest <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((4 * entries) / busiest)));
}

/** One month as a table: a row per week, Monday first; a day with entries links to its page. With `moods`, days are
 * coloured by their mood (1 to 5) instead of their number of entries. */
function monthTable(
  to: PageLinks,
  month: string,
  counts: Map<string, number>,
  busiest: number,
  showCounts: boolean,
  moods?: Map<string, number>,
  today?: string,
): Html {
  const weeks = weekColumns(monthSpan(month));
  return html`<table class="month${showCounts ? ' large' : ''}">
<caption><a href="${to.at}/month/${month}">${monthTitle(month)}</a></caption>
<thead><tr>${WEEKDAYS.map(([short, long]) => html`<th scope="col"><abbr title="${long}">${showCounts ? short : short.slice(0, 1)}</abbr></th>`)}</tr></thead>
<tbody>${weeks.map(
    (week) =>
      html`<tr>${week.map((day) => {
        if (day === null) return html`<td></td>`;
        const n = counts.get(day) ?? 0;
        const number = Number(day.slice(8));
        const mood = moods?.get(day);
        const label = `${dayTitle(day)}: ${plural(n, 'entry', 'entries')}${mood === undefined ? '' : `, mood ${mood} of 5`}`;
        const shade = moods ? (mood === undefined ? 'l0' : `m${mood}`) : `l${level(n, busiest)}`;
        // Today is marked for eyes (the outline) and for screen readers (aria-current), with or without entries.
        const current = day === today ? html` aria-current="date"` : '';
        return n > 0
          ? html`<td><a class="${shade}" href="${to.at}/day/${day}" aria-label="${day === today ? `Today, ${label}` : label}" title="${label}"${current}>${number}${showCounts ? html`<small>${n}</small>` : ''}</a></td>`
          : html`<td><span class="${moods ? shade : 'l0'}" title="${label}"${current}>${number}</span></td>`;
      })}</tr>`,
  )}</tbody>
</table>`;
}

function legend(): Html {
  return html`<p class="legend" aria-hidden="true">Fewer <span class="l0"></span><span class="l1"></span><span class="l2"></span><span class="l3"></span><span class="l4"></span> More entries</p>`;
}

/** Where the entries nearest to an empty year are, as links to their years and days. */
function nearestText(to: PageLinks, nearest: NearestDays): Html {
  const link = (day: string) =>
    html`<a href="${to.at}/?year=${day.slice(0, 4)}">${day.slice(0, 4)}</a> (the last on <a href="${to.at}/day/${day}">${dayTitle(day)}</a>)`;
  const first = (day: string) =>
    html`<a href="${to.at}/?year=${day.slice(0, 4)}">${day.slice(0, 4)}</a> (the first on <a href="${to.at}/day/${day}">${dayTitle(day)}</a>)`;
  if (nearest.before === null && nearest.after === null)
    return html`<p>No entries yet: write to the bot, or import a journal.</p>`;
  const parts = [
    nearest.before === null ? null : html`before it in ${link(nearest.before)}`,
    nearest.after === null ? null : html`after it in ${first(nearest.after)}`,
  ].filter((p) => p !== null);
  return html`<p>No entries this year. The nearest are ${parts.length === 2 ? html`${parts[0]}, and ${parts[1]}` : parts[0]}.</p>`;
}

function moodLegend(): Html {
  return html`<p class="legend" aria-hidden="true">Mood 1 <span class="m1"></span><span class="m2"></span><span class="m3"></span><span class="m4"></span><span class="m5"></span> 5 <span class="l0"></span> none set</p>`;
}

/**
 * The year's calendar, its days shaded by entries, or with `moods` (`/?by=mood`) coloured by the day's mood; an empty
 * year says where the nearest entries are.
 */
export function calendarPage(
  to: PageLinks,
  year: number,
  counts: Map<string, number>,
  nearest: NearestDays | null = null,
  moods?: Map<string, number>,
  today?: string,
): Html {
  const busiest = Math.max(0, ...counts.values());
  const entries = [...counts.values()].reduce((a, b) => a + b, 0);
  const by = moods ? '&by=mood' : '';
  const mean = moods && moods.size > 0 ? [...moods.values()].reduce((a, b) => a + b, 0) / moods.size : null;
  // This year's page opens on this month, large, with today marked: on a phone it is on the first screen, and the
  // year's twelve months follow below it.
  const thisMonth = today?.startsWith(String(year)) ? today.slice(0, 7) : null;
  return html`<h1>${year}</h1>
<p class="pager"><a href="${to.at}/?year=${year - 1}${by}" rel="prev">← ${year - 1}</a> <a href="${to.at}/?year=${year + 1}${by}" rel="next">${year + 1} →</a></p>
${nearest ? nearestText(to, nearest) : html`<p>${plural(entries, 'entry', 'entries')} on ${plural(counts.size, 'day')}${moods ? `; a mood on ${plural(moods.size, 'day')}${mean === null ? '' : `, ${mean.toFixed(1)} on average`}` : ''}. Pick a day to read it.</p>`}
<p class="colour-by">Colour days by: ${moods ? html`<a href="${to.at}/?year=${year}">entries</a> · <strong>mood</strong>` : html`<strong>entries</strong> · <a href="${to.at}/?year=${year}&amp;by=mood">mood</a>`}</p>
${moods ? moodLegend() : legend()}
${thisMonth ? html`<section class="this-month" aria-label="This month">${monthTable(to, thisMonth, counts, busiest, true, moods, today)}</section>` : ''}
<div class="year">${monthsOf(yearSpan(year)).map((m) => monthTable(to, m, counts, busiest, false, moods, today))}</div>`;
}

export function monthPage(to: PageLinks, month: string, counts: Map<string, number>, today?: string): Html {
  const busiest = Math.max(0, ...counts.values());
  const entries = [...counts.values()].reduce((a, b) => a + b, 0);
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return html`<h1>${monthTitle(month)}</h1>
<p class="pager"><a href="${to.at}/month/${previous}" rel="prev">← ${monthTitle(previous)}</a> <a href="${to.at}/?year=${month.slice(0, 4)}">Year ${month.slice(0, 4)}</a> <a href="${to.at}/month/${next}" rel="next">${monthTitle(next)} →</a></p>
<p>${plural(entries, 'entry', 'entries')} on ${plural(counts.size, 'day')}.</p>
${legend()}
${monthTable(to, month, counts, busiest, true, undefined, today)}`;
}

function entryMeta(to: PageLinks, entry: ListedEntry, withDate: boolean): Html {
  return html`<p class="meta">${withDate ? html`<a href="${to.at}/day/${entry.date}">${entry.date}</a> ` : ''}<time datetime="${entry.date}T${entry.time}">${entry.time}</time>${
    entry.starred
      ? html` <span class="starred" title="Starred"><span aria-hidden="true">★</span><span class="visually-hidden">Starred</span></span>`
      : ''
  }${entry.media && entry.media !== entry.content.trim() && !allMediaShown(entry) ? html` <span class="media">${entry.media}</span>` : ''}${
    entry.place ? html` <span class="place"><span class="visually-hidden">Place: </span>${entry.place}</span>` : ''
  }${entry.weather ? html` <span class="weather"><span class="visually-hidden">Weather: </span>${entry.weather}</span>` : ''}${entry.tags.map(
    (t) => html` <a class="tag" href="${to.at}/tags/${encodeURIComponent(t)}">#${t}</a>`,
  )}</p>`;
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

export function dayPage(
  to: PageLinks,
  date: string,
  entries: ListedEntry[],
  around: { previous: string; next: string },
  notice?: string,
): Html {
  return html`<h1>${dayTitle(date)}</h1>
<p class="pager"><a href="${to.at}/day/${around.previous}" rel="prev">← Previous day</a> <a href="${to.at}/month/${date.slice(0, 7)}">${monthTitle(date.slice(0, 7))}</a> <a href="${to.at}/day/${around.next}" rel="next">Next day →</a></p>
${notice ? html`<p role="status" class="notice">${notice}</p>` : ''}
${entries.length === 0 ? html`<p>Nothing written on this day.</p>` : html`<p>${plural(entries.length, 'entry', 'entries')}.</p>${entries.map((e) => entryCard(to, e, false))}`}`;
}

function pagedList(
  to: PageLinks,
  found: EntryList,
  offset: number,
  pageSize: number,
  nextHref: (offset: number) => string,
  query?: string,
): Html {
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
  return html`<p>${total}${shown}.</p>
${found.entries.map((e) => entryCard(to, e, true, query))}
<p class="pager">${offset > 0 ? html`<a href="${nextHref(Math.max(0, Math.min(offset, found.total) - pageSize))}" rel="prev">← Earlier</a>` : ''} ${
    more ? html`<a href="${nextHref(shownTo)}" rel="next">More →</a>` : ''
  }</p>`;
}

export const SEARCH_HELP =
  'Words find entries holding all of them; "a phrase" in quotes; a OR b; -word leaves out; walk* finds walked, walking.';

export function searchPage(
  to: PageLinks,
  query: string,
  result: { found: EntryList; offset: number; pageSize: number } | { problem: string } | null,
): Html {
  const heading = query === '' ? 'Search' : `Search: ${query}`;
  if (result === null) return html`<h1>${heading}</h1><p>${SEARCH_HELP}</p>`;
  if ('problem' in result)
    return html`<h1>${heading}</h1><p role="alert" class="error">${result.problem}</p><p>${SEARCH_HELP}</p>`;
  return html`<h1>${heading}</h1>${pagedList(to, result.found, result.offset, result.pageSize, (o) => `${to.at}/search?q=${encodeURIComponent(query)}&offset=${o}`, query)}`;
}

export function tagsPage(to: PageLinks, tags: { tag: string; entries: number }[], distinct: number): Html {
  if (tags.length === 0) return html`<h1>Tags</h1><p>No #tags yet: write one in an entry, e.g. #walk.</p>`;
  return html`<h1>Tags</h1>
<p>${plural(distinct, 'tag')}${distinct > tags.length ? `, the ${tags.length} most used shown` : ''}.</p>
<ul class="tags">${tags.map((t) => html`<li><a href="${to.at}/tags/${encodeURIComponent(t.tag)}">#${t.tag}</a> <span class="count">${plural(t.entries, 'entry', 'entries')}</span></li>`)}</ul>`;
}

export function taggedPage(to: PageLinks, tag: string, found: EntryList, offset: number, pageSize: number): Html {
  return html`<h1>#${tag}</h1>${pagedList(to, found, offset, pageSize, (o) => `${to.at}/tags/${encodeURIComponent(tag)}?offset=${o}`)}`;
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

export function entryPage(to: PageLinks, entry: FullEntry): Html {
  return html`<h1>${dayTitle(entry.date)}, ${entry.time}</h1>
${entryMeta(to, entry, true)}
${entry.prompt === undefined ? '' : html`<p class="prompt">Answering: <q>${entry.prompt}</q></p>`}
${shownText(entry) === null ? '' : html`<div class="content md whole">${entryMarkdown(entry.content)}</div>`}
${mediaShown(to, entry)}
<section aria-labelledby="history"><h2 id="history">Earlier versions</h2>${
    entry.history.length === 0
      ? html`<p>None: this entry was never edited.</p>`
      : html`<ol class="history">${entry.history.map((r) => html`<li><p class="meta">Replaced <time datetime="${r.replacedAt}">${r.replacedAt.slice(0, 16).replace('T', ' ')} UTC</time></p><div class="content">${r.content}</div></li>`)}</ol>`
  }</section>
<p><a class="danger" href="${to.at}/entry/${entry.id}/forget">Forget this entry…</a></p>`;
}

export function forgetConfirmPage(to: PageLinks, entry: FullEntry): Html {
  return html`<h1>Forget this entry?</h1>
<p>The entry of ${entry.date} ${entry.time}${entry.history.length ? ` and its ${plural(entry.history.length, 'earlier version')}` : ''} will be deleted from the journal for good. Backups and exports made before keep their copy.</p>
<blockquote class="content">${entry.content.length > 300 ? `${entry.content.slice(0, 300)}…` : entry.content}</blockquote>
<form method="post" action="${to.at}/entry/${entry.id}/forget"><button type="submit" class="danger">Forget for good</button> <a href="${to.at}/entry/${entry.id}">Keep it</a></form>`;
}

export function messagePage(title: string, text: string): Html {
  return html`<h1>${title}</h1><p>${text}</p>`;
}

export const SIGN_IN_TEXT =
  "This journal is private. Open it from the bot's menu button in Telegram, or run npm run web on the computer that keeps the journal and open the link it prints.";
