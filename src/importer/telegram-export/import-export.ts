/**
 * importTelegramExport: streams an export into the journal in batches that each commit whole, and returns
 * a report (it never throws for a bad file). Stopping at any point and running again adds nothing twice.
 */
import path from 'node:path';
import type { JournalDb } from '../../db/journal-database.ts';
import type { BatchRow } from '../../journal/entries/batch-row.ts';
import { createBatchWriter, type BatchWriter } from '../batch-writer.ts';
import { isSelected } from './chat-selection.ts';
import { chatState, type ChatReport, type ChatSnapshot, type ChatState } from './chat-state.ts';
import { DAMAGE_REASONS, SKIP_REASONS, type SkipReason } from './export-format.ts';
import { ImportError } from '../import-error.ts';
import type { ImportProgress } from '../import-progress.ts';
import type { ImportCounts } from '../import-counts.ts';
import { runImport } from '../import-tail.ts';
import type { ParsedItem } from './parse-protocol.ts';
import { readParsedExport, type ParsedBatch, type ParsedOutline } from './parsed-export.ts';
import type { ParseThread } from './parse-thread.ts';

export type { ChatReport };

export interface ImportOptions {
  ownerId: number;
  /** JOURNAL_TIMEZONE: the local day of each entry, and how a zone-less `date` is read. */
  timeZone: string;
  /** JOURNAL_DAY_STARTS_AT: entries written before it count to the previous day. */
  dayStartsAt?: string;
  /** `--chat` values (name or id); empty means the default choice (see chat-selection.ts). */
  chats?: readonly string[];
  /** This bot's user id: its chat is imported by default, without doubling what it captured live. */
  botId?: number | null;
  now?: () => Date;
  /** How the report and errors name the file (default: its path). */
  name?: string;
  /** Aborting stops after the batch in hand is written and committed; the report then says `interrupted`. */
  signal?: AbortSignal;
  /** Called once per chunk read (256 KB): keep it cheap. */
  onProgress?: (progress: ImportProgress) => void;
  batchSize?: number;
  /** Count what would be imported (every batch rolled back); write nothing. */
  dryRun?: boolean;
  /** A parse thread started ahead for this file (the CLI's, parse-thread.ts): the first pass takes it over. */
  parseThread?: ParseThread;
  /** `--into <name>`: the journal every entry goes into (a stored name, journal/journal-names.ts); else the main one. */
  into?: string;
}

export interface ImportReport extends ImportCounts<SkipReason, number> {
  file: string;
  shape: 'single' | 'full' | null;
  /** Messages seen; when not interrupted, imported + alreadyPresent + all skipped. */
  messages: number;
  chats: ChatReport[];
  /** `--chat` values that named no chat in the file. */
  unmatchedChats: string[];
  interrupted: boolean;
  error: ImportError | null;
  seconds: number;
}

const DEFAULT_BATCH_SIZE = 500;
/** Message ids kept per damage reason; the rest are counted. */
export const SKIPPED_IDS_KEPT = 5;

function emptyReport(file: string): ImportReport {
  const skipped = Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
  return {
    file,
    shape: null,
    messages: 0,
    imported: 0,
    alreadyPresent: 0,
    revised: 0,
    mediaKept: 0,
    mediaMissing: 0,
    skipped,
    skippedIds: {},
    chats: [],
    unmatchedChats: [],
    interrupted: false,
    error: null,
    seconds: 0,
  };
}

