/**
 * Every format `npm run export` writes, in one list, each its own module (export-format-module.ts says what one
 * declares). A new exporter is its module and one line here, and its section in docs/exporting.md: the CLI's
 * `--format` check, its usage and the docs test read this list.
 */
import { dayOneExportFormat } from './dayone-export.ts';
import type { ExportFormatModule } from './export-format-module.ts';
import { jsonExportFormat, markdownExportFormat } from './journal-export-formats.ts';
import { obsidianExportFormat } from './obsidian-export.ts';

/** The CLI's order: the default (json) first. */
export const EXPORT_FORMATS: readonly ExportFormatModule[] = [
  jsonExportFormat,
  markdownExportFormat,
  dayOneExportFormat,
  obsidianExportFormat,
];

export const EXPORT_FORMAT_NAMES: readonly string[] = EXPORT_FORMATS.map((f) => f.format);

/** The module of a `--format` name, or undefined for one no module declares. */
export const exportFormatOf = (format: string): ExportFormatModule | undefined =>
  EXPORT_FORMATS.find((f) => f.format === format);
