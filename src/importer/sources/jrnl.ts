/**
 * jrnl → source items: its JSON export (`jrnl --format json`), its plain-text journal (`[YYYY-MM-DD HH:MM] Title.
 * Body…`, a trailing ` *` marks it starred, inline `@tags`) and folder journals (`YYYY/MM/DD.txt`). jrnl stores no
 * zone: times are read in JOURNAL_TIMEZONE. `--date-format` takes jrnl's own `timeformat` (strftime).
 * An entry's id is its journal's name and its time (and a counter for entries of the same minute): jrnl has no ids.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { isOwnFile } from '../../journal/contained-file.ts';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { instantFromLocal } from '../../journal/dates/local-moment.ts';
import { ImportError } from '../import-error.ts';
import { jsonValues } from './json-values.ts';
import { appTag, inDateRange, type SourceItem, type SourceReader } from './source-item.ts';
import { unwrapHardWraps } from './hard-wraps.ts';
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { errorReason } from '../../log/error-message.ts';

/** `@tag` not inside a word or an address. */
const AT_TAG = /(?<![\p{L}\p{N}_@.])@([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu;
export const inlineTags = (text: string) => [...text.matchAll(AT_TAG)].map((m) => m[1]!.replace(/-+$/, ''));

/** The formats tried when none is given: jrnl's default, with seconds, and the 12-hour clock of folder journals. */
export const DEFAULT_DATE_FORMATS = [
  '%Y-%m-%d %H:%M',
  '%Y-%m-%d %H:%M:%S',
  '%Y-%m-%d %I:%M:%S %p',
  '%Y-%m-%d %I:%M %p',
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface DateFormat {
  source: string;
  regex: RegExp;
  fields: string[];
}

const DIRECTIVES: Record<string, string> = {
  Y: '(\\d{4})',
  y: '(\\d{2})',
  m: '(\\d{1,2})',
  d: '(\\d{1,2})',
  H: '(\\d{1,2})',
  I: '(\\d{1,2})',
  M: '(\\d{2})',
  S: '(\\d{2})',
  p: '([AaPp][Mm])',
  b: '([A-Za-z]{3})',
  B: '([A-Za-z]+)',
  a: '(?:[A-Za-z]+)',
  A: '(?:[A-Za-z]+)',
};

/** A strftime format (the subset journals use: %Y %y %m %d %H %I %M %S %p %b %B %a %A %%) as a parser. */
export function dateFormat(format: string): DateFormat {
  const fields: string[] = [];
  let regex = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      regex += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      continue;
    }
    const d = format[++i];
    if (d === '%') regex += '%';
    else if (d && DIRECTIVES[d]) {
      regex += DIRECTIVES[d];
      if (!['a', 'A'].includes(d)) fields.push(d);
    } else throw new Error(`--date-format: %${d ?? ''} is not supported; use %Y %y %m %d %H %I %M %S %p %b %B %a %A`);
  }
  if (!fields.includes('Y') && !fields.includes('y')) throw new Error('--date-format needs a year (%Y or %y)');
  return { source: format, regex: new RegExp(`^${regex}$`), fields };
}

/** A date written in the format → the wall clock `YYYY-MM-DDTHH:MM:SS`, or null if not one or not a real time. */
export function wallClockOf(value: string, format: DateFormat): string | null {
  const m = format.regex.exec(value.trim());
  if (!m) return null;
  const v: Record<string, string> = {};
  format.fields.forEach((f, i) => (v[f] = m[i + 1]!));
  const year = v.Y ? Number(v.Y) : 2000 + Number(v.y);
  const monthName = (v.b ?? v.B)?.slice(0, 3).toLowerCase();
  const month = monthName ? MONTHS.indexOf(monthName) + 1 : Number(v.m ?? 1);
  const day = Number(v.d ?? 1);
  let hour = Number(v.H ?? v.I ?? 0);
  if (v.p) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (v.p.toLowerCase() === 'pm' ? 12 : 0);
  }
  const minute = Number(v.M ?? 0);
  const second = Number(v.S ?? 0);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
  if (!isCalendarDay(date) || !(hour < 24 && minute < 60 && second < 60)) return null;
  return `${date}T${two(hour)}:${two(minute)}:${two(second)}`;
}

