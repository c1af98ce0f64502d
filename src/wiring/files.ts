/** /export (zips of the journal) and a Telegram Desktop export sent as a document (the import feature). */
import { createChatExporter } from '../export/chat-export.ts';
import { importTelegramExport } from '../importer/telegram-export/import-export.ts';
import type { DocumentImport } from '../telegram/document-import.ts';
import { createDocumentImport } from '../telegram/document-import.ts';
import type { JournalExporter } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

/** `maxPartBytes`: tests make parts small to see the split; production uses Telegram's 50 MB. */
export function exporterOf({ db, config, clock }: Wiring, maxPartBytes?: number): JournalExporter {
  const { journalTimezone: timeZone, journalDayStartsAt: dayStartsAt } = config;
  return createChatExporter({
    db,
    timeZone,
    dayStartsAt,
    clock,
    maxPartBytes,
    encryptedJournal: config.journalKey !== null,
  });
}

export function documentImportOf({ db, config, clock, token }: Wiring): DocumentImport {
  const { journalTimezone: timeZone, journalDayStartsAt: dayStartsAt } = config;
  return createDocumentImport({
    token,
    apiRoot: config.telegramApiRoot,
    importExport: (file, options) => importTelegramExport(db, file, { ...options, timeZone, dayStartsAt, now: clock }),
  });
}
