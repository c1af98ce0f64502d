/**
 * The stats picture as SVG: a calendar heatmap (a square per day, month labels), the streaks, entries per month and
 * the top tags; or, for the digest's week, seven day squares. The picture carries its own light card, so it reads
 * the same in Telegram's light and dark themes; the shades step in lightness, not only in hue.
 */
import type { JournalStats } from './journal-stats.ts';
import { weekColumns, weekdayIndex } from '../journal/dates/calendar-spans.ts';

export const COLORS = {
  card: '#f6f8fa',
  text: '#1f2328',
  muted: '#57606a',
  /** Empty day, then four shades from few entries to many. */
  levels: ['#e1e4e8', '#9be9a8', '#40c463', '#30a14e', '#216e39'],
  bar: '#30a14e',
  /** Mood 1 (😞) to 5 (😄): from dark red to dark green, stepping in lightness as well as hue. */
  moods: ['#8c1d18', '#e0823d', '#e8d36a', '#7fc97f', '#1b7837'],
  moodLine: '#6f42c1',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 0 for no entries, else 1..4 by the share of the busiest day. */
export function level(entries: number, busiest: number): number {
  if (entries <= 0 || busiest <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((4 * entries) / busiest)));
}

const monthName = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;

function title(stats: JournalStats): string {
  const { period, span } = stats;
  if (period.kind === 'year') return `Your journal in ${period.year}`;
  if (period.kind === 'week') return `Your week · ${span.from} – ${span.to}`;
  return `Your journal · ${monthName(span.from.slice(0, 7))} ${span.from.slice(0, 4)} – ${monthName(span.to.slice(0, 7))} ${span.to.slice(0, 4)}`;
}

/** The mean mood over the span's days that have one, or null. */
export function meanMood(stats: JournalStats): number | null {
  if (stats.moods.size === 0) return null;
  return [...stats.moods.values()].reduce((a, b) => a + b, 0) / stats.moods.size;
}

function summary(stats: JournalStats): string {
  const mean = meanMood(stats);
  return [
    `${plural(stats.entries, 'entry', 'entries')} on ${plural(stats.days, 'day')}`,
    `current streak ${plural(stats.streaks.current, 'day')}`,
    `longest ${plural(stats.streaks.longest, 'day')}`,
    ...(mean === null ? [] : [`mood ${mean.toFixed(1)} of 5 on ${plural(stats.moods.size, 'day')}`]),
  ].join(' · ');
}

/**
 * The mood line under the heatmap: each week's mean mood (weeks with one), on a 1–5 scale, in the heatmap's columns.
 * Returns the new bottom; draws nothing without moods.
 */
function moodLine(svg: Svg, stats: JournalStats, top: number): number {
  if (stats.moods.size === 0) return top;
  const left = 70;
  const step = 18;
  const height = 60;
  const weeks = weekColumns(stats.span);
  const y = (mood: number) => top + 24 + ((5 - mood) / 4) * height;
  svg.parts.push(
    textAt(
      left,
      top + 12,
      'Mood, weekly mean (1 low – 5 high, set with /mood)',
      `font-size="13" fill="${COLORS.muted}"`,
    ),
  );
  for (const m of [1, 3, 5]) {
    svg.parts.push(
      `<line x1="${left}" x2="${left + weeks.length * step}" y1="${y(m)}" y2="${y(m)}" stroke="${COLORS.levels[0]}" stroke-width="1"/>`,
    );
    svg.parts.push(textAt(left - 10, y(m) + 4, String(m), `font-size="11" fill="${COLORS.muted}" text-anchor="end"`));
  }
  const points: string[] = [];
  weeks.forEach((week, column) => {
    const moods = week.flatMap((d) => (d !== null && stats.moods.has(d) ? [stats.moods.get(d)!] : []));
    if (moods.length === 0) return;
    const mean = moods.reduce((a, b) => a + b, 0) / moods.length;
    const x = left + column * step + 7.5;
    points.push(`${x.toFixed(1)},${y(mean).toFixed(1)}`);
    svg.parts.push(
      `<circle cx="${x.toFixed(1)}" cy="${y(mean).toFixed(1)}" r="3" fill="${COLORS.moods[Math.round(mean) - 1]}"/>`,
    );
  });
  if (points.length > 1)
    svg.parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${COLORS.moodLine}" stroke-width="2"/>`);
  return top + 24 + height + 20;
}

