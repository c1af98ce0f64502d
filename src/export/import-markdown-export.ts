/**
 * Re-imports the journal's own Markdown export (write-markdown.ts, format versions 2 and 3): each entry's comment of
 * fields and its counted lines of text (after the links to its media) become the JSON export's entry, written by the same path as the JSON import
 * (exported-entry-writer.ts): ids kept where free, the entry's key kept, so importing an export into the journal it
 * came from adds nothing, and exporting the imported journal gives the same file. The media come from the export's
 * media/ folder, byte for byte, as the JSON import's do. A damaged entry is skipped and named.
 */
import { closeSync, createReadStream, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { JournalDb } from '../db/journal-database.ts';
import { titleOf } from '../journal/entries/entry.ts';
import { emptyImportReport, writeBatch, type JournalImportReport } from './exported-entry-writer.ts';
import { entryDateProblem, exportClockOf, type ExportClock } from './entry-date-check.ts';
import { z } from 'zod';
import {
  exportedEntrySchema,
  exportedMediaItemSchema,
  readExportedMoods,
  type ExportedEntry,
  type ExportedMood,
} from './journal-export-format.ts';
import {
  BLOCK_START,
  MARKDOWN_FORMAT,
  MARKDOWN_VERSION,
  mediaLinkLines,
  readBlockFields,
} from './markdown-entry-block.ts';
import { errorReason } from '../log/error-message.ts';
import { MARKDOWN_FIELDS } from '../formats/journal-markdown.ts';

const BATCH = 500;

/** A file's lines, split at line feeds only (a carriage return inside an entry's text is kept). */
async function* linesOf(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const parts = (rest + (chunk as string)).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  yield rest;
}

/** The export's files: the one file, or a folder's `.md` files in name (year) order. */
function exportFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((n) => /\.md$/i.test(n))
    .sort()
    .map((n) => path.join(target, n));
}

/** The front matter's clock: the zone and day start its days were computed with, JSON-quoted. */
type ClockField = (typeof MARKDOWN_FIELDS)['timeZone' | 'dayStartsAt'];
const CLOCK_LINE = new RegExp(`^(${MARKDOWN_FIELDS.timeZone}|${MARKDOWN_FIELDS.dayStartsAt}): (".*")$`);

/** True when the front matter at the head of a Markdown file says it is this faithful format. */
export function isFaithfulMarkdownExport(head: string): boolean {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(head)?.[1] ?? '';
  return new RegExp(`^format: "${MARKDOWN_FORMAT}"$`, 'm').test(front);
}

