/** What the bot needs from the rest of the app; handlers call these and never touch SQL or the SDK. */
import type { Logger } from '../logger.ts';
import type { EditResult, SaveResult } from '../journal/entry-store.ts';
import type { EntryDraft } from '../journal/entry.ts';
import type { OnThisDay } from '../journal/memories.ts';
import type { AskOptions, AskOutcome, Questions } from '../llm/ask.ts';
import type { ReviewPeriod } from '../journal/review-range.ts';
import type { DocumentImport } from './document-import.ts';
import type { Jobs } from './job-runner.ts';
import type { StatsPeriod, StatsPicture } from '../stats/stats-picture.ts';

export interface EntryCapture {
  save(draft: EntryDraft): Promise<SaveResult>;
  edit(draft: EntryDraft, editedAt: Date): Promise<EditResult>;
}

/** Reads of the journal the chat shows directly, without the model. */
export interface JournalReads {
  /** The owner's local day now, YYYY-MM-DD. */
  today(): string;
  onThisDay(ownerId: number, date: string): Promise<OnThisDay>;
  wroteOn(ownerId: number, day: string): Promise<boolean>;
}

/** The owner's daily-digest setting; the scheduler that sends digests lives outside the bot. */
export interface DigestSettings {
  /** The zone digest times are read in (JOURNAL_TIMEZONE). */
  timeZone: string;
  get(ownerId: number): Promise<{ localTime: string } | undefined>;
  set(ownerId: number, chatId: number, localTime: string): Promise<void>;
  /** True if a digest was on. */
  off(ownerId: number): Promise<boolean>;
}

/** The owner's journal exported for /export: files in a temp folder, gone after cleanup(). */
export interface JournalExporter {
  exportForChat(ownerId: number, format: 'json' | 'md'): Promise<{ files: { path: string; name: string }[]; entries: number; cleanup(): Promise<void> }>;
}

export interface BotDeps {
  allowedUserIds: readonly number[];
  capture: EntryCapture;
  journal: JournalReads;
  digests: DigestSettings;
  logger: Logger;
  /** Answers questions; absent when ANTHROPIC_API_KEY is not set. */
  questions?: Questions;
  /** Reviews of the last week or month; absent when ANTHROPIC_API_KEY is not set. */
  reviews?: { review(ownerId: number, period: ReviewPeriod, options?: AskOptions): Promise<AskOutcome> };
  /** Imports a Telegram Desktop export the owner sent as a document. */
  importDocument: DocumentImport;
  /** Runs the slow part of an update (questions, imports) apart from capture. */
  jobs: Jobs;
  exporter: JournalExporter;
  /** /stats pictures (and the digest's weekly one). */
  stats: StatsPictures;
}

/** A stats picture of the owner's journal for a period, or a sentence when it holds no entries. */
export interface StatsPictures {
  picture(ownerId: number, period: StatsPeriod): Promise<StatsPicture>;
}
