/** What the bot needs from the rest of the app; handlers call these and never touch SQL or the SDK. */
import type { Logger } from '../log/logger.ts';
import type { EditResult, SaveResult } from '../journal/entries/entry-store.ts';
import type { EntryDraft } from '../journal/entries/entry.ts';
import type { OnThisDay } from '../journal/memories.ts';
import type { JournalEntryValue } from '../journal/views/entry-queries.ts';
import type { AskOptions, AskOutcome, Questions } from '../llm/ask.ts';
import type { SentLedger } from '../llm/sent-ledger.ts';
import type { ReviewPeriod } from '../journal/review-range.ts';
import type { DocumentImport } from './document-import.ts';
import type { Jobs } from './jobs/job-runner.ts';
import type { EntryToForget, ForgetEntryResult, ForgetOwnerResult } from '../journal/forget/forget.ts';
import type { JournalBrowse } from '../journal/browse.ts';
import type { StatsPeriod, StatsPicture } from '../stats/stats-picture.ts';
import type { JournalCount } from '../journal/journals/journal-queries.ts';
import type { TopicNamed } from '../journal/journals/journal-topics.ts';
import type { CitationLinks } from './entry-links.ts';
import type { GenerationStops } from './generation-stops.ts';

export interface EntryCapture {
  /** `replyTo`: the message the entry replies to (a writing prompt it answers, when the bot asked one there). */
  save(draft: EntryDraft, replyTo?: number): Promise<SaveResult>;
  edit(draft: EntryDraft, editedAt: Date): Promise<EditResult>;
}

/** Reads of the journal the chat shows directly, without the model. */
export interface JournalReads {
  /** The owner's local day now, YYYY-MM-DD. */
  today(): string;
  onThisDay(ownerId: number, date: string): Promise<OnThisDay>;
  wroteOn(ownerId: number, day: string): Promise<boolean>;
  /**
   * The entries of local days `from` to `to` (a review's), newest day first, at most a rich message's worth; of one
   * journal (its stored name, a topic's) or of all.
   */
  between(ownerId: number, from: string, to: string, journal?: string): Promise<JournalEntryValue[]>;
  /** The Telegram file ids of these entries' photos, for a rich message's collage. */
  photoIds(ownerId: number, entryIds: readonly number[]): Promise<string[]>;
}

/** The owner's daily-digest setting; the scheduler that sends digests lives outside the bot. */
export type DigestSettings = DailyTimeSetting;

/** One daily time of the owner's (the digest's, the reminder's), set by a command (daily-time-command.ts). */
export interface DailyTimeSetting {
  /** The zone the times are read in (JOURNAL_TIMEZONE). */
  timeZone: string;
  get(ownerId: number): Promise<{ localTime: string } | undefined>;
  set(ownerId: number, chatId: number, localTime: string): Promise<void>;
  /** True if it was on. */
  off(ownerId: number): Promise<boolean>;
}

/** Moods by journal day (/mood and the mood buttons). */
export interface MoodSettings {
  get(ownerId: number, day: string): Promise<number | null>;
  set(ownerId: number, day: string, mood: number): Promise<void>;
  /** True if there was a mood to clear. */
  clear(ownerId: number, day: string): Promise<boolean>;
}

/** Writing prompts: one to answer, the owner's own list, and the messages that asked one. */
export interface WritingPrompts {
  /** A prompt for the owner today (built-in, their own, or a memory from this day). */
  pick(ownerId: number): Promise<string>;
  list(ownerId: number): Promise<string[]>;
  add(ownerId: number, text: string): Promise<void>;
  /** Removes the prompt at position `n` (1-based); its text, or null. */
  remove(ownerId: number, n: number): Promise<string | null>;
  /**
   * Records that a sent message asked `prompt`, so a reply to it answers it. `aboutEntryId`: the entry a /reflect
   * question was about (it may quote it, so forgetting the entry forgets the question).
   */
  asked(
    ref: { ownerId: number; chatId: number; messageId: number },
    prompt: string,
    aboutEntryId?: number,
  ): Promise<void>;
}