interface Svg {
  width: number;
  height: number;
  parts: string[];
}

const textAt = (x: number, y: number, content: string, attrs = '') =>
  `<text x="${x}" y="${y}" ${attrs}>${escapeXml(content)}</text>`;

function heatmap(svg: Svg, stats: JournalStats, top: number): number {
  const weeks = weekColumns(stats.span);
  const cell = 15;
  const step = 18;
  const left = 70;
  const busiest = Math.max(0, ...stats.perDay.values());
  let lastLabel = -3;
  weeks.forEach((week, column) => {
    const x = left + column * step;
    // A month's label goes over the column holding its first day (or the span's first day), if there is room.
    const starts = week.find((d) => d !== null && (d.endsWith('-01') || d === stats.span.from));
    if (starts && column - lastLabel >= 3) {
      svg.parts.push(textAt(x, top + 12, monthName(starts.slice(0, 7)), `font-size="13" fill="${COLORS.muted}"`));
      lastLabel = column;
    }
    week.forEach((day, row) => {
      if (day === null) return;
      const fill = COLORS.levels[level(stats.perDay.get(day) ?? 0, busiest)];
      svg.parts.push(
        `<rect x="${x}" y="${top + 22 + row * step}" width="${cell}" height="${cell}" rx="3" fill="${fill}"/>`,
      );
    });
  });
  for (const row of [0, 2, 4])
    svg.parts.push(textAt(24, top + 22 + row * step + 12, WEEKDAYS[row]!, `font-size="12" fill="${COLORS.muted}"`));
  const bottom = top + 22 + 7 * step;
  // The legend: from no entries to the busiest days.
  const legendX = left + weeks.length * step - 5 * step - 80;
  svg.parts.push(textAt(legendX, bottom + 20, 'Less', `font-size="12" fill="${COLORS.muted}" text-anchor="end"`));
  COLORS.levels.forEach((fill, i) =>
    svg.parts.push(
      `<rect x="${legendX + 8 + i * step}" y="${bottom + 8}" width="${cell}" height="${cell}" rx="3" fill="${fill}"/>`,
    ),
  );
  svg.parts.push(textAt(legendX + 8 + 5 * step + 4, bottom + 20, 'More', `font-size="12" fill="${COLORS.muted}"`));
  return bottom + 40;
}

function monthBars(svg: Svg, stats: JournalStats, top: number, height: number): void {
  const left = 40;
  const width = 560;
  svg.parts.push(textAt(left, top, 'Entries per month', `font-size="17" font-weight="bold" fill="${COLORS.text}"`));
  const most = Math.max(1, ...stats.months.map((m) => m.entries));
  const slot = width / stats.months.length;
  const barTop = top + 30;
  const barHeight = height - 70;
  stats.months.forEach((m, i) => {
    const h = Math.round((barHeight * m.entries) / most);
    const x = left + i * slot + slot * 0.15;
    const w = slot * 0.7;
    svg.parts.push(
      `<rect x="${x.toFixed(1)}" y="${barTop + barHeight - h}" width="${w.toFixed(1)}" height="${Math.max(h, 1)}" rx="2" fill="${m.entries ? COLORS.bar : COLORS.levels[0]}"/>`,
    );
    svg.parts.push(
      textAt(
        Number((x + w / 2).toFixed(1)),
        barTop + barHeight - h - 5,
        String(m.entries),
        `font-size="11" fill="${COLORS.muted}" text-anchor="middle"`,
      ),
    );
    svg.parts.push(
      textAt(
        Number((x + w / 2).toFixed(1)),
        barTop + barHeight + 17,
        monthName(m.month),
        `font-size="12" fill="${COLORS.muted}" text-anchor="middle"`,
      ),
    );
  });
}

