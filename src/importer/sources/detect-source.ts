/**
 * What a file or folder holds, recognised by its content (never by its name alone), by asking the sources of
 * source-list.ts in its order. A file's head goes through the passes of FILE_PASSES (a marker only one app writes,
 * then a shape, then a fallback), each asking every source in turn; a zip goes to the sources that read zips; a folder
 * to each source once. `--format` asks only the source it names, which then says its form or refuses with why.
 */
import { statSync } from 'node:fs';
import { ImportError } from '../import-error.ts';
import { readFileHead, type FileHead } from './file-head.ts';
import { FILE_PASSES, type DetectedSource, type SourceFormat } from './import-source-module.ts';
import { IMPORT_SOURCES, importSourceOf, SOURCE_FORMATS } from './source-list.ts';
import { isZip, listZip } from './zip-reader.ts';

/** Recognises the source; `forced` (--format) decides the app when given, the content still picks the form. */
export async function detectSource(target: string, name: string, forced?: SourceFormat): Promise<DetectedSource> {
  let info;
  try {
    info = statSync(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(name, code === 'ENOENT' ? 'no such file.' : `cannot be read (${code ?? String(error)}).`);
  }
  if (info.isDirectory()) return detectFolder(target, name, forced);
  if (!info.isFile()) throw new ImportError(name, 'is not a file or a folder.');
  if (info.size > 0 && (await isZip(target))) return detectZip(target, name, forced);
  const head = await readFileHead(target);
  const found = recogniseHead(head, forced);
  if (found) return found;
  throw new ImportError(
    name,
    `is none of the journals this reads (${IMPORT_SOURCES.map((s) => s.title).join(', ')}): it starts with ${JSON.stringify(head.text.trim().slice(0, 40))}. Name one with --format ${SOURCE_FORMATS.join('|')}.`,
  );
}

/** Pass by pass, the first source that knows the head; with --format, the source it names. */
function recogniseHead(head: FileHead, forced?: SourceFormat): DetectedSource | null {
  if (forced) return importSourceOf(forced).recogniseFile(head, 'forced');
  for (const pass of FILE_PASSES) {
    const found = firstFound(IMPORT_SOURCES, (source) => source.recogniseFile(head, pass));
    if (found) return found;
  }
  return null;
}

/** The first source's answer that is not null, asking them in order (and no further). */
function firstFound<T>(sources: readonly T[], ask: (source: T) => DetectedSource | null): DetectedSource | null {
  for (const source of sources) {
    const found = ask(source);
    if (found) return found;
  }
  return null;
}

async function detectZip(target: string, name: string, forced?: SourceFormat): Promise<DetectedSource> {
  const zipSources = IMPORT_SOURCES.filter((s) => s.recogniseZip);
  if (forced && !importSourceOf(forced).recogniseZip)
    throw new ImportError(
      name,
      `is a zip file; only ${zipSources.map((s) => s.title).join(' and ')} exports come as zips (--format ${forced} reads no zip).`,
    );
  const members = await listZip(target).catch(() => []);
  const asked = forced ? [importSourceOf(forced)] : zipSources;
  const found = firstFound(asked, (source) => source.recogniseZip!.recognise(members, forced !== undefined));
  if (found) return found;
  // The first zip source (in the list's order) says what the zip lacks.
  throw new ImportError(name, asked[0]?.recogniseZip?.refusal ?? 'is a zip file, which no source reads.');
}

function detectFolder(folder: string, name: string, forced?: SourceFormat): DetectedSource {
  const asked = forced ? [importSourceOf(forced)] : IMPORT_SOURCES;
  const found = firstFound(asked, (source) => source.recogniseFolder(folder, name, forced !== undefined));
  if (found) return found;
  // Names the folder layouts people most often mean (a Day One folder is found by its journal's content).
  throw new ImportError(
    name,
    `is a folder with no journal this reads: no Telegram export (result.json), no daily notes (YYYY-MM-DD.md, journals/YYYY_MM_DD.md) and no jrnl folder journal (YYYY/MM/DD.txt).`,
  );
}
