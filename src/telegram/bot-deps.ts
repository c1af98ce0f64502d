/** What the bot needs from the rest of the app; handlers call these and never touch SQL or the SDK. */
import type { Logger } from '../logger.ts';
import type { EditResult, SaveResult } from '../journal/entry-store.ts';
import type { EntryDraft } from '../journal/entry.ts';
import type { Questions } from '../llm/ask.ts';
import type { DocumentImport } from './document-import.ts';
import type { Jobs } from './job-runner.ts';

export interface EntryCapture {
  save(draft: EntryDraft): Promise<SaveResult>;
  edit(draft: EntryDraft, editedAt: Date): Promise<EditResult>;
}

/** The owner's journal exported for /export: files in a temp folder, gone after cleanup(). */
export interface JournalExporter {
  exportForChat(ownerId: number, format: 'json' | 'md'): Promise<{ files: { path: string; name: string }[]; entries: number; cleanup(): Promise<void> }>;
}

export interface BotDeps {
  allowedUserIds: readonly number[];
  capture: EntryCapture;
  logger: Logger;
  /** Answers questions; absent when ANTHROPIC_API_KEY is not set. */
  questions?: Questions;
  /** Imports a Telegram Desktop export the owner sent as a document. */
  importDocument: DocumentImport;
  /** Runs the slow part of an update (questions, imports) apart from capture. */
  jobs: Jobs;
  exporter: JournalExporter;
}
