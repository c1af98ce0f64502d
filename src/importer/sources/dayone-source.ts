/** Day One's source: its JSON export as a zip, one `<Journal>.json` of it, or the unzipped folder (dayone.ts reads them). */
import { ImportError } from '../import-error.ts';
import { readDayOne, dayOneFolderJournals } from './dayone.ts';
import { HEAD_BYTES, headSync, type FileHead } from './file-head.ts';
import type { DetectedSource, FilePass, ImportSource } from './import-source-module.ts';
import type { ZipMember } from './zip-reader.ts';

/** Every Day One entry has both; few other files name both near their top. */
const isDayOneJson = (text: string) => /"creationDate"\s*:/.test(text) && /"uuid"\s*:/.test(text);

function recogniseFile({ text, json }: FileHead, pass: FilePass): DetectedSource | null {
  if (pass === 'forced' || (pass === 'marked' && json && isDayOneJson(text)))
    return { format: 'dayone', kind: 'dayone-json' };
  return null;
}

/** A Day One zip holds its journals' `.json` at its top (an empty zip is read, and says it holds none). */
function recogniseZip(members: readonly ZipMember[], forced: boolean): DetectedSource | null {
  return forced || members.some((m) => !m.name.includes('/') && /\.json$/i.test(m.name)) || members.length === 0
    ? { format: 'dayone', kind: 'dayone-zip' }
    : null;
}

/** An unzipped Day One export: `<Journal>.json` at the top (photos/, videos/… beside it). */
function recogniseFolder(folder: string, name: string, forced: boolean): DetectedSource | null {
  if (dayOneFolderJournals(folder).some((json) => isDayOneJson(headSync(json, HEAD_BYTES))))
    return { format: 'dayone', kind: 'dayone-folder' };
  if (forced) throw new ImportError(name, 'is a folder with no Day One journal (<Journal>.json) at its top.');
  return null;
}

export const dayOneSource: ImportSource = {
  format: 'dayone',
  app: 'dayone',
  title: 'Day One',
  names: {
    'dayone-zip': 'a Day One export (zip)',
    'dayone-json': 'a Day One export (JSON)',
    'dayone-folder': 'a Day One export (unzipped folder)',
  },
  options: [{ option: 'journals', said: '--journal (Day One zips)' }],
  recogniseFile,
  recogniseZip: {
    recognise: recogniseZip,
    refusal: 'is a zip file, but not a Day One export (no journal .json at its top level).',
  },
  recogniseFolder,
  read: (found, file, o) =>
    readDayOne(file, found.kind === 'dayone-zip', { journals: [...o.journals], signal: o.signal }),
};
