/**
 * The project's own Markdown export (npm run export: `## 2024-04-15 Monday`, `### 09:30 · photo · edited`) → source
 * items: one entry per timed heading, in the zone and day start its front matter names. Daily notes of other apps are
 * markdown-notes.ts's.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { isOwnFile } from '../../journal/contained-file.ts';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { addDays } from '../../journal/dates/calendar-day.ts';
import { instantFromLocal, MIDNIGHT } from '../../journal/dates/local-moment.ts';
import { MEDIA_KINDS, type EntryMedia, type MediaKind } from '../../journal/media/media.ts';
import { splitFrontMatter } from './markdown-notes.ts';
import { inDateRange, type SourceItem, type SourceReader } from './source-item.ts';
import {
  DAY_HEADING,
  EDITED_MARK,
  ENTRY_HEADING,
  HEADING_SEPARATOR,
  MARKDOWN_FIELDS,
} from '../../formats/journal-markdown.ts';

const ZONE_LINE = new RegExp(`^${MARKDOWN_FIELDS.timeZone}:\\s*"?([^"]+)"?$`);
const DAY_START_LINE = new RegExp(`^${MARKDOWN_FIELDS.dayStartsAt}:\\s*"?(\\d{2}:\\d{2})"?$`);

/** Does this text begin like the project's own Markdown export (its front matter)? */
export function isOwnMarkdownExport(head: string): boolean {
  const { front } = splitFrontMatter(head);
  return (
    new RegExp(`^${MARKDOWN_FIELDS.dateFrom}:`, 'm').test(front) &&
    new RegExp(`^${MARKDOWN_FIELDS.exported}:`, 'm').test(front)
  );
}

const KIND_OF_WORD = new Map<string, MediaKind>(MEDIA_KINDS.map((k) => [k.replace('_', ' '), k]));

/** `photo`, `voice note 0:42`, `file report.pdf`, `video clip.mp4 1:02` → the media (without file id or size). */
export function mediaOfLabel(label: string): EntryMedia | null {
  for (const [word, kind] of KIND_OF_WORD) {
    if (label !== word && !label.startsWith(`${word} `)) continue;
    let rest = label.slice(word.length).trim();
    let duration: number | null = null;
    const time = /(?:^| )(\d+(?::\d{2}){1,2})$/.exec(rest);
    if (time) {
      duration = time[1]!.split(':').reduce((n, p) => n * 60 + Number(p), 0);
      rest = rest.slice(0, time.index).trim();
    }
    return { kind, fileId: null, fileName: rest === '' ? null : rest, durationSeconds: duration, fileSize: null };
  }
  return null;
}

/** The project's own Markdown export, one file or a folder of year files: one entry per `### HH:MM` heading. */
export function readOwnMarkdownExport(target: string, zone: string, dayStartsAt: string = MIDNIGHT): SourceReader {
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((n) => /\.md$/i.test(n))
        .sort()
        .map((n) => path.join(target, n))
        .filter(isOwnFile) // a link in the folder may name a file outside it
    : [target];
  const progress = { bytesRead: 0, totalBytes: files.reduce((n, f) => n + statSync(f).size, 0) };
  async function* items(): AsyncGenerator<SourceItem> {
    const seen = new Map<string, number>();
    for (const file of files) {
      const before = progress.bytesRead;
      const stream = createReadStream(file, { encoding: 'utf8' });
      let bytes = 0;
      stream.on('data', (chunk) => (progress.bytesRead = before + (bytes += Buffer.byteLength(chunk as string))));
      // The zone and day start the export was written with, when it says (older exports do not: the journal's).
      let fileZone = zone;
      let fileDayStart = dayStartsAt;
      let inFront = false;
      let lineNo = 0;
      let day: string | null = null;
      let current: { time: string; zone: string | null; label: string; lines: string[]; id: string } | null = null;
      const finish = (): SourceItem | null => {
        if (!current || !day) return null;
        const { time, label, lines, id } = current;
        const entryZone = current.zone ?? fileZone;
        current = null;
        // A time before the journal day's start was written on the next calendar day.
        const calendarDay = time < fileDayStart ? addDays(day, 1) : day;
        const writtenAt = instantFromLocal(`${calendarDay}T${time}:00`, entryZone);
        if (!writtenAt || !inDateRange(writtenAt)) return { skip: 'bad-date', id };
        const text = lines.join('\n').trim();
        const media = mediaOfLabel(label);
        if (text === '' && !media) return { skip: 'empty', id };
        const key = `${day} ${time}`;
        const n = (seen.get(key) ?? 0) + 1;
        seen.set(key, n);
        return {
          entry: {
            sourceId: n === 1 ? key : `${key}#${n}`,
            writtenAt,
            timeZone: entryZone,
            text,
            tags: [],
            media: media ? [media] : [],
            metadata: entryZone !== fileZone ? { time_zone: entryZone } : null,
          },
        };
      };
      for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
        lineNo += 1;
        if (lineNo === 1 && line === '---') {
          inFront = true;
          continue;
        }
        if (inFront) {
          if (line === '---') inFront = false;
          const zoneLine = ZONE_LINE.exec(line);
          if (zoneLine) fileZone = zoneLine[1]!;
          const startLine = DAY_START_LINE.exec(line);
          if (startLine) fileDayStart = startLine[1]!;
          continue;
        }
        const dayHeading = DAY_HEADING.exec(line);
        const entryHeading = ENTRY_HEADING.exec(line);
        if (dayHeading || entryHeading) {
          const done = finish();
          if (done) yield done;
        }
        if (dayHeading) day = dayHeading[1]!;
        else if (entryHeading) {
          const parts = (entryHeading[3] ?? '').split(HEADING_SEPARATOR).filter((p) => p !== EDITED_MARK && p !== '');
          current = {
            time: entryHeading[1]!,
            zone: entryHeading[2] ?? null,
            label: parts[0] ?? '',
            lines: [],
            id: `${day ?? '?'} ${entryHeading[1]} (${path.basename(file)} line ${lineNo})`,
          };
        } else if (current) current.lines.push(line);
      }
      const done = finish();
      if (done) yield done;
    }
  }
  return { app: 'markdown', label: 'journal Markdown export', items: items(), progress };
}
