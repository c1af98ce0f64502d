/** The SQLite home of conversations and the answers that belong to them, scoped by owner (structurally an llm/ ConversationStore). */
import type { JournalDb } from './open-database.ts';
import type { ConversationTable } from './schema.ts';

type Status = ConversationTable['status'];

interface StoredConversation {
  id: number;
  ownerId: number;
  messages: any[];
  status: Status;
  pendingQuestion: string | null;
}

const fromRow = (r: { id: number; owner_id: number; messages: string; status: Status; pending_question: string | null }): StoredConversation => ({
  id: r.id,
  ownerId: r.owner_id,
  messages: JSON.parse(r.messages),
  status: r.status,
  pendingQuestion: r.pending_question,
});

export function createSqliteConversationStore(db: JournalDb) {
  return {
    async create(ownerId: number, now: Date): Promise<StoredConversation> {
      const at = now.toISOString();
      const row = await db
        .insertInto('conversation')
        .values({ owner_id: ownerId, messages: '[]', status: 'pending', pending_question: null, receipt: null, answered_at: null, created_at: at, updated_at: at })
        .returning(['id', 'owner_id', 'messages', 'status', 'pending_question'])
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },

    async get(ownerId: number, id: number): Promise<StoredConversation | undefined> {
      const row = await db
        .selectFrom('conversation')
        .select(['id', 'owner_id', 'messages', 'status', 'pending_question'])
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && fromRow(row);
    },

    async update(
      ownerId: number,
      id: number,
      change: { messages?: unknown[]; status: Status; pendingQuestion: string | null; receipt?: unknown },
      now: Date,
    ): Promise<void> {
      const at = now.toISOString();
      await db
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
    },

    async linkMessage(ownerId: number, chatId: number, messageId: number, conversationId: number): Promise<void> {
      await db
        .insertInto('conversation_message')
        .values({ owner_id: ownerId, chat_id: chatId, message_id: messageId, conversation_id: conversationId })
        .onConflict((oc) => oc.columns(['owner_id', 'chat_id', 'message_id']).doUpdateSet({ conversation_id: conversationId }))
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

    async lastReceipt(ownerId: number): Promise<any | undefined> {
      const row = await db
        .selectFrom('conversation')
        .select('receipt')
        .where('owner_id', '=', ownerId)
        .where('answered_at', 'is not', null)
        .orderBy('answered_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.receipt ? JSON.parse(row.receipt) : undefined;
    },
  };
}
