/**
 * Streams the messages out of a Telegram Desktop export of any size, both shapes, in bounded memory.
 * Each message is handed over once parsed and then dropped by the parser; chats keep only their own keys.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Tokenizer, TokenParser } from '@streamparser/json';
import { ExportStructureGuard } from './export-structure.ts';
import type { ChatSection } from './chat-selection.ts';
import { ImportError } from '../import-error.ts';
import { MessageScanner } from './message-scanner.ts';
import { describeFailure, notJson } from './parse-failure.ts';
import { createEscapeSanitizer } from './sanitize-escapes.ts';

export interface ExportChat {
  /** Stable within one file: `single`, `chats:<index>` or `left_chats:<index>`. */
  key: string;
  section: ChatSection;
  /** The chat's own keys (name, type, id) read so far. */
  object: Record<string, unknown>;
  /** Messages seen in this chat so far. */
  messages: number;
}

export interface ExportMessageItem {
  chat: ExportChat;
  raw: unknown;
  /** Something in it was nested past MAX_DEPTH and cut out (replaced by null): it is skipped as too deep. */
  tooDeep?: true;
}

/** What one chunk of the file yielded (raw messages here; parsed ones from the parse worker). */
export interface ExportBatch<Item = ExportMessageItem> {
  items: Item[];
  bytesRead: number;
  totalBytes: number;
}

/** Filled in as the file is read; complete once the batches are exhausted. */
export interface ExportOutline<Chat = ExportChat> {
  shape: 'single' | 'full' | null;
  chats: Map<string, Chat>;
  /** `personal_information.user_id` of a full-account export: whose export this is. */
  exporterId: number | null;
}

export interface ReadExportOptions {
  /** Hand over messages of these chats only (the others are still counted). */
  onlyChats?: ReadonlySet<string>;
  /** How errors name the file (default: its path), e.g. the name a document was sent under. */
  name?: string;
  chunkBytes?: number;
  /** false: every byte through the tokenizer, the reference the fast lane (message-scanner.ts) is tested against. */
  fastLane?: boolean;
}

const CHAT_KEYS = ['name', 'type', 'id'];
const PATHS = [
  '$.messages.*',
  '$.chats.list.*.messages.*',
  '$.left_chats.list.*.messages.*',
  // A chat's own keys, wherever they stand relative to its messages (the parser keeps nothing it emits).
  ...CHAT_KEYS.flatMap((k) => [`$.${k}`, `$.chats.list.*.${k}`, `$.left_chats.list.*.${k}`]),
  '$.personal_information.user_id',
];

export function readExport(
  file: string,
  options: ReadExportOptions = {},
): { outline: ExportOutline; batches: AsyncGenerator<ExportBatch> } {
  const outline: ExportOutline = { shape: null, chats: new Map(), exporterId: null };
  return { outline, batches: readBatches(file, outline, options) };
}

async function fileSize(file: string, name: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImportError(name, 'is not a file.');
    return info.size;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const problem =
      code === 'ENOENT'
        ? 'no such file.'
        : code === 'EACCES'
          ? 'cannot be read (permission denied).'
          : `cannot be read (${code ?? String(error)}).`;
    throw new ImportError(name, problem, undefined, { cause: error });
  }
}

