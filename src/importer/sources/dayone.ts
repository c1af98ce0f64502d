/**
 * Day One's JSON export (the zip, one `<Journal>.json` of it, or the unzipped folder) → source items: each journal
 * streamed in turn, a zip's media unpacked first, `--journal` choosing journals. Each entry is read by dayone-item.ts.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { isOwnFile } from '../../journal/contained-file.ts';
import path from 'node:path';
import { ImportError } from '../import-error.ts';
import { dayOneItem } from './dayone-item.ts';
import { jsonValues } from './json-values.ts';
import type { SourceItem, SourceReader } from './source-item.ts';
import { listZip, readZipMember, ZipError, type ZipMember } from './zip-reader.ts';
import { unpackFolder, unpackZipMedia } from './dayone-zip-media.ts';
import { errorReason } from '../../log/error-message.ts';
import { cleanJournalName } from '../../journal/journal-names.ts';

export interface DayOneOptions {
  /** `--journal` names; empty: every journal. */
  journals?: readonly string[];
  /** A zip member may not inflate past this (tests bound a bomb with less). */
  maxMemberBytes?: number;
  /** Ctrl-C: a zip's media stop being unpacked (the import then stops after its batch in hand). */
  signal?: AbortSignal;
  /** The longest string field read whole (json-values.ts MAX_FIELD_BYTES by default). */
  maxFieldBytes?: number;
}

/** The journals of a zip: its top-level `.json` members (media sit in photos/, videos/…). */
function journalMembers(members: ZipMember[]): ZipMember[] {
  return members.filter(
    (m) => !m.name.includes('/') && m.name.toLowerCase().endsWith('.json') && !m.name.startsWith('.'),
  );
}

export const journalNameOf = (fileName: string) => path.basename(fileName).replace(/\.json$/i, '');

/** The Day One journals of an unzipped export folder: its top-level `.json` files (never a link: isOwnFile). */
export function dayOneFolderJournals(folder: string): string[] {
  return readdirSync(folder)
    .filter((n) => n.toLowerCase().endsWith('.json') && !n.startsWith('.'))
    .sort()
    .map((n) => path.join(folder, n))
    .filter(isOwnFile);
}

/**
 * A reader over a Day One zip, JSON file, or unzipped export folder. `zip`: what the content said the file is. The
 * media of a JSON file or folder are read from the folder it sits in (photos/, videos/, audios/, pdfs/).
 */
