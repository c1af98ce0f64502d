/**
 * Values at chosen paths of a JSON document read as a stream of chunks (a file, or a zip member as it inflates):
 * each handed over once parsed and then dropped, so memory stays flat whatever the document's size.
 */
import { JSONParser } from '@streamparser/json';

export interface JsonValue {
  value: unknown;
  /** The key of the value in its parent: a string in an object, an index in an array. */
  key: string | number | undefined;
  /** Keys from the top to the value's parent. */
  path: (string | number | undefined)[];
}

/** Throws Error("…truncated…") or a syntax error message for a document that is not whole JSON. */
export async function* jsonValues(chunks: AsyncIterable<Buffer>, paths: string[], onBytes?: (bytes: number) => void): AsyncGenerator<JsonValue> {
  const parser = new JSONParser({ paths, keepStack: false, stringBufferSize: 64 * 1024 });
  let pending: JsonValue[] = [];
  let failure: Error | null = null;
  parser.onValue = ({ value, key, stack }) => {
    pending.push({ value, key, path: stack.slice(1).map((s) => s.key) });
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    onBytes?.(bytes);
    if (!parser.isEnded) parser.write(chunk);
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
  if (failure) throw /ended in the middle|mid-parsing|ended in/.test((failure as Error).message) ? truncated() : new Error(`is not valid JSON: ${(failure as Error).message}`);
}