/** jrnl's title ends at the first sentence end; the rest of that line starts the body. */
export function splitTitle(line: string): { title: string; rest: string } {
  const m = /^(.*?[.?!]+)(?:\s+|$)(.*)$/s.exec(line);
  return m ? { title: m[1]!, rest: m[2]! } : { title: line, rest: '' };
}

interface Counter {
  /** The journal's name (its file or folder name): two journals may have entries of the same minute. */
  journal: string;
  /** Entries per minute seen so far: the second entry of a minute gets `#2`. */
  seen: Map<string, number>;
}

/** `work.txt` → `work`, `journal.json` → `journal`. */
const journalName = (target: string) => path.basename(target).replace(/\.(txt|journal|json|md)$/i, '');

/** One entry as jrnl wrote it: its wall time (in `zone`), title line, body, star and tags. */
type JrnlEntry = { wall: string; title: string; body: string; starred: boolean; tags: readonly string[] };

function entryItem(
  entry: JrnlEntry,
  { zone, counter, id }: { zone: string; counter: Counter; id: string },
): SourceItem {
  const { wall, title, body, starred, tags } = entry;
  const writtenAt = instantFromLocal(wall, zone);
  if (!writtenAt || !inDateRange(writtenAt)) return { skip: 'bad-date', id };
  const minute = wall.slice(0, 16).replace('T', ' ');
  const n = (counter.seen.get(minute) ?? 0) + 1;
  counter.seen.set(minute, n);
  // A body typed in an editor that wraps at a fixed width is read as the paragraphs it is (hard-wraps.ts).
  const text = [title.trim(), unwrapHardWraps(body.replace(/\s+$/, ''))].filter((p) => p !== '').join('\n');
  if (text === '') return { skip: 'empty', id };
  const allTags = [...new Set([...tags, ...inlineTags(text)].map(appTag))];
  const key = `${counter.journal}:${minute}`;
  return {
    entry: {
      sourceId: n === 1 ? key : `${key}#${n}`,
      writtenAt,
      text,
      tags: allTags,
      media: [],
      metadata: starred ? { starred: true } : null,
    },
  };
}

const jsonEntrySchema = z.object({
  title: z.string().catch(''),
  body: z.string().catch(''),
  date: z.string(),
  time: z.string().catch('00:00'),
  tags: z.array(z.string()).optional().catch(undefined),
  starred: z.boolean().optional().catch(undefined),
});

/** `jrnl --format json`: `{"tags": {…}, "entries": [{title, body, date, time, tags, starred}]}`. */
export function readJrnlJson(file: string, zone: string): SourceReader {
  const progress = { bytesRead: 0, totalBytes: statSync(file).size };
  const format = dateFormat('%Y-%m-%d %H:%M');
  async function* items(): AsyncGenerator<SourceItem> {
    const counter: Counter = { journal: journalName(file), seen: new Map() };
    let index = 0;
    try {
      for await (const { value, oversized } of jsonValues(
        createReadStream(file) as AsyncIterable<Buffer>,
        ['$.entries.*'],
        (b) => (progress.bytesRead = b),
      )) {
        index += 1;
        if (oversized) {
          yield { skip: 'too-large', id: `entry ${index}` };
          continue;
        }
        const parsed = jsonEntrySchema.safeParse(value);
        if (!parsed.success) {
          yield { skip: 'malformed', id: `entry ${index}` };
          continue;
        }
        const e = parsed.data;
        const label = `${e.date} ${e.time}`;
        const wall = wallClockOf(`${e.date} ${e.time.slice(0, 5)}`, format);
        yield wall
          ? entryItem(
              { wall, title: e.title, body: e.body, starred: e.starred === true, tags: e.tags ?? [] },
              { zone, counter, id: label },
            )
          : { skip: 'bad-date', id: label };
      }
    } catch (error) {
      throw error instanceof ImportError ? error : new ImportError(file, errorReason(error));
    }
  }
  return { app: 'jrnl', label: 'jrnl JSON export', items: items(), progress };
}

/**
 * A line that starts an entry: `[date] title` (or jrnl 1.x's unbracketed date), where the date matches one of the
 * journal's formats (its `timeformat`) and is a real date. Anything else, `[10:30 am] call mom` or `[9:30:15]
 * standup` or a bracketed date that does not exist (`[2024-04-16 25:10]`), is a line of the entry's body.
 */
const HEADER = /^\[([0-9][^\]]{5,40})\] ?(.*)$/;