export function readDayOne(file: string, zip: boolean, options: DayOneOptions = {}): SourceReader {
  const folder = !zip && statSync(file).isDirectory() ? file : null;
  const journalFiles = folder ? dayOneFolderJournals(folder) : [];
  const progress = {
    bytesRead: 0,
    totalBytes: folder ? journalFiles.reduce((n, f) => n + statSync(f).size, 0) : statSync(file).size,
  };
  const wanted = (options.journals ?? []).map((j) => j.trim().toLowerCase());
  const chosen = (journal: string) => wanted.length === 0 || wanted.includes(journal.toLowerCase());
  async function* items(): AsyncGenerator<SourceItem> {
    if (folder) {
      let before = 0;
      for (const json of journalFiles) {
        const journal = journalNameOf(json);
        yield* journalItems(createReadStream(json, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>, {
          journal,
          chosen: chosen(journal),
          named: journalFiles.length > 1,
          onBytes: (b) => (progress.bytesRead = before + b),
          maxFieldBytes: options.maxFieldBytes,
        });
        before += statSync(json).size;
      }
      return;
    }
    if (!zip) {
      yield* journalItems(createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>, {
        journal: journalNameOf(file),
        chosen: chosen(journalNameOf(file)),
        named: false,
        onBytes: (b) => (progress.bytesRead = b),
        maxFieldBytes: options.maxFieldBytes,
      });
      return;
    }
    let members: ZipMember[];
    try {
      members = await listZip(file);
    } catch (error) {
      throw error instanceof ZipError ? new ImportError(file, error.message) : error;
    }
    const journals = journalMembers(members);
    if (journals.length === 0)
      throw new ImportError(file, 'is a zip, but holds no Day One journal (no .json file at its top level).');
    const unknown = wanted.filter((w) => !journals.some((m) => journalNameOf(m.name).toLowerCase() === w));
    if (unknown.length) {
      throw new ImportError(
        file,
        `holds no journal named ${unknown.map((u) => `"${u}"`).join(', ')}; its journals: ${journals.map((m) => `"${journalNameOf(m.name)}"`).join(', ')}.`,
      );
    }
    if (unpacked) await unpackZipMedia(file, members, await unpacked.create(), options.maxMemberBytes, options.signal);
    let before = 0;
    // A zip of several journals keeps them apart: each becomes the journal of its name (one alone joins the main one).
    const named = journals.length > 1;
    for (const member of journals) {
      const journal = journalNameOf(member.name);
      if (member.symlink) {
        yield { skip: 'symlink', id: member.name, journal };
        continue;
      }
      try {
        yield* journalItems(readZipMember(file, member, options.maxMemberBytes), {
          journal,
          chosen: chosen(journal),
          named,
          onBytes: (b) =>
            (progress.bytesRead = Math.min(
              progress.totalBytes,
              before + Math.round((b * member.compressedSize) / Math.max(1, member.size)),
            )),
          maxFieldBytes: options.maxFieldBytes,
        });
      } catch (error) {
        throw error instanceof ZipError ? new ImportError(file, error.message) : error;
      }
      before += member.compressedSize;
    }
  }
  // A zip's media are unpacked into a private folder before its entries are read; a JSON file's are read beside it.
  const unpacked = zip ? unpackFolder() : null;
  const mediaFolder = unpacked?.path ?? folder ?? path.dirname(path.resolve(file));
  const label = zip ? 'Day One zip' : folder ? 'Day One folder' : 'Day One JSON';
  return {
    app: 'dayone',
    label,
    items: items(),
    progress,
    mediaFolder,
    ...(unpacked ? { close: unpacked.remove } : {}),
  };
}

/** How one Day One journal's file is read. */
interface JournalRead {
  /** Its name (the file's). */
  journal: string;
  /** Picked by --journal (or no choice made): unpicked, its entries are skipped as not selected. */
  chosen: boolean;
  /** Its entries go into the journal of its name (journal/journal-names.ts). */
  named: boolean;
  onBytes: (bytes: number) => void;
  maxFieldBytes?: number;
}

/** One Day One journal's items. */
async function* journalItems(
  chunks: AsyncIterable<Buffer>,
  { journal, chosen, named, onBytes, maxFieldBytes }: JournalRead,
): AsyncGenerator<SourceItem> {
  const into = named ? cleanJournalName(journal) : undefined;
  let index = 0;
  let sawEntries = false;
  try {
    for await (const { value, path: at, oversized } of jsonValues(
      chunks,
      ['$.entries.*', '$.entries'],
      onBytes,
      maxFieldBytes,
    )) {
      if (at.length === 0) {
        // `$.entries` itself, after its elements: it must have been an array.
        if (!Array.isArray(value)) throw new Error('has "entries" that is not a list');
        sawEntries = true;
        continue;
      }
      const item = chosen
        ? dayOneItem(value, journal, index, oversized === true)
        : { skip: 'not-selected' as const, id: `entry ${index + 1}`, journal };
      yield into !== undefined && 'entry' in item ? { ...item, entry: { ...item.entry, journal: into } } : item;
      index += 1;
    }
  } catch (error) {
    if (error instanceof ZipError || error instanceof ImportError) throw error;
    throw new ImportError(`${journal}.json`, errorReason(error));
  }
  if (!sawEntries)
    throw new ImportError(`${journal}.json`, 'is JSON, but not a Day One export: it has no "entries" list.');
}
