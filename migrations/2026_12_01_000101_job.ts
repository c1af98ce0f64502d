// Jobs: slow work started by an update (a question, a retry, an import), run apart from capture and resumed after a stop.
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // One job per update: handling the same update twice (after a crash) never queues it twice.
    .addColumn('update_id', 'integer', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('chat_id', 'integer', (c) => c.notNull())
    // The update that asked for it, JSON: the job runs as a handler of it would.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`))
    // How many times it was started: a job that keeps being cut off is given up with a Retry button.
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_status').on('job').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
