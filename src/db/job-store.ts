/**
 * The home of jobs (structurally the JobStore of telegram/jobs/job-store-port.ts): slow work an update asked for,
 * resumable after a stop, and shared by every instance on the database. A job is claimed in one statement by one
 * instance, under a lease it renews while it runs; per chat only the oldest unfinished job can be claimed, so a chat's
 * jobs run in order.
 */
import type { Selectable } from 'kysely';
import type { JournalDb } from './journal-database.ts';
import type { JobTable } from './schema.ts';

const COLUMNS = [
  'id',
  'update_id',
  'kind',
  'owner_id',
  'chat_id',
  'payload',
  'status',
  'starts',
  'replied_at',
  'reply_message_id',
] as const;

/** A job row as the store reads it: JobTable's columns above, as kysely selects them. */
type Row = Pick<Selectable<JobTable>, (typeof COLUMNS)[number]>;

/**
 * A job as its consumer reads it. Its shape is the telegram/ JobStore port's JobRecord (the one definition, on the
 * consuming side; db/ imports nothing): app.ts hands this store to the job runner, which checks it structurally.
 */
const fromRow = (r: Row) => ({
  id: r.id,
  updateId: r.update_id,
  kind: r.kind,
  ownerId: r.owner_id,
  chatId: r.chat_id,
  payload: r.payload,
  status: r.status,
  starts: r.starts,
  repliedAt: r.replied_at,
  replyMessageId: r.reply_message_id,
});
type StoredJob = ReturnType<typeof fromRow>;

/** Earlier than any lease: a lease set to it has run out. */
const LONG_AGO = new Date(0).toISOString();

export function createJobStore(db: JournalDb) {
  return {
    /** Queues a job; the update it comes from may queue one job only, so handling an update twice changes nothing (null). */
    async add(
      job: { updateId: number; kind: string; ownerId: number; chatId: number; payload: string },
      now: Date,
    ): Promise<StoredJob | null> {
      const at = now.toISOString();
      const row = await db
        .insertInto('job')
        .values({
          update_id: job.updateId,
          kind: job.kind,
          owner_id: job.ownerId,
          chat_id: job.chatId,
          payload: job.payload,
          status: 'queued',
          error: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('update_id').doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? fromRow(row) : null;
    },

    /**
     * Claims the next job for `holder` until `until`, in one statement: the oldest that is queued, or running under a
     * lease that ran out (its instance died), and is the oldest unfinished job of its chat. It becomes running, its
     * starts count up. Undefined when there is none; two instances never get the same job.
     */
    async claimNext(holder: string, now: Date, until: Date): Promise<StoredJob | undefined> {
      const at = now.toISOString();
      const pick = db
        .selectFrom('job as j')
        .select('j.id')
        .where((eb) =>
          eb.or([
            eb('j.status', '=', 'queued'),
            eb.and([eb('j.status', '=', 'running'), eb('j.lease_until', '<', at)]),
          ]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('job as e')
                .select('e.id')
                .whereRef('e.chat_id', '=', 'j.chat_id')
                .whereRef('e.id', '<', 'j.id')
                .where('e.status', 'in', ['queued', 'running']),
            ),
          ),
        )
        .orderBy('j.id')
        .limit(1);
      const row = await db
        .updateTable('job')
        .set((eb) => ({
          status: 'running',
          starts: eb('starts', '+', 1),
          lease_holder: holder,
          lease_until: until.toISOString(),
          updated_at: at,
        }))
        .where('id', '=', db.store.claimable(pick))
        // Checked again on the row itself: on PostgreSQL a claim that committed meanwhile has changed it.
        .where((eb) =>
          eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', at)])]),
        )
        .returning(COLUMNS)
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /** Extends the leases of the jobs `holder` runs; returns their ids (one missing was taken over). */
    async renew(holder: string, until: Date): Promise<number[]> {
      const rows = await db
        .updateTable('job')
        .set({ lease_until: until.toISOString() })
        .where('lease_holder', '=', holder)
        .where('status', '=', 'running')
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Marks that the job begins to send its answer; false when it is no longer `holder`'s or it already began. */
    async claimReply(id: number, holder: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('job')
        .set({ replied_at: now.toISOString() })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .where('status', '=', 'running')
        .where('replied_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Keeps the id of the message the job began to send, once Telegram took it; false when the job is no longer `holder`'s. */
    async noteReply(id: number, holder: string, messageId: number): Promise<boolean> {
      const result = await db
        .updateTable('job')
        .set({ reply_message_id: messageId })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .where('status', '=', 'running')
        .where('reply_message_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends a job `holder` runs; false (and nothing changed) when it is no longer theirs: another instance took it over. */
    async finish(
      id: number,
      holder: string,
      status: 'done' | 'failed',
      error: string | null,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('job')
        .set({ status, error, lease_until: null, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** At start: jobs an earlier run under this name was running are cut off, so they can be claimed at once. */
    async releaseAll(holder: string): Promise<void> {
      await db
        .updateTable('job')
        .set({ lease_until: LONG_AGO })
        .where('lease_holder', '=', holder)
        .where('status', '=', 'running')
        .execute();
    },

    /** Queues a failed job of this owner again, as new; undefined when there is no such failed job. */
    async requeue(id: number, ownerId: number, now: Date): Promise<StoredJob | undefined> {
      const row = await db
        .updateTable('job')
        .set({
          status: 'queued',
          starts: 0,
          error: null,
          lease_holder: null,
          lease_until: null,
          replied_at: null,
          reply_message_id: null,
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('status', '=', 'failed')
        .returning(COLUMNS)
        .executeTakeFirst();
      return row && fromRow(row);
    },
  };
}