async function* readBatches(
  file: string,
  outline: ExportOutline,
  options: ReadExportOptions,
): AsyncGenerator<ExportBatch> {
  const name = options.name ?? file;
  const totalBytes = await fileSize(file, name);
  const sanitizer = createEscapeSanitizer();
  const tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024 });
  const parser = new TokenParser({ paths: PATHS, keepStack: false });
  const guard = new ExportStructureGuard();
  let pending: ExportMessageItem[] = [];
  let failure: Error | null = null;
  let lastTokenOffset = 0;
  let tokens = 0;
  /** Tokens before the scanner's last write: a `[` or `,` it wrote counts only if read as a token then. */
  let tokensBeforeWrite = 0;
  /** A message the fast lane parsed: the value of the `null` it hands the tokenizer in its place. */
  let parsedHere: { value: unknown } | null = null;
  const scanner = new MessageScanner({
    tokenize(bytes) {
      tokensBeforeWrite = tokens;
      tokenizer.write(bytes);
      if (parsedHere) throw new Error('the export reader lost a message the fast lane parsed'); // a bug, not a bad file
    },
    messageNext: () => options.fastLane !== false && tokens > tokensBeforeWrite && guard.messageNext,
    failed: () => failure !== null,
    message(value) {
      parsedHere = { value };
    },
  });

  tokenizer.onToken = (token) => {
    lastTokenOffset = token.offset;
    tokens += 1;
    const accepted = guard.accept(token);
    if (accepted) parser.write(accepted);
  };
  tokenizer.onError = (error) => {
    failure ??= error;
  };
  parser.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  tokenizer.onEnd = () => {
    if (!parser.isEnded) parser.end();
  };

  const chatAt = (key: string, section: ChatSection): ExportChat => {
    let chat = outline.chats.get(key);
    if (!chat) {
      chat = { key, section, object: {}, messages: 0 };
      outline.chats.set(key, chat);
    }
    return chat;
  };
  const take = (chat: ExportChat, parsed: unknown) => {
    let raw = parsed;
    if (parsedHere) {
      raw = parsedHere.value;
      parsedHere = null;
    }
    chat.messages += 1;
    const tooDeep = guard.takeTooDeep();
    if (!options.onlyChats || options.onlyChats.has(chat.key))
      pending.push(tooDeep ? { chat, raw, tooDeep } : { chat, raw });
  };
  parser.onValue = ({ value, key, stack }) => {
    const depth = stack.length;
    if (depth === 1 && typeof key === 'string') chatAt('single', 'single').object[key] = value;
    else if (depth === 2) {
      const top = stack[1]!.key;
      if (top === 'messages') take(chatAt('single', 'single'), value);
      else if (top === 'personal_information' && typeof value === 'number') outline.exporterId = value;
    } else if (depth >= 4 && stack[2]!.key === 'list') {
      const section = stack[1]!.key;
      if (section !== 'chats' && section !== 'left_chats') return;
      const chat = chatAt(`${section}:${String(stack[3]!.key)}`, section);
      if (depth === 5) take(chat, value);
      else if (typeof key === 'string') chat.object[key] = value;
    }
  };

  let bytesRead = 0;
  const stream = createReadStream(file, { highWaterMark: options.chunkBytes ?? 256 * 1024 });
  try {
    for await (const chunk of stream) {
      bytesRead += (chunk as Buffer).length;
      scanner.push(sanitizer.push(chunk as Buffer));
      if (failure) break;
      yield { items: takePending(), bytesRead, totalBytes };
    }
    if (!failure) {
      scanner.push(sanitizer.flush());
      scanner.flush();
      try {
        if (!failure && !tokenizer.isEnded) tokenizer.end();
      } catch (error) {
        failure ??= error as Error; // the token parser throws its "ended in mid-parsing" out of end()
      }
    }
  } finally {
    stream.destroy();
  }
  // Messages completed before a fault are whole: hand them over, then report the fault.
  if (pending.length) yield { items: takePending(), bytesRead, totalBytes };
  if (failure)
    throw tokens === 0
      ? await notJson(file, name, failure)
      : await describeFailure({
          file,
          name,
          failure,
          totalBytes,
          originalOffset: (offset) => sanitizer.originalOffset(scanner.inputOffset(offset)),
          lastTokenOffset,
        });
  if (tokens === 0) throw new ImportError(name, 'is empty.');
  outline.shape = guard.rootKeys.has('messages')
    ? 'single'
    : guard.rootKeys.has('chats') || guard.rootKeys.has('left_chats')
      ? 'full'
      : null;
  if (!outline.shape) {
    const keys = [...guard.rootKeys]
      .slice(0, 6)
      .map((k) => `"${k}"`)
      .join(', ');
    throw new ImportError(
      name,
      `is JSON, but not a Telegram Desktop export: it has no "messages" or "chats" (top-level keys: ${keys || 'none'}).`,
    );
  }

  function takePending(): ExportMessageItem[] {
    const items = pending;
    pending = [];
    return items;
  }
}
