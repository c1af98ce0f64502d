/** A parser fault as one sentence that names the file, with the line and column in the original bytes. */
import { createReadStream } from 'node:fs';
import { TokenizerError } from '@streamparser/json';
import { ImportError } from '../import-error.ts';

/** Thrown from the token callback when the top level cannot be an export; the tokenizer reports it. */
export class NotAnExport extends Error {}

/**
 * Turns a parser fault into one sentence with a line and column in the original file. `originalOffset` maps the
 * tokenizer's offsets back to the file's (the tokenizer reads the file with its escapes fixed and without the messages
 * the fast lane parsed).
 */
export interface ParseFailure {
  /** The export's path, read again for the line and column; `name` is how messages call it. */
  file: string;
  name: string;
  failure: Error;
  totalBytes: number;
  originalOffset: (tokenizerOffset: number) => number;
  /** Where the tokenizer's last whole token ended, for a fault that names no offset. */
  lastTokenOffset: number;
}

export async function describeFailure({
  file,
  name,
  failure,
  totalBytes,
  originalOffset,
  lastTokenOffset,
}: ParseFailure): Promise<ImportError> {
  if (failure instanceof NotAnExport)
    return new ImportError(name, `is JSON, but not a Telegram Desktop export: ${failure.message}.`);
  if (/ended in the middle|ended in mid-parsing/.test(failure.message)) {
    return new ImportError(
      name,
      `ends in the middle of the JSON after ${totalBytes} bytes: the file is truncated (was the export or the download interrupted?).`,
      undefined,
      { cause: failure },
    );
  }
  const tokenizerFault =
    failure instanceof TokenizerError
      ? /Unexpected "([\s\S]*)" at .*\(absolute position "(\d+)"\) in state (\w+)/.exec(failure.message)
      : null;
  const byte = originalOffset(tokenizerFault ? Number(tokenizerFault[2]) : lastTokenOffset);
  const position = { byte, ...(await lineAndColumn(file, byte)) };
  const where = `line ${position.line}, column ${position.column}`;
  if (tokenizerFault?.[3] === 'ENDED')
    return new ImportError(name, `has more data after the end of the JSON, at ${where}.`, position, { cause: failure });
  const parserFault = /Unexpected (\w+) \(([\s\S]*)\) in state/.exec(failure.message);
  const what = tokenizerFault
    ? `unexpected character ${JSON.stringify(tokenizerFault[1])}`
    : parserFault
      ? `unexpected ${parserFault[1]!.toLowerCase().replace('_', ' ')} ${parserFault[2]}`
      : failure.message;
  return new ImportError(name, `is not valid JSON at ${where}: ${what}.`, position, { cause: failure });
}

/** The file did not even begin like JSON: show how it begins. */
export async function notJson(file: string, name: string, failure: Error): Promise<ImportError> {
  let start = '';
  for await (const chunk of createReadStream(file, { end: 199 })) start += (chunk as Buffer).toString('utf8');
  const shown = start.trim().split('\n')[0]!.slice(0, 40);
  return new ImportError(
    name,
    `is not JSON (it starts with ${JSON.stringify(shown)}).`,
    { line: 1, column: 1, byte: 0 },
    { cause: failure },
  );
}

/** 1-based line and column (in bytes) of a byte offset, counted by reading the file again. */
async function lineAndColumn(file: string, byte: number): Promise<{ line: number; column: number }> {
  if (byte <= 0) return { line: 1, column: 1 };
  let line = 1;
  let lineStart = 0;
  let offset = 0;
  for await (const chunk of createReadStream(file, { end: byte - 1 })) {
    const buf = chunk as Buffer;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) {
      line += 1;
      lineStart = offset + i + 1;
    }
    offset += buf.length;
  }
  return { line, column: byte - lineStart + 1 };
}
