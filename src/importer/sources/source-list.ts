/**
 * Every source `npm run import` reads, in one list, each its own module (import-source-module.ts says what one
 * declares: its --format name, `source_app`, how the CLI names its forms, its own options, how it recognises its
 * files and folders, its reader). A new importer is its module and one line here, with its forms in DetectedSource
 * and its app in journal/entries/entry-source.ts's SOURCE_APPS (checked in code: no migration).
 *
 * The order is detection's priority (detect-source.ts asks the sources in it, pass by pass): Telegram first, as its
 * folder and the journal's own JSON export are recognised before anything else, and its guess at any other JSON
 * comes in the last pass; jrnl before Markdown, so a text of dated lines is jrnl's before it is a note.
 */
import { dayOneSource } from './dayone-source.ts';
import type { DetectedSource, ImportSource, SourceFormat, SourceOption } from './import-source-module.ts';
import { jrnlSource } from './jrnl-source.ts';
import { markdownSource } from './markdown-source.ts';
import { telegramSource } from './telegram-source.ts';

export const IMPORT_SOURCES: readonly ImportSource[] = [telegramSource, dayOneSource, jrnlSource, markdownSource];

/** The --format names, in alphabetical order (as the CLI lists them). */
export const SOURCE_FORMATS: readonly SourceFormat[] = IMPORT_SOURCES.map((s) => s.format).sort();

/** The source of a format (every SourceFormat has one: test/importer/source-list.test.ts). */
export function importSourceOf(format: SourceFormat): ImportSource {
  const source = IMPORT_SOURCES.find((s) => s.format === format);
  if (!source) throw new Error(`no import source for the format ${format}`);
  return source;
}

/** How the CLI names what it found. */
export function sourceName(found: DetectedSource): string {
  return importSourceOf(found.format).names[found.kind] ?? found.kind;
}

/** The options given that do not apply to what was found, as the refusal names them. */
export function misplacedOptions(found: DetectedSource, given: Record<SourceOption['option'], boolean>): string[] {
  return IMPORT_SOURCES.flatMap((source) =>
    source.options
      .filter(
        (o) =>
          given[o.option] &&
          !(source.format === found.format && (o.kinds === undefined || o.kinds.includes(found.kind))),
      )
      .map((o) => o.said),
  );
}
