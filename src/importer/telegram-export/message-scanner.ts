/**
 * The export reader's fast lane. The streaming tokenizer (@streamparser/json) reads a byte at a time in JavaScript:
 * three quarters of an import's reading. This finds each message whole in the bytes, parses it with the built-in
 * JSON.parse, and hands the tokenizer a `null` in its place, so the tokenizer, the structure guard and the parser
 * still read everything around the messages (the chats' keys, the other sections) and keep their say over the shape.
 *
 * A message goes the old way, byte by byte through the tokenizer, whenever this lane is not sure of it: nested deeper
 * than MAX_NESTING, not valid UTF-8, not valid JSON, bigger than MAX_HELD_BYTES, or cut off by the end of the file.
 * Errors, their positions, the depth cuts and "too deep" marks are then exactly the tokenizer's, as before.
 */

/** What the scanner drives: the tokenizer and what listens to it (read-export.ts). */
export interface ScannerTarget {
  /** Feeds bytes to the tokenizer. */
  tokenize(bytes: Uint8Array): void;
  /**
   * Called right after tokenize() fed bytes ending in a `[` or `,`: whether that byte was read as the token that
   * opens a chat's messages array or separates two messages, so that the next value is a message.
   */
  messageNext(): boolean;
  /** Whether the tokenizer has failed: nothing more is fed. */
  failed(): boolean;
  /** A message parsed here; the tokenizer is fed a `null` in its place right after. */
  message(value: unknown): void;
}

/** Levels a message may nest (its own braces count one) and still be parsed here: far below the guard's MAX_DEPTH. */
export const MAX_NESTING = 48;
/** A message bigger than this is read by the tokenizer: what is held between chunks stays small. */
export const MAX_HELD_BYTES = 4 * 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const PLACEHOLDER = Buffer.from('null');

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Where tokenizer offsets and input offsets last met: enough to place an error, which is always near the end. */
interface OffsetMark {
  fed: number;
  input: number;
}
const MARKS_KEPT = 64;

/** How far a message has been scanned: resumable, so a message cut by a chunk's end is never scanned twice. */
export interface ScanState {
  depth: number;
  inString: boolean;
  /** In a string, the part so far ended in an odd run of backslashes: the next byte is escaped. */
  escaped: boolean;
}

export const newScanState = (): ScanState => ({ depth: 0, inString: false, escaped: false });

/**
 * Scans a message from `start` on (its `{`, or where the previous part stopped, as `state` says): the index of its
 * closing brace; -1 if it goes on past `buf` (`state` then says how to go on); -2 once nested past MAX_NESTING.
 */
export function scanMessage(buf: Uint8Array, start: number, state: ScanState): number {
  const n = buf.length;
  let i = start;
  while (i < n) {
    if (state.inString) {
      if (state.escaped) {
        state.escaped = false;
        i += 1;
        if (i >= n) return -1;
      }
      // Jump to the closing quote: the next one not escaped by an odd run of backslashes (counted from `i` on; an
      // odd run across the part's start is carried by `escaped`).
      let close = buf.indexOf(QUOTE, i);
      for (;;) {
        if (close === -1) {
          let run = 0;
          while (n - 1 - run >= i && buf[n - 1 - run] === BACKSLASH) run += 1;
          state.escaped = (run & 1) === 1;
          return -1;
        }
        let before = close - 1;
        while (before >= i && buf[before] === BACKSLASH) before -= 1;
        if (((close - 1 - before) & 1) === 0) break;
        close = buf.indexOf(QUOTE, close + 1);
      }
      state.inString = false;
      i = close + 1;
      continue;
    }
    const byte = buf[i]!;
    if (byte === QUOTE) state.inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++state.depth > MAX_NESTING) return -2;
    } else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && --state.depth === 0) return i;
    i += 1;
  }
  return -1;
}

/** Where a whole message that starts at `start` (its `{`) ends, as scanMessage says. */
export const messageEnd = (buf: Uint8Array, start: number): number => scanMessage(buf, start, newScanState());

