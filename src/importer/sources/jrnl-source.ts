/** jrnl's source: its JSON export, its plain-text journal and its folder journal (jrnl.ts reads them). */
import { ImportError } from '../import-error.ts';
import type { FileHead } from './file-head.ts';
import type { DetectedSource, FilePass, ImportSource } from './import-source-module.ts';
import { folderJournalFiles, readJrnlJson, readJrnlText } from './jrnl.ts';

/** `jrnl --format json` writes these keys; the three together are jrnl's. */
const isJrnlJson = (text: string) =>
  /"entries"\s*:/.test(text) && /"body"\s*:/.test(text) && /"starred"\s*:/.test(text);
/** A jrnl entry line near the top: `[2020-01-01 09:00] …` (or jrnl 1.x's unbracketed form). */
const JRNL_LINE = /^(\[\d[^\]\n]{5,40}\] |\d{4}-\d{2}-\d{2} \d{1,2}:\d{2} )/m;

function recogniseFile({ text, json }: FileHead, pass: FilePass): DetectedSource | null {
  if (pass === 'forced') return json ? { format: 'jrnl', kind: 'jrnl-json' } : { format: 'jrnl', kind: 'jrnl-text' };
  if (pass === 'marked' && json && isJrnlJson(text)) return { format: 'jrnl', kind: 'jrnl-json' };
  // A dated line is a shape: the journal's own Markdown export (asked in the pass before) may hold one too.
  if (pass === 'shaped' && !json && JRNL_LINE.test(text.split('\n').slice(0, 50).join('\n')))
    return { format: 'jrnl', kind: 'jrnl-text' };
  return null;
}

function recogniseFolder(folder: string, name: string, forced: boolean): DetectedSource | null {
  if (folderJournalFiles(folder).length > 0) return { format: 'jrnl', kind: 'jrnl-folder' };
  if (forced) throw new ImportError(name, 'holds no jrnl folder journal (YYYY/MM/DD.txt files).');
  return null;
}

export const jrnlSource: ImportSource = {
  format: 'jrnl',
  app: 'jrnl',
  title: 'jrnl',
  names: {
    'jrnl-json': 'a jrnl JSON export',
    'jrnl-text': 'a jrnl journal (text)',
    'jrnl-folder': 'a jrnl folder journal',
  },
  options: [{ option: 'dateFormat', said: '--date-format (jrnl text journals)', kinds: ['jrnl-text', 'jrnl-folder'] }],
  recogniseFile,
  recogniseFolder,
  read: (found, file, o) =>
    found.kind === 'jrnl-json' ? readJrnlJson(file, o.timeZone) : readJrnlText(file, o.timeZone, o.dateFormat),
};