/** The owner's daily reminder to write; the scheduler that sends them lives outside the bot. */
export interface ReminderSettings extends DailyTimeSetting {
  /** The reminder's buttons: another in an hour, or none more today. False when there is no reminder that day. */
  snooze(ownerId: number, day: string): Promise<boolean>;
  skip(ownerId: number, day: string): Promise<boolean>;
}

/** An export for /export: zips within the upload limit, each written when sent; the temp folder goes at cleanup(). */
export interface ChatExport {
  /** In order; `send` writes the zip, hands its path to `upload`, then removes it. */
  parts: { name: string; send(upload: (file: string) => Promise<void>): Promise<void> }[];
  entries: number;
  /** Media too big for any part: their entries keep the Telegram reference. */
  leftOut: { count: number; bytes: number };
  /** JOURNAL_KEY is set, while the zips are plain (as every export is). */
  encryptedJournal: boolean;
  cleanup(): Promise<void>;
}

/** The owner's journal exported for /export: zip parts written to a temp folder one at a time, gone after cleanup(). */
export interface JournalExporter {
  /** `journal`: that journal alone (a stored name); every journal when left out. */
  exportForChat(ownerId: number, format: 'json' | 'md', journal?: string): Promise<ChatExport>;
}

/** Forgetting an entry or the whole journal (journal/forget/forget.ts), always for the owner who asks. */
export interface Forgetting {
  find(
    ownerId: number,
    ref: { entryId: number } | { chatId: number; messageId: number },
  ): Promise<EntryToForget | undefined>;
  /** `alsoMessages`: chat messages that quoted the entry (the prompt), whose stored updates go too. */
  entry(
    ownerId: number,
    entryId: number,
    alsoMessages: readonly { chatId: number; messageId: number }[],
  ): Promise<ForgetEntryResult>;
  everything(ownerId: number): Promise<ForgetOwnerResult>;
  countEntries(ownerId: number): Promise<number>;
}

/** An app connected to the journal over remote MCP: what /connections lists. */
export interface RemoteConnection {
  grantId: number;
  clientName: string;
  /** ISO instants. */
  since: string;
  lastUsed: string | null;
}

/** What the owner is asked about when they open a consent link. */
export interface ConsentQuestion {
  requestId: number;
  clientName: string;
  /** The https host serving the client's metadata document (identity verified); null when self-declared. */
  verifiedHost: string | null;
  /** Where the browser goes back to: a web host, or an app's own scheme. */
  returnsTo: { kind: 'host'; host: string } | { kind: 'scheme'; scheme: string };
}

/** Remote MCP (PUBLIC_URL): the owner's consent to a connection in the chat, and /connections. */
export interface RemoteConnections {
  /** The MCP URL to add as a connector (what /connections tells an owner with none). */
  mcpUrl: string;
  /** Whether a /start argument is a consent link's payload. */
  isConsentPayload(startArgument: string): boolean;
  /** Binds the request behind a payload to this owner; null when the link was used, expired or is unknown. */
  open(ownerId: number, payload: string): Promise<ConsentQuestion | null>;
  /** The owner's Allow or Deny; not answered when the request is not theirs to answer (any more). */
  decide(
    ownerId: number,
    requestId: number,
    allow: boolean,
  ): Promise<{ answered: false } | { answered: true; code: string | null }>;
  list(ownerId: number): Promise<RemoteConnection[]>;
  /** Ends a connection: its tokens stop working at once. False when it was not the owner's or already ended. */
  revoke(ownerId: number, grantId: number): Promise<boolean>;
}

/** Why questions get no model: JOURNAL_AI=off, or no ANTHROPIC_API_KEY. */
export type AiOff = 'switched-off' | 'no-key';