/** The same, for an export file or folder (its first file's head). */
export function isFaithfulMarkdownTarget(target: string): boolean {
  const first = exportFiles(target)[0];
  if (first === undefined) return false;
  const fd = openSync(first, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    return isFaithfulMarkdownExport(buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8'));
  } finally {
    closeSync(fd);
  }
}

/** `into`: one journal for every entry (`--into`); else each entry's own. */
export async function importMarkdownExport(
  db: JournalDb,
  target: string,
  options: { ownerId?: number; into?: string } = {},
): Promise<JournalImportReport> {
  const report = emptyImportReport(options.ownerId ?? null);
  // An export to a folder wrote its media/ folder beside the Markdown files.
  const mediaFolder = statSync(target).isDirectory() ? path.resolve(target) : path.dirname(path.resolve(target));
  let batch: ExportedEntry[] = [];
  // Moods come in the front matter; they are written with the next batch (or alone at the end).
  let moods: ExportedMood[] = [];
  const flush = async () => {
    if (report.ownerId !== null && (batch.length > 0 || moods.length > 0))
      await writeBatch(db, { entries: batch, report, mediaFolder, moods, into: options.into });
    batch = [];
    moods = [];
  };
  try {
    for (const file of exportFiles(target)) {
      const name = path.basename(file);
      const lines = linesOf(file);
      let lineNo = 0;
      // A line read ahead and given back (a media link that was not there): the next call returns it again.
      let held: string | null = null;
      const next = async (): Promise<string | null> => {
        if (held !== null) {
          const line = held;
          held = null;
          return line;
        }
        const { value, done } = await lines.next();
        if (done) return null;
        lineNo += 1;
        return value;
      };
      // Files without a version line are version 2's (the first faithful one); without a time_zone line, days are
      // checked against any zone's offset (entry-date-check.ts).
      let version = 2;
      const clockLines: Partial<Record<ClockField, unknown>> = {};
      let clock: ExportClock | null = null;
      let line = await next();
      if (line === '---') {
        while ((line = await next()) !== null && line !== '---') {
          const owner = /^owner_id: (\d{1,15})$/.exec(line);
          if (owner && report.ownerId === null) report.ownerId = Number(owner[1]);
          const versionLine = /^version: (\d{1,6})$/.exec(line);
          if (versionLine) version = Number(versionLine[1]);
          if (version > MARKDOWN_VERSION)
            throw new Error(
              `${name} is version ${version} of the Markdown export; this version reads up to ${MARKDOWN_VERSION}`,
            );
          const clockLine = CLOCK_LINE.exec(line);
          if (clockLine) clockLines[clockLine[1] as ClockField] = jsonValue(clockLine[2]!);
          const moodLine = /^moods: (\[.*\])$/.exec(line);
          if (moodLine) {
            const read = readExportedMoods(jsonValue(moodLine[1]!));
            report.damaged.push(...read.damaged.map((d) => `${name} line ${lineNo}: ${d}`));
            moods.push(...read.moods);
          }
        }
        if (clockLines[MARKDOWN_FIELDS.timeZone] !== undefined) {
          const read = exportClockOf(clockLines[MARKDOWN_FIELDS.timeZone], clockLines[MARKDOWN_FIELDS.dayStartsAt]);
          if (typeof read === 'string') throw new Error(`${name}: ${read}`);
          clock = read;
        }
        line = await next();
      }
      let strayFrom: number | null = null;
      for (; line !== null; line = await next()) {
        const start = BLOCK_START.exec(line);
        if (!start) {
          // Headings and blank lines are for people; any other line outside an entry was added by hand: named.
          if (line.trim() !== '' && !/^#{1,3} /.test(line) && strayFrom === null) strayFrom = lineNo;
          continue;
        }
        if (strayFrom !== null) report.damaged.push(`${name} line ${strayFrom}: text outside any entry (not imported)`);
        strayFrom = null;
        const startLine = lineNo;
        const id = Number(start[1]);
        const comment: string[] = [];
        while ((line = await next()) !== null && line !== '-->') comment.push(line);
        report.entries += 1;
        const where = `entry ${id} (${name} line ${startLine})`;
        let fields: ReturnType<typeof readBlockFields>;
        try {
          if (line === null) throw new Error('its comment never ends (-->)');
          fields = readBlockFields(id, comment, version);
        } catch (error) {
          report.damaged.push(`${where}: ${(error as Error).message}`);
          continue;
        }
        // The links to its media the export wrote before the text (media_items says which), then a blank line when
        // text follows: not text. Links a person removed or reordered are simply not there; the blank line after
        // them, when kept, is still the separator; any other line read is given back as the text's first.
        const items = z.array(exportedMediaItemSchema).safeParse(fields.entry.media_items);
        const links = mediaLinkLines(items.success ? items.data : undefined, fields.textLines > 0);
        const wanted = new Set(links.filter((l) => l !== ''));
        const separated = links.at(-1) === '';
        while (links.length > 0 && (wanted.size > 0 || separated)) {
          line = await next();
          if (line !== null && wanted.delete(line)) continue;
          if (line !== '' || !separated) held = line;
          break;
        }
        const text: string[] = [];
        while (text.length < fields.textLines && (line = await next()) !== null) text.push(line);
        if (text.length < fields.textLines) {
          report.damaged.push(`${where}: the file ends before its ${fields.textLines} lines of text`);
          break;
        }
        const content = text.join('\n');
        const parsed = exportedEntrySchema.safeParse({ title: titleOf(content), ...fields.entry, content });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          report.damaged.push(`${where}: ${issue.path.join('.') || 'entry'} ${issue.message}`);
          continue;
        }
        const problem = entryDateProblem(parsed.data, clock);
        if (problem) {
          report.damaged.push(`${where}: ${problem}`);
          continue;
        }
        if (report.ownerId === null) throw new Error('names no owner_id in its front matter; give --owner');
        batch.push(parsed.data);
        if (batch.length >= BATCH) await flush();
      }
      if (strayFrom !== null) report.damaged.push(`${name} line ${strayFrom}: text outside any entry (not imported)`);
    }
    await flush();
  } catch (error) {
    report.error = errorReason(error);
  }
  return report;
}

/** A front matter value written as JSON; undefined when it is not JSON (then named as what it is not). */
function jsonValue(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
