/**
 * Values at chosen paths of a JSON document read as a stream of chunks (a file, or a zip member as it inflates):
 * each handed over once parsed and then dropped, so memory stays flat whatever the document's size.
 */
import { JSONParser } from '@streamparser/json';

export interface JsonValue {
  value: unknown;
  /** A string inside it was longer than the field limit and was cut short: the value is not whole. */
  oversized?: true;
  /** The key of the value in its parent: a string in an object, an index in an array. */
  key: string | number | undefined;
  /** Keys from the top to the value's parent. */
  path: (string | number | undefined)[];
}

/** The longest string field read whole; a longer one (a 600 MiB text) is cut, and its value marked `oversized`. */
export const MAX_FIELD_BYTES = 64 * 1024 ** 2;

/**
 * Cuts JSON strings longer than `limit` bytes as the bytes stream past, so no field can exhaust memory (or V8's
 * longest string) and stop the import: the cut falls between whole characters, outside an escape, and the string's
 * closing quote still comes, so the document stays valid JSON. `onCut` is called where a cut begins.
 */
class LongStringCutter {
  #inString = false;
  #escape = 0; // 1 after a backslash; 2..5 inside \uXXXX
  #length = 0;
  #cutting = false;
  constructor(
    private readonly limit: number,
    private readonly onCut: () => void,
  ) {}

  /** The chunk's bytes to parse, in segments; `onCut` runs between the segment before a cut and the next. */
  *filter(chunk: Buffer): Generator<Buffer> {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (!this.#inString) {
        if (byte === 0x22) {
          this.#inString = true;
          this.#length = 0;
        }
        continue;
      }
      const plain = this.#escape === 0;
      if (this.#escape === 1) this.#escape = byte === 0x75 ? 2 : 0;
      else if (this.#escape >= 2) this.#escape = this.#escape === 5 ? 0 : this.#escape + 1;
      else if (byte === 0x5c) this.#escape = 1;
      else if (byte === 0x22) {
        this.#inString = false;
        if (this.#cutting) {
          this.#cutting = false;
          start = i; // the closing quote is kept
        }
        continue;
      }
      if (this.#cutting) continue;
      this.#length += 1;
      // Cut before a byte that begins a character, outside an escape: what was passed on is whole text.
      if (this.#length > this.limit && plain && byte !== 0x5c && (byte & 0xc0) !== 0x80) {
        if (i > start) yield chunk.subarray(start, i);
        this.#cutting = true;
        this.onCut();
      }
    }
    if (!this.#cutting && start < chunk.length) yield chunk.subarray(start);
  }
}

/** Throws Error("…truncated…") or a syntax error message for a document that is not whole JSON. */
export async function* jsonValues(
  chunks: AsyncIterable<Buffer>,
  paths: string[],
  onBytes?: (bytes: number) => void,
  maxFieldBytes = MAX_FIELD_BYTES,
): AsyncGenerator<JsonValue> {
  const parser = new JSONParser({ paths, keepStack: false, stringBufferSize: 64 * 1024 });
  let pending: JsonValue[] = [];
  let failure: Error | null = null;
  // Set where a cut begins; the next value handed over is the one holding the cut string.
  let cut = false;
  const cutter = new LongStringCutter(maxFieldBytes, () => (cut = true));
  parser.onValue = ({ value, key, stack }) => {
    pending.push({ value, key, path: stack.slice(1).map((s) => s.key), ...(cut ? { oversized: true as const } : {}) });
    cut = false;
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    onBytes?.(bytes);
    for (const part of cutter.filter(chunk)) if (!parser.isEnded) parser.write(part);
    const ready = pending;
    pending = [];
    yield* ready;
    if (failure) throw new Error(`is not valid JSON: ${(failure as Error).message}`);
  }
  if (bytes === 0) throw new Error('is empty');
  const truncated = () => new Error(`ends in the middle of the JSON after ${bytes} bytes: it is truncated`);
  if (!parser.isEnded) {
    try {
      parser.end();
    } catch {
      throw truncated();
    }
  }
  yield* pending;
  if (failure)
    throw /ended in the middle|mid-parsing|ended in/.test((failure as Error).message)
      ? truncated()
      : new Error(`is not valid JSON: ${(failure as Error).message}`);
}
