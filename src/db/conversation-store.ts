/**
 * Conversations and the answers that belong to them (on SQLite or PostgreSQL), scoped by owner. Their shape is defined
 * once, as llm/conversation.ts's ConversationStore: db/ may not import llm/, so this store's type is inferred from its
 * code, and wiring/questions.ts, passing it in as the port, fails to compile when the two part. The stored JSON is validated on read with the schemas the caller passes in, so a corrupt
 * row is an error naming that row, not a crash somewhere later.
 */
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { JournalDb } from './journal-database.ts';
import type { ConversationTable } from './schema.ts';
import { errorReason } from '../log/error-message.ts';

type Status = ConversationTable['status'];

/** The shapes of the stored JSON: one message of the conversation, and a receipt. */
export interface ConversationSchemas<Message, Receipt> {
  message: z.ZodType<Message>;
  receipt: z.ZodType<Receipt>;
}

/** A conversation row as the store reads it. */
type ConversationRow = Pick<
  Selectable<ConversationTable>,
  'id' | 'owner_id' | 'messages' | 'status' | 'pending_question'
>;

/** Parses one stored JSON column against its schema; any failure names the row and the column. */
function readJson<T>(text: string, schema: z.ZodType<T>, where: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not valid JSON (${errorReason(error)})`, { cause: error });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Error(`${where} is not what was stored: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

export function createConversationStore<Message, Receipt>(
  db: JournalDb,
  schemas: ConversationSchemas<Message, Receipt>,
) {
  const messageList = schemas.message.array();
  const fromRow = (r: ConversationRow) => ({
    id: r.id,
    ownerId: r.owner_id,
    messages: readJson(r.messages, messageList, `conversation ${r.id}: messages`),
    status: r.status,
    pendingQuestion: r.pending_question,
  });

  return {
    async create(ownerId: number, now: Date) {
      const at = now.toISOString();
      const row = await db
        .insertInto('conversation')
        .values({
          owner_id: ownerId,
          messages: '[]',
          status: 'pending',
          pending_question: null,
          receipt: null,
          answered_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'owner_id', 'messages', 'status', 'pending_question'])
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },

    async get(ownerId: number, id: number) {
      const row = await db
        .selectFrom('conversation')
        .select(['id', 'owner_id', 'messages', 'status', 'pending_question'])
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /**
     * Records a change. With `readEntries` (the entries whose text the new messages carry), the conversation is
     * stored only while every one of them still exists: one forgotten while the question ran (/forget does not see
     * messages not yet written) drops the conversation instead, so no copy of the entry outlives it. Returns false
     * when dropped.
     */
    async update(
      ownerId: number,
      id: number,
      change: {
        messages?: Message[];
        status: Status;
        pendingQuestion: string | null;
        receipt?: Receipt;
        readEntries?: readonly number[];
      },
      now: Date,
    ): Promise<boolean> {
      const at = now.toISOString();
      const read = [...new Set(change.readEntries ?? [])];
      return db.transaction().execute(async (trx) => {
        if (change.messages && read.length > 0) {
          const present = await trx
            .selectFrom('entry')
            .select('id')
            .where('owner_id', '=', ownerId)
            .where('id', 'in', read)
            .execute();
          if (present.length < read.length) {
            await trx
              .deleteFrom('conversation_message')
              .where('owner_id', '=', ownerId)
              .where('conversation_id', '=', id)
              .execute();
            await trx.deleteFrom('conversation').where('owner_id', '=', ownerId).where('id', '=', id).execute();
            return false;
          }
        }
        await trx
          .updateTable('conversation')
          .set({
            status: change.status,
            pending_question: change.pendingQuestion,
            updated_at: at,
            ...(change.messages ? { messages: JSON.stringify(change.messages) } : {}),
            ...(change.receipt ? { receipt: JSON.stringify(change.receipt), answered_at: at } : {}),
          })
          .where('owner_id', '=', ownerId)
          .where('id', '=', id)
          .execute();
        return true;
      });
    },

    async linkMessage(ownerId: number, chatId: number, messageId: number, conversationId: number): Promise<void> {
      await db
        .insertInto('conversation_message')
        .values({ owner_id: ownerId, chat_id: chatId, message_id: messageId, conversation_id: conversationId })
        .onConflict((oc) =>
          oc.columns(['owner_id', 'chat_id', 'message_id']).doUpdateSet({ conversation_id: conversationId }),
        )
        .execute();
    },

    async findByMessage(ownerId: number, chatId: number, messageId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('conversation_message')
        .select('conversation_id')
        .where('owner_id', '=', ownerId)
        .where('chat_id', '=', chatId)
        .where('message_id', '=', messageId)
        .executeTakeFirst();
      return row?.conversation_id;
    },

    /**
     * Questions cut off by a stop or a crash: `pending` becomes `failed`, keeping the question, so nothing stays pending
     * forever (their job asks them again at the next start, or the owner taps Retry). Returns how many.
     */
    async failInterrupted(now: Date): Promise<number> {
      const result = await db
        .updateTable('conversation')
        .set({ status: 'failed', updated_at: now.toISOString() })
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Every stored history of the owner, oldest first (for `npm run journal -- usage`). */
    async allMessages(ownerId: number): Promise<Message[][]> {
      const rows = await db
        .selectFrom('conversation')
        .select(['id', 'messages'])
        .where('owner_id', '=', ownerId)
        .orderBy('id')
        .execute();
      return rows.map((r) => readJson(r.messages, messageList, `conversation ${r.id}: messages`));
    },

    async lastReceipt(ownerId: number): Promise<Receipt | undefined> {
      const row = await db
        .selectFrom('conversation')
        .select(['id', 'receipt'])
        .where('owner_id', '=', ownerId)
        .where('answered_at', 'is not', null)
        .orderBy('answered_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.receipt ? readJson(row.receipt, schemas.receipt, `conversation ${row.id}: receipt`) : undefined;
    },
  };
}
