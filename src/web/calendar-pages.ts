/**
 * The calendar's pages: a year (its months as small tables, days shaded by entries or coloured by mood) and a month.
 * `to.at` keeps the journal shown (journal-paths.ts).
 */
import { dayTitle } from '../journal/dates/calendar-day.ts';
import { monthSpan, monthTitle, monthsOf, shiftMonth, weekColumns, yearSpan } from '../journal/dates/calendar-spans.ts';
import { html, type Html } from './html.ts';
import type { PageLinks } from './journal-paths.ts';
import { plural } from './pages.ts';
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

/** 0 for no entries, else 1..4 by the share of the busiest day (as the stats picture shades). */
function level(entries: number, busiest: number): number {
  if (entries <= 0 || busiest <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((4 * entries) / busiest)));
}

/** One month as a table: a row per week, Monday first; a day with entries links to its page. With `moods`, days are
 * coloured by their mood (1 to 5) instead of their number of entries. */
interface MonthTable {
  month: string;
  counts: Map<string, number>;
  /** The most entries on one day of the year shown: the darkest shade. */
  busiest: number;
  /** Each day's number of entries written in it (the month alone, or this month above the year). */
  showCounts: boolean;
  moods?: Map<string, number>;
  today?: string;
}

function monthTable(to: PageLinks, { month, counts, busiest, showCounts, moods, today }: MonthTable): Html {
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

/** Every year with entries, newest first, as links (the year shown marked): older years are a tap away. */
function yearLinks(to: PageLinks, year: number, years: readonly number[], by: string): Html | '' {
  if (years.length === 0 || (years.length === 1 && years[0] === year)) return '';
  return html`<nav class="years" aria-label="Years with entries"><span class="count">Years with entries:</span> ${years.map(
    (y) =>
      y === year
        ? html`<a href="${to.at}/?year=${y}${by}" aria-current="page">${y}</a> `
        : html`<a href="${to.at}/?year=${y}${by}">${y}</a> `,
  )}</nav>`;
}

/**
 * The year's calendar, its days shaded by entries, or with `moods` (`/?by=mood`) coloured by the day's mood; an empty
 * year says where the nearest entries are.
 */
export interface CalendarPage {
  year: number;
  /** Entries per local day of the year. */
  counts: Map<string, number>;
  /** Where the nearest entries are, for an empty year. */
  nearest?: NearestDays | null;
  /** Each day's mood (1 to 5), when the page is coloured by mood. */
  moods?: Map<string, number>;
  today?: string;
  /** The years with entries, for the year links. */
  years?: readonly number[];
}

export function calendarPage(
  to: PageLinks,
  { year, counts, nearest = null, moods, today, years = [] }: CalendarPage,
): Html {
  const busiest = Math.max(0, ...counts.values());
  const entries = [...counts.values()].reduce((a, b) => a + b, 0);
  const by = moods ? '&by=mood' : '';
  const latest = [...counts.keys()].sort().at(-1)?.slice(0, 7) ?? null;
  const mean = moods && moods.size > 0 ? [...moods.values()].reduce((a, b) => a + b, 0) / moods.size : null;
  // This year's page opens on this month, large, with today marked, another year's on its latest month with entries:
  // on a phone it is on the first screen, and the year's twelve months follow below it.
  const thisYear = today?.startsWith(String(year)) === true;
  const thisMonth = thisYear ? today.slice(0, 7) : latest;
  return html`<h1>${year}</h1>
<p class="pager"><a href="${to.at}/?year=${year - 1}${by}" rel="prev">← ${year - 1}</a> <a href="${to.at}/?year=${year + 1}${by}" rel="next">${year + 1} →</a></p>
${yearLinks(to, year, years, by)}
${nearest ? nearestText(to, nearest) : html`<p>${plural(entries, 'entry', 'entries')} on ${plural(counts.size, 'day')}${moods ? `; a mood on ${plural(moods.size, 'day')}${mean === null ? '' : `, ${mean.toFixed(1)} on average`}` : ''}. Pick a day to read it.</p>`}
<p class="colour-by">Colour days by: ${moods ? html`<a href="${to.at}/?year=${year}">entries</a> · <strong>mood</strong>` : html`<strong>entries</strong> · <a href="${to.at}/?year=${year}&amp;by=mood">mood</a>`}</p>
${moods ? moodLegend() : legend()}
${thisMonth ? html`<section class="this-month" aria-label="${thisYear ? 'This month' : 'The latest month with entries'}">${monthTable(to, { month: thisMonth, counts, busiest, showCounts: true, moods, today })}</section>` : ''}
<div class="year">${monthsOf(yearSpan(year)).map((m) => monthTable(to, { month: m, counts, busiest, showCounts: false, moods, today }))}</div>`;
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
${monthTable(to, { month, counts, busiest, showCounts: true, today })}`;
}
