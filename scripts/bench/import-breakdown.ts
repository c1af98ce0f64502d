/**
 * Where an import's time goes, measured once per size in-process with the importer's own pieces: the parse worker's
 * work alone (parseExportMessages: streaming read, messages parsed and made into rows; no database), and the writing
 * thread's alone (the batch writer over the same rows, 500 to a batch, commits as the importer makes them).
 */
import { rmSync } from 'node:fs';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { createBatchWriter } from '../../src/importer/batch-writer.ts';
import { parseExportMessages } from '../../src/importer/telegram-export/parse-stream.ts';
import { batchRowOf, type BatchDraft } from '../../src/journal/entries/batch-row.ts';
import { createMigratedFile } from './journal-db.ts';

/** Seconds to read, parse and make rows of every message of a single-chat export; throws unless every message became a row. */
export async function readAndParseSeconds(file: string, ownerId: number, expected: number): Promise<number> {
  const input = { file, name: file, options: { ownerId, timeZone: 'UTC' }, rows: { now: new Date() } };
  let rows = 0;
  const t0 = performance.now();
  for await (const message of parseExportMessages(input)) {
    if (message.type === 'chunk') for (const item of message.items) if (item.d) rows++;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (rows !== expected) throw new Error(`parsing gave ${rows} rows, expected ${expected}`);
  return seconds;
}

const draftOf = (row: Record<string, any>): BatchDraft => ({
  ownerId: row.owner_id,
  source: 'import',
  chatId: row.chat_id,
  messageId: row.message_id,
  writtenAt: new Date(row.written_at),
  text: row.content,
  editedAt: null,
});

/** Seconds for the importer's write path to store `rows` into a fresh migrated file. */
export async function writePathSeconds(file: string, rows: Record<string, any>[], batchSize = 500): Promise<number> {
  await createMigratedFile(file);
  const now = new Date();
  const prepared = rows.map((row) => batchRowOf(draftOf(row), 'UTC', now));
  const db = openDatabase(file);
  try {
    const writer = createBatchWriter(db, {});
    const t0 = performance.now();
    for (let i = 0; i < prepared.length; i += batchSize)
      await writer.write(prepared.slice(i, i + batchSize), () => undefined);
    await writer.finish();
    return (performance.now() - t0) / 1000;
  } finally {
    await db.destroy();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}
