/**
 * Telegram's source: a Telegram Desktop export (result.json, or the folder it wrote) and the journal's own JSON export
 * (npm run export), which telegram-export/ reads through the same pipeline. Any JSON no other source claims is
 * Telegram's too, to read or to refuse with what it expected.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ImportError } from '../import-error.ts';
import { headSync, type FileHead } from './file-head.ts';
import type { DetectedSource, FilePass, ImportSource } from './import-source-module.ts';
import { telegramExportIn } from './telegram-folder.ts';

/** The journal's own JSON export opens with its format (anywhere in the head will do when --format says so). */
const OWN_EXPORT_FIRST = /^\s*\{\s*"format"\s*:\s*"journal-objects-export"/;
const OWN_EXPORT = /"format"\s*:\s*"journal-objects-export"/;
/** A Telegram Desktop export's first keys: common words, so the sources with a marker of their own go first. */
const TELEGRAM_KEYS = /"(messages|chats|personal_information|left_chats)"\s*:/;

function recogniseFile({ text, json }: FileHead, pass: FilePass): DetectedSource | null {
  if (!json && pass !== 'forced') return null;
  switch (pass) {
    case 'forced':
      return json && OWN_EXPORT.test(text)
        ? { format: 'telegram', kind: 'journal-export' }
        : { format: 'telegram', kind: 'telegram' };
    case 'marked':
      return OWN_EXPORT_FIRST.test(text) ? { format: 'telegram', kind: 'journal-export' } : null;
    case 'shaped':
      return TELEGRAM_KEYS.test(text) ? { format: 'telegram', kind: 'telegram' } : null;
    case 'fallback':
      return { format: 'telegram', kind: 'telegram', guessed: true };
  }
}

function recogniseFolder(folder: string, name: string, forced: boolean): DetectedSource | null {
  // The journal's own JSON export written into a folder (with its media/ folder beside it).
  const ownExport = readdirSync(folder)
    .filter((n) => /^journal-.*\.json$/i.test(n))
    .sort()
    .map((n) => path.join(folder, n))
    .find((json) => OWN_EXPORT_FIRST.test(headSync(json).replace(/^\uFEFF/, '')));
  if (ownExport) return { format: 'telegram', kind: 'journal-export', file: ownExport };
  // The folder Telegram Desktop wrote (result.json with photos/, voice_messages/… beside it), or the one holding it.
  const telegram = telegramExportIn(folder, name);
  if (telegram) return { format: 'telegram', kind: 'telegram', file: telegram };
  if (forced)
    throw new ImportError(
      name,
      `is a folder with no Telegram export in it (result.json, directly or one folder down).`,
    );
  return null;
}

export const telegramSource: ImportSource = {
  format: 'telegram',
  app: 'telegram',
  title: 'Telegram',
  names: { telegram: 'a Telegram Desktop export', 'journal-export': 'a journal export (npm run export, JSON)' },
  options: [{ option: 'chats', said: '--chat (Telegram exports)', kinds: ['telegram'] }],
  recogniseFile,
  recogniseFolder,
};
