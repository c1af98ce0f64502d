/** The SQLite home of jobs (structurally a telegram/ JobStore): slow work an update asked for, resumable after a stop. */
import type { JournalDb } from './open-database.ts';
import type { JobStatus } from './schema.ts';

const COLUMNS = ['id', 'update_id', 'kind', 'owner_id', 'chat_id', 'payload', 'status', 'starts'] as const;

/**
 * A job as its consumer reads it. Its shape is the telegram/ JobStore port's JobRecord (the one definition, on the
 * consuming side; db/ imports nothing): app.ts hands this store to the job runner, which checks it structurally.
 */
const fromRow = (r: { id: number; update_id: number; kind: string; owner_id: number; chat_id: number; payload: string; status: JobStatus; starts: number }) => ({
  id: r.id,
  updateId: r.update_id,
  kind: r.kind,
  ownerId: r.owner_id,
  chatId: r.chat_id,
  payload: r.payload,
  status: r.status,
  starts: r.starts,
});
type StoredJob = ReturnType<typeof fromRow>;

export function createSqliteJobStore(db: JournalDb) {
  return {
    /** Queues a job; the update it comes from may queue one job only, so handling an update twice changes nothing (null). */
    async add(job: { updateId: number; kind: string; ownerId: number; chatId: number; payload: string }, now: Date): Promise<StoredJob | null> {
      const at = now.toISOString();
      const row = await db
        .insertInto('job')
        .values({ update_id: job.updateId, kind: job.kind, owner_id: job.ownerId, chat_id: job.chatId, payload: job.payload, status: 'queued', error: null, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('update_id').doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? fromRow(row) : null;
    },

    async markStarted(id: number, now: Date): Promise<void> {
      await db
        .updateTable('job')
        .set((eb) => ({ status: 'running', starts: eb('starts', '+', 1), updated_at: now.toISOString() }))
        .where('id', '=', id)
        .execute();
    },

    async finish(id: number, status: 'done' | 'failed', error: string | null, now: Date): Promise<void> {
      await db.updateTable('job').set({ status, error, updated_at: now.toISOString() }).where('id', '=', id).execute();
    },

    /** Jobs queued or cut off while running, oldest first. */
    async unfinished(): Promise<StoredJob[]> {
      const rows = await db.selectFrom('job').select(COLUMNS).where('status', 'in', ['queued', 'running']).orderBy('id').execute();
      return rows.map(fromRow);
    },

    /** Queues a failed job of this owner again, as new; undefined when there is no such failed job. */
    async requeue(id: number, ownerId: number, now: Date): Promise<StoredJob | undefined> {
      const row = await db
        .updateTable('job')
        .set({ status: 'queued', starts: 0, error: null, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('status', '=', 'failed')
        .returning(COLUMNS)
        .executeTakeFirst();
      return row && fromRow(row);
    },
  };
}
