/**
 * Markdown's source: a folder of daily notes (Obsidian or Logseq; markdown-notes.ts reads them) and the journal's own
 * Markdown export, one file or a folder of year files (own-markdown-export.ts).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { headSync, type FileHead } from './file-head.ts';
import type { DetectedSource, FilePass, ImportSource } from './import-source-module.ts';
import { markdownFiles, readMarkdownNotes } from './markdown-notes.ts';
import { isOwnMarkdownExport, readOwnMarkdownExport } from './own-markdown-export.ts';

function recogniseFile({ file, text, json }: FileHead, pass: FilePass): DetectedSource | null {
  if (pass === 'forced')
    return isOwnMarkdownExport(text)
      ? { format: 'markdown', kind: 'own-markdown' }
      : { format: 'markdown', kind: 'notes' };
  if (json) return null;
  // The own export's front matter is a marker; a note is only a shape, asked after jrnl's dated lines.
  if (pass === 'marked' && isOwnMarkdownExport(text)) return { format: 'markdown', kind: 'own-markdown' };
  if (pass === 'shaped' && (/\.(md|markdown)$/i.test(file) || /^---\r?\n/.test(text) || /^#{1,6} /m.test(text)))
    return { format: 'markdown', kind: 'notes' };
  return null;
}

/** The own export by year, or daily notes: one with a date in its name will do (any note, when --format says so). */
function recogniseFolder(folder: string, _name: string, forced: boolean): DetectedSource | null {
  // The year files (2024.md, 2025.md) are recognised by the first one's front matter.
  const markdown = readdirSync(folder)
    .filter((n) => /\.md$/i.test(n))
    .sort();
  if (markdown.length > 0 && isOwnMarkdownExport(headSync(path.join(folder, markdown[0]!))))
    return { format: 'markdown', kind: 'own-markdown' };
  const notes = markdownFiles(folder);
  if (notes.some((n) => n.day !== null) || (forced && notes.length > 0)) return { format: 'markdown', kind: 'notes' };
  return null;
}

export const markdownSource: ImportSource = {
  format: 'markdown',
  app: 'markdown',
  title: 'Markdown notes',
  names: {
    notes: 'a folder of daily notes (Obsidian or Logseq)',
    'own-markdown': 'a journal export (npm run export, Markdown)',
  },
  options: [],
  recogniseFile,
  recogniseFolder,
  read: (found, file, o) =>
    found.kind === 'own-markdown'
      ? readOwnMarkdownExport(file, o.timeZone, o.dayStartsAt)
      : readMarkdownNotes(file, o.timeZone, o.dayStartsAt),
};
