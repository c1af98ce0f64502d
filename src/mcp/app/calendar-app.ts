/**
 * The calendar MCP App (runs in the host's sandboxed frame, bundled into one HTML file by scripts/build.mjs): draws
 * showCalendar's structured result as months with mood colours and a legend, and on a click asks the server, through
 * the host, for that day in one call (getEntriesForDay: the entries with their media listed); an entry's photos come
 * (viewMedia) only when asked for. It fetches nothing itself.
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';
import { errorMessage } from '../../log/error-message.ts';
import { SHOWN_CALENDAR, type CalendarMonth, type ShownCalendar } from '../../formats/calendar.ts';
import { dayCells } from './calendar-grid.ts';

interface ShownEntry {
  id: number;
  time?: string;
  title?: string;
  /** In the JSON only where the server sends no passages; else from the entry's embedded resource. */
  content?: string;
  /** The entry's media (getEntriesForDay lists them only for an entry that has some). */
  media?: { index: number; kind: string; kept?: boolean }[];
}

const PHOTOS_PER_ENTRY = 4;
const root = document.getElementById('calendar')!;
const entriesBox = document.getElementById('entries')!;
const app = new App({ name: 'journal-calendar', version: '1.0.0' }, {});
let calendar: ShownCalendar | undefined;
let monthIndex = 0;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function applyContext(context: McpUiHostContext | undefined): void {
  if (!context) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  // Fullscreen has room for the whole year; inline and picture-in-picture show one month.
  if (context.displayMode) document.body.dataset.mode = context.displayMode;
  render();
}

function render(): void {
  root.replaceChildren();
  if (!calendar) return;
  const { months } = calendar;
  root.append(el('p', { className: 'description' }, calendar.description));
  if (calendar.note) root.append(el('p', { className: 'note' }, calendar.note));
  if (months.length === 0) return;
  monthIndex = Math.min(Math.max(monthIndex, 0), months.length - 1);
  const wide = document.body.dataset.mode === 'fullscreen';
  const shown = wide ? months : [months[monthIndex]!];
  if (!wide) {
    const previous = el('button', {
      type: 'button',
      textContent: '‹',
      disabled: monthIndex === 0,
      title: 'Previous month',
    });
    const next = el('button', {
      type: 'button',
      textContent: '›',
      disabled: monthIndex === months.length - 1,
      title: 'Next month',
    });
    previous.onclick = () => ((monthIndex -= 1), render());
    next.onclick = () => ((monthIndex += 1), render());
    root.append(el('nav', {}, previous, el('span', { className: 'month-name' }, shown[0]!.month), next));
  }
  for (const month of shown) root.append(drawMonth(month));
  root.append(legend());
  const modes = app.getHostContext()?.availableDisplayModes ?? [];
  if (modes.includes('fullscreen') && !wide) {
    const whole = el('button', { type: 'button', className: 'whole', textContent: 'Show every month' });
    whole.onclick = () => void app.requestDisplayMode({ mode: 'fullscreen' });
    root.append(whole);
  }
}

/** What the colours say: a day's mood from 1 (red) to 5 (green), else blue for a day written without one. */
function legend(): HTMLElement {
  const swatch = (mood: string | null, label: string) => {
    const box = el('span', { className: 'swatch' });
    if (mood) box.dataset.mood = mood;
    return el('span', { className: 'key' }, box, label);
  };
  return el(
    'p',
    { className: 'legend' },
    el('span', { className: 'key' }, 'Mood'),
    ...['1', '2', '3', '4', '5'].map((m) => swatch(m, m)),
    swatch(null, 'written, no mood'),
  );
}

function drawMonth(month: CalendarMonth): HTMLElement {
  const grid = el('div', { className: 'grid' });
  for (const name of ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])
    grid.append(el('span', { className: 'weekday' }, name));
  for (const cell of dayCells(month, calendar!.days)) {
    if (!cell) {
      grid.append(el('span'));
      continue;
    }
    const button = el('button', { type: 'button', className: 'day', textContent: String(Number(cell.date.slice(8))) });
    button.dataset.date = cell.date;
    if (cell.day) {
      button.dataset.count = String(cell.day.count);
      if (cell.day.mood !== null) button.dataset.mood = String(Math.round(cell.day.mood));
      button.title = `${cell.date}: ${cell.day.count} ${cell.day.count === 1 ? 'entry' : 'entries'}${cell.day.mood !== null ? `, mood ${cell.day.mood}` : ''}`;
    }
    // A day opens when it has entries; a mood without one only shows its colour.
    if (cell.day && cell.day.count > 0) {
      button.classList.add('written');
      button.onclick = () => void openDay(cell.date);
    } else button.disabled = true;
    grid.append(button);
  }
  return el('section', { className: 'month' }, el('h2', {}, month.month), grid);
}

async function callMethod(methodName: string, args: Record<string, unknown>) {
  return app.callServerTool({ name: 'invokeMethod', arguments: { objId: calendar!.objId, methodName, args } });
}