export async function importTelegramExport(db: JournalDb, file: string, options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const name = options.name ?? file;
  // Photos and files are named relative to result.json.
  const run = new TelegramImport(
    createBatchWriter(db, {
      dryRun: options.dryRun,
      journal: options.into,
      mediaFolder: path.dirname(path.resolve(file)),
    }),
    name,
    options,
  );
  const choice = { ownerId: options.ownerId, timeZone: options.timeZone, chats: options.chats, botId: options.botId };
  const rows = { now: (options.now ?? (() => new Date()))(), dayStartsAt: options.dayStartsAt };
  const first = readParsedExport(file, { name, options: choice, rows }, { started: options.parseThread });
  const { report } = run;
  report.error = await runImport(
    name,
    run.writer,
    () => run.flush(),
    async () => {
      await run.pass(1, first.outline, first.batches);
      report.shape = first.outline.shape;
      const deferred = run.settle(first.outline);
      if (deferred.length > 0 && !report.interrupted) {
        const second = readParsedExport(file, { name, options: choice, rows, settled: deferred });
        await run.pass(2, second.outline, second.batches);
      }
      report.unmatchedChats = run.unmatchedChats();
    },
  );
  run.countMessages(first.outline);
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/**
 * One Telegram import's state as it reads: the report it fills, each chat's decision, and the batch in hand (all of
 * one chat, so a commit's counts go to the chat they belong to).
 */
class TelegramImport {
  readonly report: ImportReport;
  private readonly states = new Map<string, ChatState>();
  private batch: BatchRow[] = [];
  private batchChat: ChatState | null = null;
  private readonly batchSize: number;

  constructor(
    readonly writer: BatchWriter,
    private readonly name: string,
    private readonly options: ImportOptions,
  ) {
    this.report = emptyReport(name);
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** Someone else's export: stop without committing the batch in hand. */
  private refuseForeign(exporterId: number): never {
    this.batch = [];
    throw new ImportError(
      this.name,
      `is the export of Telegram user ${exporterId}, but this journal belongs to user ${this.options.ownerId}, so the import stopped. ` +
        `To import it into ${exporterId}'s journal, use --owner ${exporterId}.`,
    );
  }

  private refusePartners(partner: unknown): never {
    const { ownerId } = this.options;
    this.batch = [];
    throw new ImportError(
      this.name,
      `is a personal chat with user ${ownerId} exported from the other person's account${typeof partner === 'string' && partner ? ` (it names the chat "${partner}")` : ''}: ` +
        `another account's export, so the import stopped. Import the export made from ${ownerId}'s own account.`,
    );
  }

  private decide(chat: ChatSnapshot, final: boolean): ChatState {
    const state = chatState(chat, final, this.options);
    const { type, id } = state.report;
    const { ownerId } = this.options;
    if (state.report.selected && type === 'saved_messages' && id !== null && id !== ownerId) this.refuseForeign(id);
    // A personal chat's id is the partner's: one whose id is the owner's was exported by the other person.
    if (state.report.selected && type === 'personal_chat' && id === ownerId) this.refusePartners(chat.object.name);
    this.states.set(chat.key, state);
    return state;
  }

  /** Writes the batch in hand; it is counted once its commit is (batch-writer.ts). */
  async flush(): Promise<void> {
    const chat = this.batchChat;
    if (!chat || this.batch.length === 0) return;
    const { report } = this;
    await this.writer.write(this.batch, ({ inserted, alreadyPresent, revised, mediaKept, mediaMissing }) => {
      report.mediaKept += mediaKept ?? 0;
      report.mediaMissing += mediaMissing ?? 0;
      report.imported += inserted;
      report.alreadyPresent += alreadyPresent;
      report.revised += revised;
      chat.report.imported += inserted;
      chat.report.alreadyPresent += alreadyPresent;
    });
    this.batch = [];
  }

  /** Returns false once aborted: the batch in hand is committed and the rest is left for the next run. */
  private async take(items: ParsedItem[], outline: ParsedOutline): Promise<boolean> {
    const { report } = this;
    for (const item of items) {
      const state = this.states.get(item.k) ?? this.decide(outline.chats.get(item.k)!, false);
      if (state.decision === 'deferred') continue;
      if (state.decision === 'skip') {
        report.skipped['chat-not-selected'] += 1;
        continue;
      }
      // The worker parsed this message because it took the same decision on the same keys (chat-state.ts).
      if (item.s) {
        report.skipped[item.s] += 1;
        if (item.i !== undefined && DAMAGE_REASONS.has(item.s)) {
          const ids = (report.skippedIds[item.s] ??= []);
          if (ids.length < SKIPPED_IDS_KEPT) ids.push(item.i);
        }
        continue;
      }
      if (!item.d) throw new Error(`the parse worker did not parse a message of chat ${item.k}`);
      if (this.batchChat !== state || this.batch.length >= this.batchSize) {
        await this.flush();
        // Lets signals, timers and other updates run between batches (the SQLite calls are synchronous).
        await new Promise((resolve) => setImmediate(resolve));
        if (this.options.signal?.aborted) return false;
        this.batchChat = state;
      }
      this.batch.push(state.mayBeLive ? { ...item.d, mayBeLive: true } : item.d);
    }
    return true;
  }

  /** One read of the file: its batches taken in order, then written and committed. */
  async pass(number: 1 | 2, outline: ParsedOutline, batches: AsyncGenerator<ParsedBatch>): Promise<void> {
    const { report, options } = this;
    let messages = 0;
    let last: ImportProgress | null = null;
    let exporterChecked = false;
    for await (const chunk of batches) {
      if (!exporterChecked && outline.exporterId !== null) {
        exporterChecked = true;
        if (outline.exporterId !== options.ownerId) this.refuseForeign(outline.exporterId);
      }
      messages += chunk.items.length;
      const goOn = await this.take(chunk.items, outline);
      last = {
        pass: number,
        bytesRead: chunk.bytesRead,
        totalBytes: chunk.totalBytes,
        messages,
        imported: report.imported,
      };
      options.onProgress?.(last);
      if (!goOn || options.signal?.aborted) {
        report.interrupted = true;
        break;
      }
    }
    await this.flush();
    await this.writer.commit();
    if (last && last.imported !== report.imported) options.onProgress?.({ ...last, imported: report.imported });
  }

  /** Settles the chats whose name and type came after their messages; returns those still to import, with their context. */
  settle(outline: ParsedOutline): [string, ChatState['context']][] {
    const deferred: [string, ChatState['context']][] = [];
    for (const chat of outline.chats.values()) {
      const first = this.states.get(chat.key);
      if (first && first.decision !== 'deferred') continue;
      const state = this.decide(chat, true);
      if (state.decision === 'import') deferred.push([chat.key, state.context]);
      else this.report.skipped['chat-not-selected'] += chat.messages;
    }
    return deferred;
  }

  /** `--chat` values that named no chat the import took. */
  unmatchedChats(): string[] {
    const selected = [...this.states.values()].filter((st) => st.report.selected);
    return (this.options.chats ?? []).filter((s) => !selected.some((st) => matchesReport(s, st)));
  }

  /** Every chat's message count, and the report's chats, once reading is over. */
  countMessages(outline: ParsedOutline): void {
    for (const chat of outline.chats.values()) {
      const state = this.states.get(chat.key);
      if (state) state.report.messages = chat.messages;
      this.report.messages += chat.messages;
    }
    this.report.chats = [...this.states.values()].map((s) => s.report);
  }
}

function matchesReport(selector: string, state: ChatState): boolean {
  const { section, name, type, id } = state.report;
  return isSelected({ section, name, type: type ?? undefined, id: id ?? undefined }, [selector], null);
}