/** The wall clock and title of a line that starts an entry; null for a body line. */
function headerOf(line: string, formats: DateFormat[]): { wall: string; label: string; title: string } | null {
  const m = HEADER.exec(line);
  if (m) {
    const wall = formats.map((f) => wallClockOf(m[1]!, f)).find((w) => w !== null) ?? null;
    return wall ? { wall, label: `[${m[1]}]`, title: m[2]! } : null;
  }
  // jrnl 1.x wrote no brackets: `2013-06-10 15:40 Title`.
  const plain = /^(\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}) (.*)$/.exec(line);
  if (plain) {
    const wall = formats.map((f) => wallClockOf(plain[1]!, f)).find((w) => w !== null) ?? null;
    if (wall) return { wall, label: plain[1]!, title: plain[2]! };
  }
  return null;
}

async function* textItems(
  file: string,
  formats: DateFormat[],
  zone: string,
  counter: Counter,
  onBytes: (bytes: number) => void,
): AsyncGenerator<SourceItem> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  let bytes = 0;
  stream.on('data', (chunk) => onBytes((bytes += Buffer.byteLength(chunk as string))));
  let current: { wall: string; label: string; title: string; body: string[] } | null = null;
  // Text before the first entry has no date: named (by its first line's number), never dropped silently.
  let lineNumber = 0;
  let undated: number | null = null;
  const finish = (): SourceItem | null => {
    if (!current) return null;
    const { wall, label, title: first } = current;
    let line = first.replace(/\s+$/, '');
    const starred = / \*$/.test(line) || line === '*';
    if (starred) line = line.replace(/ ?\*$/, '');
    const { title, rest } = splitTitle(line);
    const body = (rest ? [rest, ...current.body] : current.body).join('\n').replace(/^\n+/, '');
    return entryItem({ wall, title, body, starred, tags: [] }, { zone, counter, id: label });
  };
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    lineNumber += 1;
    const header = headerOf(line, formats);
    if (header) {
      if (undated !== null) yield { skip: 'no-date', id: `${path.basename(file)} line ${undated}` };
      undated = null;
      const done = finish();
      if (done) yield done;
      current = { ...header, body: [] };
    } else if (current) current.body.push(line);
    else if (undated === null && line.trim() !== '') undated = lineNumber;
  }
  if (undated !== null) yield { skip: 'no-date', id: `${path.basename(file)} line ${undated}` };
  const done = finish();
  if (done) yield done;
}

/** A jrnl text journal file, or a folder journal (`YYYY/MM/DD.txt`; other files are not jrnl's and are left alone). */
export function readJrnlText(target: string, zone: string, dateFormatText?: string): SourceReader {
  const formats = dateFormatText ? [dateFormat(dateFormatText)] : DEFAULT_DATE_FORMATS.map(dateFormat);
  const files = statSync(target).isDirectory() ? folderJournalFiles(target) : [target];
  const progress = { bytesRead: 0, totalBytes: files.reduce((n, f) => n + statSync(f).size, 0) };
  async function* items(): AsyncGenerator<SourceItem> {
    const counter: Counter = { journal: journalName(target), seen: new Map() };
    let before = 0;
    for (const file of files) {
      yield* textItems(file, formats, zone, counter, (b) => (progress.bytesRead = before + b));
      before += statSync(file).size;
    }
  }
  return {
    app: 'jrnl',
    label: files.length === 1 && files[0] === target ? 'jrnl text journal' : 'jrnl folder journal',
    items: items(),
    progress,
  };
}

/** `YYYY/MM/DD.txt` under the folder, in date order (never a link: isOwnFile). */
export function folderJournalFiles(folder: string): string[] {
  const out: string[] = [];
  const dirs = (dir: string, pattern: RegExp) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && pattern.test(d.name))
      .map((d) => d.name)
      .sort();
  for (const year of dirs(folder, /^\d{4}$/)) {
    for (const month of dirs(path.join(folder, year), /^\d{2}$/)) {
      const days = readdirSync(path.join(folder, year, month), { withFileTypes: true })
        .filter((d) => d.isFile() && /^\d{2}\.txt$/.test(d.name))
        .map((d) => d.name)
        .sort();
      out.push(...days.map((d) => path.join(folder, year, month, d)).filter(isOwnFile));
    }
  }
  return out;
}
