/**
 * importTelegramExport: streams an export into the journal in batches that each commit whole, and returns
 * a report (it never throws for a bad file). Stopping at any point and running again adds nothing twice.
 */
import type { JournalDb } from '../../db/open-database.ts';
import type { BatchRow } from '../../journal/batch-row.ts';
import { createBatchWriter } from '../batch-writer.ts';
import { isSelected } from './chat-selection.ts';
import { chatState, type ChatReport, type ChatSnapshot, type ChatState } from './chat-state.ts';
import { DAMAGE_REASONS, SKIP_REASONS, type SkipReason } from './export-format.ts';
import { ImportError } from '../import-error.ts';
import type { ImportProgress } from '../import-progress.ts';
import type { ParsedItem } from './parse-protocol.ts';
import { readParsedExport, type ParsedBatch, type ParsedOutline } from './parsed-export.ts';
import type { ParseThread } from './parse-thread.ts';
import { errorReason } from '../../log/error-message.ts';

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
}

export interface ImportReport {
  file: string;
  shape: 'single' | 'full' | null;
  /** Messages seen; when not interrupted, imported + alreadyPresent + all skipped. */
  messages: number;
  imported: number;
  alreadyPresent: number;
  /** Of alreadyPresent, entries edited since the earlier import: they took the new text, the old one kept as a revision. */
  revised: number;
  skipped: Record<SkipReason, number>;
  /** For the skips that mean damage (DAMAGE_REASONS): the first message ids of each, in file order. */
  skippedIds: Partial<Record<SkipReason, number[]>>;
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
  return { file, shape: null, messages: 0, imported: 0, alreadyPresent: 0, revised: 0, skipped, skippedIds: {}, chats: [], unmatchedChats: [], interrupted: false, error: null, seconds: 0 };
}

