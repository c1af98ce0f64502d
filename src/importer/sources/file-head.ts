/** The first bytes of a file, which is what the sources recognise a file by (never by its name alone). */
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** What a source sees of a file: its path, its first 64 KiB as text (a BOM left out), and whether that opens JSON. */
export interface FileHead {
  file: string;
  text: string;
  json: boolean;
}

export const HEAD_BYTES = 64 * 1024;

/** `[2020-01-01 09:00]` opens a jrnl journal, not a JSON array. */
const OPENS_JSON = /^\s*(\{|\[\s*([{["\]]|$))/;

export async function readFileHead(file: string): Promise<FileHead> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return { file, text, json: OPENS_JSON.test(text) };
  } finally {
    await handle.close();
  }
}

/** The first bytes of a file in a folder being recognised, as they are (a BOM kept). */
export function headSync(file: string, bytes = 4096): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
