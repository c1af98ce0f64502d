// The conversation store validates the JSON it reads back: a row written by the app reads back as written, and a
// corrupted row is an error naming the row and the column instead of a crash somewhere in the tool loop.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationStore } from '../../src/db/conversation-store.ts';
import { storedConversationSchemas } from '../../src/llm/conversation.ts';
import type { Receipt } from '../../src/llm/receipt.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('conversation store', () => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
  });
  afterEach(() => temp.cleanup());

  const now = new Date('2024-06-01T12:00:00Z');
  const receipt: Receipt = {
    at: now.toISOString(),
    model: 'claude-test',
    steps: 2,
    stopReason: 'end_turn',
    calls: [
      {
        name: 'invokeMethod',
        input: { objId: 'journal', methodName: 'getDayCount', args: {} },
        resultChars: 12,
        isError: false,
      },
    ],
    usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    peakContextTokens: 10,
    wholeJournalTokens: null,
  };

  describe('conversation store', () => {
    it('reads back the messages and receipt it stored', async () => {
      const store = createConversationStore(temp.db, storedConversationSchemas);
      const c = await store.create(1, now);
      const messages = [
        { role: 'user' as const, content: 'how many days?' },
        { role: 'assistant' as const, content: [{ type: 'text' as const, text: '3 days.' }] },
      ];
      await store.update(1, c.id, { messages, status: 'answered', pendingQuestion: null, receipt }, now);
      expect((await store.get(1, c.id))?.messages).toEqual(messages);
      expect(await store.lastReceipt(1)).toEqual(receipt);
      expect(await store.get(2, c.id)).toBeUndefined();
    });

    it('a corrupt messages column is an error naming the conversation', async () => {
      const store = createConversationStore(temp.db, storedConversationSchemas);
      const c = await store.create(1, now);
      await temp.db.updateTable('conversation').set({ messages: '[{"role":"user"' }).where('id', '=', c.id).execute();
      await expect(store.get(1, c.id)).rejects.toThrow(`conversation ${c.id}: messages is not valid JSON`);
      await temp.db
        .updateTable('conversation')
        .set({ messages: '[{"role":"robot","content":"hi"}]' })
        .where('id', '=', c.id)
        .execute();
      await expect(store.get(1, c.id)).rejects.toThrow(
        new RegExp(`conversation ${c.id}: messages is not what was stored: each message must be`),
      );
    });

    it('a receipt of the wrong shape is an error naming the conversation', async () => {
      const store = createConversationStore(temp.db, storedConversationSchemas);
      const c = await store.create(1, now);
      await store.update(1, c.id, { status: 'answered', pendingQuestion: null, receipt }, now);
      await temp.db.updateTable('conversation').set({ receipt: '{"at":"2024"}' }).where('id', '=', c.id).execute();
      await expect(store.lastReceipt(1)).rejects.toThrow(`conversation ${c.id}: receipt is not what was stored`);
    });
  });
});
