/**
 * The home of the ledger of what was sent to a model (table `sent_ledger`, on SQLite and PostgreSQL): a record's
 * entries split by their day into rows of ids and counts; no text is ever written here. Rows belong to their owner.
 * Its shape is defined once, as the SentLedger port of llm/sent-ledger.ts: db/ may not import llm/, so this adapter
 * states only the fields it writes and infers the rest; the wiring that passes it in as the port fails to compile
 * when the two part.
 */
import { sql } from 'kysely';
import type { JournalDb } from './journal-database.ts';
import type { SentLedgerTable } from './tables/intake-tables.ts';

/** Rows per INSERT: 10 columns each, well under either engine's parameter limit. */
const ROWS_PER_INSERT = 500;

export function createSentLedgerStore(db: JournalDb) {
  return {
    async record(
      records: readonly {
        ownerId: number;
        conversationId: number | null;
        sentAt: Date;
        endpoint: string;
        model: string;
        via: SentLedgerTable['via'];
        items: readonly { id: number; day: string; images?: number }[];
      }[],
    ): Promise<void> {
      const rows = records.flatMap((r) => {
        const byDay = new Map<string, number[]>();
        const imagesByDay = new Map<string, number>();
        for (const item of r.items) {
          byDay.set(item.day, [...(byDay.get(item.day) ?? []), item.id]);
          imagesByDay.set(item.day, (imagesByDay.get(item.day) ?? 0) + (item.images ?? 0));
        }
        return [...byDay.entries()].map(([day, ids]) => ({
          image_count: imagesByDay.get(day) ?? 0,
          owner_id: r.ownerId,
          sent_at: r.sentAt.toISOString(),
          endpoint: r.endpoint,
          model: r.model,
          via: r.via,
          conversation_id: r.conversationId,
          local_day: day,
          entry_count: ids.length,
          entry_ids: JSON.stringify(ids.sort((a, b) => a - b)),
        }));
      });
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
          await trx
            .insertInto('sent_ledger')
            .values(rows.slice(i, i + ROWS_PER_INSERT))
            .execute();
      });
    },

    async totals(ownerId: number, since?: string) {
      let query = db
        .selectFrom('sent_ledger')
        .select(['local_day', 'endpoint', 'model'])
        .select((eb) => [
          eb.fn.sum<number | string>('entry_count').as('entries'),
          eb.fn.sum<number | string>('image_count').as('images'),
          sql<number | string>`count(distinct coalesce(conversation_id, -id))`.as('questions'),
        ])
        .where('owner_id', '=', ownerId);
      if (since) query = query.where('sent_at', '>=', since);
      const rows = await query
        .groupBy(['local_day', 'endpoint', 'model'])
        .orderBy('local_day', 'desc')
        .orderBy('endpoint')
        .orderBy('model')
        .execute();
      // PostgreSQL returns sums of integers as numeric text.
      return rows.map((r) => ({
        day: r.local_day,
        endpoint: r.endpoint,
        model: r.model,
        entries: Number(r.entries),
        images: Number(r.images),
        questions: Number(r.questions),
      }));
    },
  };
}

export type SentLedgerStore = ReturnType<typeof createSentLedgerStore>;
