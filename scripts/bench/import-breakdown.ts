/**
 * Where an import's time goes, measured once per size in-process with the importer's own pieces: the streaming
 * read and message parsing alone (readExport + parseMessage, no database), and the write path alone
 * (insertEntryBatch over the same rows, 500 to a batch, each batch its own transaction, as the importer writes).
 */
import { rmSync } from 'node:fs';
import { openDatabase } from '../../src/db/open-database.ts';
import { readExport } from '../../src/importer/read-export.ts';
import { parseMessage } from '../../src/importer/parse-message.ts';
import { insertEntryBatch, type BatchDraft } from '../../src/journal/entry-batch.ts';
import { createMigratedFile } from './journal-db.ts';

/** Seconds to stream and parse every message of a single-chat export; throws unless every message became a draft. */
export async function readAndParseSeconds(file: string, ownerId: number, expected: number): Promise<number> {
  const context = { ownerId, chatId: ownerId, chatType: 'saved_messages', timeZone: 'UTC' };
  let drafts = 0;
  const t0 = performance.now();
  for await (const chunk of readExport(file).batches) {
    for (const item of chunk.items) if ('draft' in parseMessage(item.raw, context)) drafts++;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (drafts !== expected) throw new Error(`parsing gave ${drafts} drafts, expected ${expected}`);
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
  const drafts = rows.map(draftOf);
  const db = openDatabase(file);
  try {
    const now = new Date();
    const t0 = performance.now();
    for (let i = 0; i < drafts.length; i += batchSize) await insertEntryBatch(db, drafts.slice(i, i + batchSize), 'UTC', now);
    return (performance.now() - t0) / 1000;
  } finally {
    await db.destroy();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}
