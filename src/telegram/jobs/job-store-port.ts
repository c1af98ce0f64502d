/**
 * What the job runner needs of its store: the one definition of its shape. db/job-store.ts implements it without
 * restating it (telegram/ and db/ may not import each other, so the adapter's type is inferred from its code) and
 * app.ts, passing the adapter in as this port, fails to compile when the two part.
 */
export interface JobRecord {
  id: number;
  updateId: number;
  kind: string;
  ownerId: number;
  chatId: number;
  /** The update that asked for the job, JSON. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  starts: number;
  /** When it began to send its first message, if it did. */
  repliedAt: string | null;
  /** That message's id, once Telegram took it. */
  replyMessageId: number | null;
}

export interface JobStore {
  add(
    job: Pick<JobRecord, 'updateId' | 'kind' | 'ownerId' | 'chatId' | 'payload'>,
    now: Date,
  ): Promise<JobRecord | null>;
  claimNext(holder: string, now: Date, until: Date): Promise<JobRecord | undefined>;
  renew(holder: string, until: Date): Promise<number[]>;
  claimReply(id: number, holder: string, now: Date): Promise<boolean>;
  noteReply(id: number, holder: string, messageId: number): Promise<boolean>;
  finish(id: number, holder: string, status: 'done' | 'failed', error: string | null, now: Date): Promise<boolean>;
  releaseAll(holder: string): Promise<void>;
  requeue(id: number, ownerId: number, now: Date): Promise<JobRecord | undefined>;
}