export interface BotDeps {
  allowedUserIds: readonly number[];
  capture: EntryCapture;
  journal: JournalReads;
  digests: DigestSettings;
  moods: MoodSettings;
  prompts: WritingPrompts;
  reminders: ReminderSettings;
  logger: Logger;
  /** Answers questions; absent when the AI is off (`aiOff` says why). */
  questions?: Questions;
  aiOff?: AiOff | null;
  forgetting: Forgetting;
  /** /search and /day: views of the journal, read without any model. */
  browse: JournalBrowse;
  /** Reviews of the last week or month; absent when ANTHROPIC_API_KEY is not set. */
  reviews?: { review(ownerId: number, period: ReviewPeriod, options?: AskOptions): Promise<AskOutcome> };
  /** Imports a Telegram Desktop export the owner sent as a document. */
  importDocument: DocumentImport;
  /** Runs the slow part of an update (questions, reviews, exports, imports) apart from capture, each reply sent once. */
  jobs: Jobs;
  exporter: JournalExporter;
  /** The ledger of entry text sent to a model, for /sent (readable with the AI off too). */
  sent: Pick<SentLedger, 'totals'>;
  /** Whether an error is the store failing (locked, disk full): such an update is retried by the inbox, not apologised for. */
  isStorageFailure?: (error: unknown) => boolean;
  /** /stats pictures (and the digest's weekly one). */
  stats: StatsPictures;
  /** Remote MCP connections; absent without PUBLIC_URL. */
  connections?: RemoteConnections;
  /** The owner's journals: one per topic of their chat with the bot, and the main one outside topics. */
  journals: TopicJournals;
  /** The entries an answer cites and where their links lead (the "From:" line, /entry_<id>); absent, answers go without. */
  citations?: CitationLinks & { show(ownerId: number, id: number): Promise<ShownEntry | undefined> };
  /** /reflect's settings and claims; absent, /reflect is not offered. */
  reflect?: ReflectSettings;
  /** Answers being written under a draft with a Stop button; absent, drafts have no Stop button. */
  generations?: GenerationStops;
  /** /web: login links for npm run web on the owner's computer. */
  webLinks: WebLinks;
}

/** One-time login links for npm run web (db/login-link-store.ts), as whole URLs on 127.0.0.1:WEB_PORT. */
export interface WebLinks {
  link(ownerId: number): Promise<string>;
}

/** /reflect: the journal that asks back (journal/prompts/reflect-store.ts). */
export interface ReflectSettings {
  isOn(ownerId: number, journal: string): Promise<boolean>;
  /** Whether it was on before. */
  set(ownerId: number, journal: string, on: boolean): Promise<boolean>;
  /** The entry a message became, claimed for its one question; null when it gets none (short, asked, day full). */
  claim(
    ownerId: number,
    message: { chatId: number; messageId: number },
  ): Promise<{ id: number; day: string; text: string } | null>;
  finish(ownerId: number, entryId: number, status: 'asked' | 'none' | 'failed'): Promise<void>;
}

/** An entry as /entry_<id> shows it. */
export interface ShownEntry {
  date: string;
  time: string;
  content: string;
}

/** Journals as topics (journal/journals/journal-topics.ts, journal-queries.ts); names are stored names ('' the main journal). */
export interface TopicJournals {
  /** The journal a topic writes into ("Topic <id>" until its name is seen). */
  ofTopic(ownerId: number, threadId: number): Promise<string>;
  /** A topic's name, from its creation or an edit: its journal takes the name, entries and all. */
  nameTopic(ownerId: number, threadId: number, name: string): Promise<TopicNamed>;
  /** Every journal with its entry count. */
  list(ownerId: number): Promise<JournalCount[]>;
  /** The stored name of the journal a person named (any case), or undefined. */
  find(ownerId: number, name: string): Promise<string | undefined>;
  /** Forgets every entry of one journal, each with everything the bot kept of it. */
  forget(ownerId: number, journal: string): Promise<{ entries: number; purged: boolean }>;
  /** The journal messages outside topics go to ('' the main one), and setting it (/journal default <name>). */
  defaultOf(ownerId: number): Promise<string>;
  setDefault(ownerId: number, journal: string): Promise<void>;
}

/** A stats picture of the owner's journal for a period, or a sentence when it holds no entries. */
export interface StatsPictures {
  /** `journal`: that journal alone (a stored name); every journal when left out. */
  picture(ownerId: number, period: StatsPeriod, journal?: string): Promise<StatsPicture>;
}
