/** The import command's line: its usage and options, read twice (cli/import.ts, for the parse thread; the command). */
import type { ParseArgsConfig } from 'node:util';

export const IMPORT_OPTIONS = {
  owner: { type: 'string' },
  chat: { type: 'string', multiple: true },
  format: { type: 'string' },
  journal: { type: 'string', multiple: true },
  into: { type: 'string' },
  'date-format': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const IMPORT_USAGE = `Usage: npm run import -- <file or folder> [--format dayone|jrnl|markdown|telegram] [--owner <telegram user id>]
                          [--dry-run] [--chat <name or id>]… [--journal <name>]… [--date-format <strftime>]
                          [--into <journal name>]
  Recognises what it is given by its content and says which it found:
  - a Telegram Desktop export (result.json; --chat picks chats of a full-account export, repeatable),
  - a Day One export (the zip or its <Journal>.json; --journal picks journals of a zip, repeatable; default all;
    a zip of several journals keeps them apart, each the journal of its name),
  - a jrnl journal (its text file, a folder journal, or jrnl --format json; --date-format for another timeformat,
    e.g. "%d.%m.%Y %H:%M"; times are read in JOURNAL_TIMEZONE),
  - a folder of Obsidian (YYYY-MM-DD.md) or Logseq (journals/YYYY_MM_DD.md) daily notes,
  - the journal's own export (npm run export: JSON, imported whole, or Markdown).
  --format overrides the recognition; --dry-run says what would be imported and writes nothing;
  --into puts every entry imported into the journal of that name (a topic's journal; Main is the main one).`;
