/**
 * An export written to a folder (the export file or files beside media/, export-journal.ts), packed into zips that
 * each stay within a size limit (Telegram's 50 MB uploads): every part holds its export file(s) and the media those
 * reference, in the folder's own layout, so unzipping one part and running `npm run import` on it restores its entries
 * with their media. Media are stored as they are (photos, audio and video are compressed already), so their cost is
 * known before writing; the export text is deflated. yazl writes the zips: streaming deflate and ZIP64 are what a
 * library does better than hand-written code, and it reads each file from disk as it goes (memory stays flat).
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** What a member costs besides its bytes, at most: headers with the name twice, ZIP64 and timestamp fields, descriptor. */
export const zipMemberOverhead = (name: string): number => 30 + 46 + 2 * (Buffer.byteLength(name) + 28 + 9) + 24;

/** The end of a zip: its end record, and the ZIP64 end record and locator when a part needs them. */
export const ZIP_END_BYTES = 22 + 56 + 20;

/** Deflate's worst case for n bytes (zlib's deflateBound, rounded up): incompressible text grows a little. */
const deflateBound = (n: number): number => n + Math.ceil(n / 4096) + Math.ceil(n / 16384) + 64;

/**
 * How big an export file may grow so that its zip, deflate's worst case and the zip's own records included, still fits
 * `limit` (export-journal.ts maxPartBytes).
 */
export const textRoomOf = (limit: number): number =>
  Math.floor((limit - ZIP_END_BYTES - zipMemberOverhead('x'.repeat(96))) / (1 + 1 / 4096 + 1 / 16384)) - 128;

export interface ZipMember {
  /** The file on disk. */
  file: string;
  /** Its name in the zip: the export file's own name, or `media/<sha256>.<extension>`. */
  name: string;
  compress: boolean;
}

export interface ZipPlan {
  parts: ZipMember[][];
  /** Media left out of every part, each bigger than a part can carry beside its export file: their entries keep the reference. */
  leftOut: { name: string; bytes: number }[];
}

/** An export file and the media its entries' media items name (parted-output.ts ExportFile). */
export interface ExportFileWithMedia {
  path: string;
  media?: readonly string[];
}

interface SizedMedium {
  name: string;
  file: string;
  bytes: number;
  cost: number;
}

/** The file's media that are in the folder, with what each costs in a zip; one not written (a reference only) has none. */
async function sizedMedia(folder: string, names: readonly string[]): Promise<SizedMedium[]> {
  const sized: SizedMedium[] = [];
  for (const name of names) {
    const file = path.join(folder, ...name.split('/'));
    const bytes = await stat(file).then(
      (s) => s.size,
      () => null, // not kept in the journal (a reference only): nothing to carry
    );
    if (bytes !== null) sized.push({ name, file, bytes, cost: bytes + zipMemberOverhead(name) });
  }
  return sized;
}

/**
 * Packs the export files (in order) with the media their entries' media items name (never what their text happens to
 * say): a new part when the next export file and its media not yet in the part do not fit (JSON: always, since a folder
 * is imported by its one export file), each medium beside the first file of its part that needs it. A medium is left
 * out only when it does not fit a part of its own beside its export file.
 */
export async function planZipParts(
  folder: string,
  exportFiles: readonly ExportFileWithMedia[],
  limit: number,
  options: { oneFilePerPart: boolean },
): Promise<ZipPlan> {
  const parts: ZipMember[][] = [];
  const tooBig = new Map<string, number>();
  const placed = new Set<string>();
  let room = 0;
  let inPart = new Set<string>();
  for (const exportFile of exportFiles) {
    const name = path.basename(exportFile.path);
    const cost = deflateBound((await stat(exportFile.path)).size) + zipMemberOverhead(name);
    const media = await sizedMedia(folder, exportFile.media ?? []);
    // The media that would join this part with the file: those not in it already that could fit beside the file at all.
    const fitsAtAll = (m: SizedMedium) => m.cost <= limit - ZIP_END_BYTES - cost;
    const mediaCost = media.filter((m) => !inPart.has(m.name) && fitsAtAll(m)).reduce((n, m) => n + m.cost, 0);
    if (parts.length === 0 || options.oneFilePerPart || cost + mediaCost > room) {
      parts.push([]);
      room = limit - ZIP_END_BYTES;
      inPart = new Set();
    }
    parts.at(-1)!.push({ file: exportFile.path, name, compress: true });
    room -= cost;
    for (const m of media) {
      if (inPart.has(m.name)) continue;
      if (m.cost > room) {
        tooBig.set(m.name, m.bytes);
        continue;
      }
      parts.at(-1)!.push({ file: m.file, name: m.name, compress: false });
      inPart.add(m.name);
      placed.add(m.name);
      room -= m.cost;
    }
  }
  const leftOut = [...tooBig].filter(([name]) => !placed.has(name)).map(([name, bytes]) => ({ name, bytes }));
  return { parts, leftOut };
}

/** Writes one part's zip (private, 0600, never over an existing file), reading each member from disk in turn. */
export async function writeZip(file: string, members: readonly ZipMember[]): Promise<number> {
  const zip = new ZipFile();
  // yazl reports a file it cannot read (or one that changed size) as an 'error' event on the ZipFile, not on its
  // stream: unheard, that event would end the process; heard, it fails this zip (and the export) with the reason.
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  for (const m of members) zip.addFile(m.file, m.name, { compress: m.compress, mode: 0o100600 });
  zip.end();
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  const piped = pipeline(zip.outputStream, out);
  try {
    await Promise.race([piped, failed]);
  } catch (error) {
    // Destroying the file's stream ends the pipeline, which destroys the zip's stream too.
    piped.catch(() => undefined);
    out.destroy();
    throw error;
  }
  return (await stat(file)).size;
}