const firstText = (result: { content?: { type: string; text?: string }[] }): string =>
  result.content?.find((b) => b.type === 'text')?.text ?? '';

/**
 * Entries' texts travel beside the result's JSON as embedded resources named `journal://entry/<id>` (the passages a
 * model may cite), not inside it: id → text.
 */
function passagesOf(result: { content?: unknown[] }): Map<number, string> {
  const passages = new Map<number, string>();
  for (const block of result.content ?? []) {
    const resource = (block as { type?: string; resource?: { uri?: unknown; text?: unknown } }).resource;
    if ((block as { type?: string }).type !== 'resource' || typeof resource?.text !== 'string') continue;
    const id = /^journal:\/\/entry\/(\d+)$/.exec(String(resource.uri))?.[1];
    if (id !== undefined) passages.set(Number(id), resource.text);
  }
  return passages;
}

async function openDay(date: string): Promise<void> {
  entriesBox.replaceChildren(el('p', { className: 'loading' }, `Opening ${date}…`));
  try {
    // One call: the day's entries, their texts (as passages) and which media each holds.
    const result = await callMethod('getEntriesForDay', { date });
    if (result.isError) throw new Error(firstText(result));
    const value = (JSON.parse(firstText(result)) as { value: ShownEntry[] | { items: ShownEntry[] } }).value;
    const passages = passagesOf(result);
    const entries = (Array.isArray(value) ? value : value.items).map((e) => ({
      ...e,
      content: e.content ?? passages.get(e.id) ?? '',
    }));
    entriesBox.replaceChildren(el('h2', {}, date), ...entries.map(drawEntry));
  } catch (error) {
    entriesBox.replaceChildren(el('p', { className: 'error' }, `Could not open ${date}: ${errorMessage(error)}`));
  }
}

/**
 * The title (the first line, as the server cut it) and the text below it, so the title is printed once: a title cut
 * short (it ends in …) is not shown apart, the whole first line is in the text.
 */
function titleAndBody(entry: ShownEntry): { title: string | null; body: string } {
  const text = entry.content ?? '';
  const title = entry.title?.trim() ?? '';
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (title === '' || first === -1 || lines[first]!.trim() !== title) return { title: null, body: text.trim() };
  return {
    title,
    body: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}

function drawEntry(entry: ShownEntry): HTMLElement {
  const article = el('article', { className: 'entry' });
  article.dataset.id = String(entry.id);
  const { title, body } = titleAndBody(entry);
  const heading = el('div', { className: 'heading' });
  if (entry.time) heading.append(el('time', {}, entry.time));
  if (title) heading.append(el('h3', {}, title));
  article.append(heading);
  if (body !== '') article.append(el('p', {}, body));
  const photos = (entry.media ?? []).filter((m) => m.kind === 'photo' && m.kept !== false);
  const box = el('div', { className: 'photos' });
  // Photos cost a call each: fetched when asked for, so opening a day stays one call.
  if (photos.length > 0 && app.getHostCapabilities()?.serverTools) {
    const shown = Math.min(photos.length, PHOTOS_PER_ENTRY);
    const show = el('button', {
      type: 'button',
      className: 'show-photos',
      textContent: shown === 1 ? 'Show the photo' : `Show ${shown} photos`,
    });
    show.onclick = () => {
      show.remove();
      void addPhotos(entry.id, photos.slice(0, PHOTOS_PER_ENTRY), box);
    };
    box.append(show);
  } else if (photos.length > 0) box.append(el('span', { className: 'note' }, `${photos.length} 📷`));
  article.append(box);
  return article;
}

/** An entry's photos as thumbnails, through the host's tools/call (viewMedia). */
async function addPhotos(entryId: number, photos: { index: number }[], box: HTMLElement): Promise<void> {
  for (const medium of photos) {
    const shown = await callMethod('viewMedia', { entryId, index: medium.index }).catch(() => undefined);
    const image = shown?.content?.find((b) => b.type === 'image') as { data: string; mimeType: string } | undefined;
    if (image)
      box.append(
        el('img', {
          src: `data:${image.mimeType};base64,${image.data}`,
          alt: `Photo ${medium.index + 1}`,
          loading: 'lazy',
        }),
      );
  }
}

app.ontoolresult = (result) => {
  // The server's value, checked against the schema it was made with (formats/calendar.ts): an error, or a result of
  // another shape, is said instead of drawing half a calendar.
  const parsed = SHOWN_CALENDAR.safeParse(result.structuredContent);
  entriesBox.replaceChildren();
  if (!parsed.success) {
    calendar = undefined;
    const said = (result.isError && firstText(result)) || 'This result is not a calendar this page can draw.';
    root.replaceChildren(el('p', { className: 'error' }, said));
    return;
  }
  calendar = parsed.data;
  monthIndex = calendar.months.length - 1; // the latest month first
  render();
};
app.onhostcontextchanged = () => applyContext(app.getHostContext());

await app.connect();
applyContext(app.getHostContext());