function topTags(svg: Svg, stats: JournalStats, left: number, top: number): void {
  svg.parts.push(textAt(left, top, 'Top tags', `font-size="17" font-weight="bold" fill="${COLORS.text}"`));
  if (stats.topTags.length === 0) {
    svg.parts.push(textAt(left, top + 34, 'No #tags in this period', `font-size="14" fill="${COLORS.muted}"`));
    return;
  }
  const most = Math.max(1, ...stats.topTags.map((t) => t.entries));
  stats.topTags.forEach((t, i) => {
    const y = top + 34 + i * 32;
    const tag = t.tag.length > 18 ? `${t.tag.slice(0, 17)}…` : t.tag;
    svg.parts.push(textAt(left, y, `#${tag}`, `font-size="15" fill="${COLORS.text}"`));
    svg.parts.push(
      `<rect x="${left + 170}" y="${y - 12}" width="${Math.max(2, Math.round((110 * t.entries) / most))}" height="14" rx="2" fill="${COLORS.levels[2]}"/>`,
    );
    svg.parts.push(textAt(left + 290, y, String(t.entries), `font-size="14" fill="${COLORS.muted}"`));
  });
}

function weekDays(svg: Svg, stats: JournalStats, top: number): number {
  const busiest = Math.max(0, ...stats.perDay.values());
  const size = 96;
  const step = 120;
  const days: string[] = [];
  for (const week of weekColumns(stats.span)) for (const d of week) if (d !== null) days.push(d);
  days.forEach((d, i) => {
    const x = 40 + i * step;
    const n = stats.perDay.get(d) ?? 0;
    const lvl = level(n, busiest);
    svg.parts.push(
      textAt(
        x + size / 2,
        top,
        WEEKDAYS[weekdayIndex(d)]!,
        `font-size="15" fill="${COLORS.muted}" text-anchor="middle"`,
      ),
    );
    svg.parts.push(
      `<rect x="${x}" y="${top + 12}" width="${size}" height="${size}" rx="8" fill="${COLORS.levels[lvl]}"/>`,
    );
    svg.parts.push(
      textAt(
        x + size / 2,
        top + 12 + size / 2 + 9,
        String(n),
        `font-size="26" font-weight="bold" fill="${lvl >= 3 ? '#ffffff' : COLORS.text}" text-anchor="middle"`,
      ),
    );
    svg.parts.push(
      textAt(x + size / 2, top + size + 34, d.slice(5), `font-size="13" fill="${COLORS.muted}" text-anchor="middle"`),
    );
    const mood = stats.moods.get(d);
    if (mood !== undefined) {
      // The day's mood: a band in the mood's colour with its number, under the date.
      svg.parts.push(
        `<rect x="${x}" y="${top + size + 46}" width="${size}" height="24" rx="6" fill="${COLORS.moods[mood - 1]}"/>`,
      );
      svg.parts.push(
        textAt(
          x + size / 2,
          top + size + 63,
          `mood ${mood}`,
          `font-size="14" font-weight="bold" fill="${mood === 1 || mood === 5 ? '#ffffff' : COLORS.text}" text-anchor="middle"`,
        ),
      );
    }
  });
  return top + size + (stats.moods.size > 0 ? 90 : 60);
}

/** The picture's SVG, sized in CSS pixels (the PNG is rendered at twice that). */
export function statsSvg(stats: JournalStats): string {
  const week = stats.period.kind === 'week';
  const svg: Svg = { width: week ? 880 : 1040, height: 0, parts: [] };
  svg.parts.push(textAt(40, 52, title(stats), `font-size="28" font-weight="bold" fill="${COLORS.text}"`));
  svg.parts.push(textAt(40, 84, summary(stats), `font-size="16" fill="${COLORS.muted}"`));
  if (week) {
    const bottom = weekDays(svg, stats, 130);
    topTags(svg, stats, 40, bottom + 10);
    svg.height = bottom + 40 + Math.max(1, stats.topTags.length) * 32;
  } else {
    const bottom = moodLine(svg, stats, heatmap(svg, stats, 104));
    monthBars(svg, stats, bottom + 20, 230);
    topTags(svg, stats, 660, bottom + 20);
    svg.height = bottom + 20 + 230 + 20;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${svg.width}" height="${svg.height}" viewBox="0 0 ${svg.width} ${svg.height}" font-family="DejaVu Sans">`,
    `<rect width="${svg.width}" height="${svg.height}" rx="18" fill="${COLORS.card}"/>`,
    ...svg.parts,
    '</svg>',
  ].join('\n');
}
