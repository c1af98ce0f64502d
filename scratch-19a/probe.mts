import { createTempDb } from '../test/helpers/temp-db.ts';
import { sql } from 'kysely';
import { storeEntry } from '../src/journal/entry-store.ts';
const t = await createTempDb('sqlite');
const pc = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.db);
console.log(pc.rows);
await sql.raw(`PRAGMA max_page_count = ${pc.rows[0]!.page_count}`).execute(t.db);
for (let i = 0; i < 5; i++) {
  try {
    await storeEntry(t.db, { ownerId: 1, source: 'live', chatId: 1, messageId: i, writtenAt: new Date(), text: 'x'.repeat(3000) }, 'UTC', new Date(), '00:00', { transcribe: false });
    console.log('ok', i);
  } catch (e) { console.log('err', i, (e as any).code, (e as Error).message); }
}
await t.cleanup();