export class MessageScanner {
  readonly #target: ScannerTarget;
  readonly #utf8 = new TextDecoder('utf-8', { fatal: true });
  /** After a `[` or `,` the tokenizer read as a message's cue: the next non-space byte may start a message. */
  #expecting = false;
  /** A message begun in an earlier chunk: its bytes so far (not fed) and how far it was scanned. */
  #message: { parts: Buffer[]; bytes: number; state: ScanState } | null = null;
  /** Input bytes read so far, before the chunk in hand. */
  #input = 0;
  /** Bytes fed to the tokenizer so far. */
  #fed = 0;
  readonly #marks: OffsetMark[] = [{ fed: 0, input: 0 }];

  constructor(target: ScannerTarget) {
    this.#target = target;
  }

  /** Reads the next bytes of the (sanitized) input. */
  push(chunk: Buffer): void {
    this.#scan(chunk);
    this.#input += chunk.length;
  }

  /** The end of the input: a message it cut off goes to the tokenizer, which says so. */
  flush(): void {
    const message = this.#message;
    this.#message = null;
    if (message && !this.#target.failed()) for (const part of message.parts) this.#feed(part);
  }

  /** The input offset of a tokenizer offset (the tokenizer never saw the messages parsed here). */
  inputOffset(tokenizerOffset: number): number {
    let i = this.#marks.length - 1;
    while (i > 0 && this.#marks[i]!.fed > tokenizerOffset) i -= 1;
    const mark = this.#marks[i]!;
    return mark.input + (tokenizerOffset - mark.fed);
  }

  #feed(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#target.tokenize(bytes);
    this.#fed += bytes.length;
  }

  #scan(buf: Buffer): void {
    const target = this.#target;
    const n = buf.length;
    /** Start of the bytes of this chunk not yet fed to the tokenizer (nor held as a message's). */
    let from = 0;
    let i = 0;
    if (this.#message) {
      const message = this.#message;
      const end = scanMessage(buf, 0, message.state);
      if (end === -1 && message.bytes + n <= MAX_HELD_BYTES) {
        message.parts.push(buf);
        message.bytes += n;
        return;
      }
      this.#message = null;
      if (end >= 0 && this.#take(Buffer.concat([...message.parts, buf.subarray(0, end + 1)]), this.#input + end + 1)) {
        from = i = end + 1;
      } else {
        // Too big, too deep or not plain: the tokenizer reads it, the held bytes first, then on from here.
        for (const part of message.parts) this.#feed(part);
      }
    }
    while (i < n) {
      if (target.failed()) return;
      if (this.#expecting) {
        while (i < n && isSpace(buf[i]!)) i += 1;
        if (i === n) break;
        this.#expecting = false;
        if (buf[i] !== OPEN_BRACE) continue; // not an object: the tokenizer reads it (and judges it)
        const state = newScanState();
        const end = scanMessage(buf, i, state);
        if (end === -1 && n - i <= MAX_HELD_BYTES) {
          // Cut by the chunk's end: held until a later chunk completes it.
          this.#feed(buf.subarray(from, i));
          this.#message = { parts: [buf.subarray(i)], bytes: n - i, state };
          return;
        }
        if (end >= 0) {
          this.#feed(buf.subarray(from, i));
          from = i;
          if (this.#take(buf.subarray(i, end + 1), this.#input + end + 1)) from = i = end + 1;
        }
        // Too deep, too big or not plain JSON: the tokenizer reads it from here, byte by byte, as before.
        continue;
      }
      const byte = buf[i]!;
      i += 1;
      if (byte !== COMMA && byte !== OPEN_BRACKET) continue;
      this.#feed(buf.subarray(from, i));
      from = i;
      this.#expecting = target.messageNext();
    }
    if (!target.failed()) this.#feed(buf.subarray(from, n));
  }

  /** Parses a whole message and hands it over in place of its bytes; false if it is not plain JSON in valid UTF-8. */
  #take(bytes: Uint8Array, inputEnd: number): boolean {
    let value: unknown;
    try {
      value = JSON.parse(this.#utf8.decode(bytes));
    } catch {
      return false;
    }
    this.#target.message(value);
    this.#feed(PLACEHOLDER);
    this.#marks.push({ fed: this.#fed, input: inputEnd });
    if (this.#marks.length > MARKS_KEPT) this.#marks.splice(1, 1);
    return true;
  }
}