export async function importTelegramExport(db: JournalDb, file: string, options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const now = (options.now ?? (() => new Date()))();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const name = options.name ?? file;
  const report = emptyReport(name);
  const states = new Map<string, ChatState>();
  let batch: BatchRow[] = [];
  let batchChat: ChatState | null = null;
  const writer = createBatchWriter(db, { dryRun: options.dryRun });

  /** Someone else's export: stop without committing the batch in hand. */
  const refuseForeign = (exporterId: number): never => {
    batch = [];
    throw new ImportError(
      name,
      `is the export of Telegram user ${exporterId}, but this journal belongs to user ${options.ownerId}, so the import stopped. ` +
        `To import it into ${exporterId}'s journal, use --owner ${exporterId}.`,
    );
  };

  const refusePartners = (partner: unknown): never => {
    batch = [];
    throw new ImportError(
      name,
      `is a personal chat with user ${options.ownerId} exported from the other person's account${typeof partner === 'string' && partner ? ` (it names the chat "${partner}")` : ''}: ` +
        `another account's export, so the import stopped. Import the export made from ${options.ownerId}'s own account.`,
    );
  };

  const decide = (chat: ChatSnapshot, final: boolean): ChatState => {
    const state = chatState(chat, final, options);
    const { type, id } = state.report;
    if (state.report.selected && type === 'saved_messages' && id !== null && id !== options.ownerId) refuseForeign(id);
    // A personal chat's id is the partner's: one whose id is the owner's was exported by the other person.
    if (state.report.selected && type === 'personal_chat' && id === options.ownerId) refusePartners(chat.object.name);
    states.set(chat.key, state);
    return state;
  };

  /** Writes the batch in hand; it is counted once its commit is (batch-writer.ts). */
  const flush = async () => {
    if (!batchChat || batch.length === 0) return;
    const chat = batchChat;
    await writer.write(batch, ({ inserted, alreadyPresent, revised }) => {
      report.imported += inserted;
      report.alreadyPresent += alreadyPresent;
      report.revised += revised;
      chat.report.imported += inserted;
      chat.report.alreadyPresent += alreadyPresent;
    });
    batch = [];
  };

  /** Returns false once aborted: the batch in hand is committed and the rest is left for the next run. */
  const take = async (items: ParsedItem[], outline: ParsedOutline): Promise<boolean> => {
    for (const item of items) {
      const state = states.get(item.k) ?? decide(outline.chats.get(item.k)!, false);
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
      if (batchChat !== state || batch.length >= batchSize) {
        await flush();
        // Lets signals, timers and other updates run between batches (the SQLite calls are synchronous).
        await new Promise((resolve) => setImmediate(resolve));
        if (options.signal?.aborted) return false;
        batchChat = state;
      }
      batch.push(state.mayBeLive ? { ...item.d, mayBeLive: true } : item.d);
    }
    return true;
  };

  const pass = async (number: 1 | 2, outline: ParsedOutline, batches: AsyncGenerator<ParsedBatch>): Promise<void> => {
    let messages = 0;
    let last: ImportProgress | null = null;
    let exporterChecked = false;
    for await (const chunk of batches) {
      if (!exporterChecked && outline.exporterId !== null) {
        exporterChecked = true;
        if (outline.exporterId !== options.ownerId) refuseForeign(outline.exporterId);
      }
      messages += chunk.items.length;
      const goOn = await take(chunk.items, outline);
      last = { pass: number, bytesRead: chunk.bytesRead, totalBytes: chunk.totalBytes, messages, imported: report.imported };
      options.onProgress?.(last);
      if (!goOn || options.signal?.aborted) {
        report.interrupted = true;
        break;
      }
    }
    await flush();
    await writer.commit();
    if (last && last.imported !== report.imported) options.onProgress?.({ ...last, imported: report.imported });
  };

  /** Settles the chats whose name and type came after their messages; returns those still to import. */
  const settle = (outline: ParsedOutline): Set<string> => {
    const deferred = new Set<string>();
    for (const chat of outline.chats.values()) {
      const first = states.get(chat.key);
      if (first && first.decision !== 'deferred') continue;
      const state = decide(chat, true);
      if (state.decision === 'import') deferred.add(chat.key);
      else report.skipped['chat-not-selected'] += chat.messages;
    }
    return deferred;
  };

  const choice = { ownerId: options.ownerId, timeZone: options.timeZone, chats: options.chats, botId: options.botId };
  const rows = { now, dayStartsAt: options.dayStartsAt };
  const first = readParsedExport(file, { name, options: choice, rows }, { started: options.parseThread });
  try {
    await pass(1, first.outline, first.batches);
    report.shape = first.outline.shape;
    const deferred = settle(first.outline);
    if (deferred.size > 0 && !report.interrupted) {
      const settled = [...deferred].map((key): [string, ChatState['context']] => [key, states.get(key)!.context]);
      const second = readParsedExport(file, { name, options: choice, rows, settled });
      await pass(2, second.outline, second.batches);
    }
    report.unmatchedChats = (options.chats ?? []).filter((s) => ![...states.values()].some((st) => st.report.selected && matchesReport(s, st)));
  } catch (error) {
    // Whole messages read before the fault are kept (a batch the database refused is left out); the fault is reported.
    await flush().catch(() => undefined);
    await writer.commit().catch(() => undefined); // a commit that fails rolls back: nothing of it was counted
    report.error = error instanceof ImportError ? error : new ImportError(name, `import stopped: ${errorReason(error)}`, undefined, { cause: error });
  }
  try {
    await writer.finish();
  } catch (error) {
    report.error ??= new ImportError(name, `import stopped: ${errorReason(error)}`, undefined, { cause: error });
  }
  for (const chat of first.outline.chats.values()) {
    const state = states.get(chat.key);
    if (state) state.report.messages = chat.messages;
    report.messages += chat.messages;
  }
  report.chats = [...states.values()].map((s) => s.report);
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

function matchesReport(selector: string, state: ChatState): boolean {
  const { section, name, type, id } = state.report;
  return isSelected({ section, name, type: type ?? undefined, id: id ?? undefined }, [selector], null);
}
