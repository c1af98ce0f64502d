/**
 * Reading and parsing an export as a stream of protocol messages (chunks of parsed items, then an end or a
 * failure): the body of the parse worker, also run inline on the main thread for small files, where starting a
 * worker would cost more than the overlap it buys.
 */
import { batchRowOf } from '../../journal/entries/batch-row.ts';
import { chatState, type ChatSnapshot, type ChatState } from './chat-state.ts';
import { ImportError } from '../import-error.ts';
import type { ChatUpdates, ParsedItem, WorkerInput, WorkerMessage } from './parse-protocol.ts';
import { parseMessage } from './parse-message.ts';
import { readExport, type ExportMessageItem } from './read-export.ts';
import { SeenIds } from './seen-ids.ts';
import { errorReason } from '../../log/error-message.ts';

/** The message's own id, if it has a usable one: how a skip is named in the report. */
function messageIdOf(raw: unknown): number | undefined {
  const id = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}

export async function* parseExportMessages(input: Omit<WorkerInput, 'maxInFlight'>): AsyncGenerator<WorkerMessage> {
  const settled = new Map(input.settled ?? []);
  const states = new Map<string, Pick<ChatState, 'decision' | 'context'> | null>();

  /** The same decision the importer takes on the same keys; null if the keys are invalid (the importer reports that). */
  function stateOf(chat: ChatSnapshot): Pick<ChatState, 'decision' | 'context'> | null {
    if (states.has(chat.key)) return states.get(chat.key)!;
    const context = settled.get(chat.key);
    let state: Pick<ChatState, 'decision' | 'context'> | null = context ? { decision: 'import', context } : null;
    if (!state) {
      try {
        state = chatState(chat, false, input.options);
      } catch {
        state = null;
      }
    }
    states.set(chat.key, state);
    return state;
  }

  /** Per chat: a message id met twice in one file is damage (the first kept), not "already in the journal". */
  const seenIds = new Map<string, SeenIds>();
  function parsed({ chat, raw, tooDeep }: ExportMessageItem): ParsedItem {
    const state = stateOf(chat);
    if (state?.decision !== 'import') return { k: chat.key };
    const result = tooDeep ? { skip: 'too-deep' as const } : parseMessage(raw, state.context);
    if ('draft' in result) {
      let seen = seenIds.get(chat.key);
      if (!seen) seenIds.set(chat.key, (seen = new SeenIds()));
      if (seen.add(result.draft.messageId)) return { k: chat.key, s: 'duplicate-id', i: result.draft.messageId };
      return {
        k: chat.key,
        d: batchRowOf(result.draft, input.options.timeZone, input.rows.now, input.rows.dayStartsAt),
      };
    }
    const id = messageIdOf(raw);
    return id === undefined ? { k: chat.key, s: result.skip } : { k: chat.key, s: result.skip, i: id };
  }

  /** What each chat looked like when last sent: only changes travel. */
  const sent = new Map<string, { messages: number; values: unknown[] }>();
  function chatUpdates(chats: Map<string, ChatSnapshot>): ChatUpdates {
    const updates: ChatUpdates = [];
    for (const chat of chats.values()) {
      const values = Object.entries(chat.object).flat();
      const last = sent.get(chat.key);
      if (
        last &&
        last.messages === chat.messages &&
        last.values.length === values.length &&
        last.values.every((v, i) => v === values[i])
      )
        continue;
      sent.set(chat.key, { messages: chat.messages, values });
      updates.push({ key: chat.key, section: chat.section, object: { ...chat.object }, messages: chat.messages });
    }
    return updates;
  }

  const { outline, batches } = readExport(input.file, {
    name: input.name,
    onlyChats: input.settled ? new Set(settled.keys()) : undefined,
  });
  try {
    for await (const batch of batches) {
      const items = batch.items.map(parsed);
      yield {
        type: 'chunk',
        items,
        bytesRead: batch.bytesRead,
        totalBytes: batch.totalBytes,
        exporterId: outline.exporterId,
        chats: chatUpdates(outline.chats),
      };
    }
    yield { type: 'end', shape: outline.shape, chats: chatUpdates(outline.chats) };
  } catch (error) {
    const importError =
      error instanceof ImportError ? { file: error.file, problem: error.problem, position: error.position } : null;
    yield { type: 'fail', chats: chatUpdates(outline.chats), importError, message: errorReason(error) };
  }
}
