/** A conversation with the model, as stored between questions and restarts, and the store it lives in. */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import { receiptSchema, type Receipt } from './receipt.ts';

/** `pending`: a question is being answered; `failed`: the API failed and `pendingQuestion` waits for a retry. */
export type ConversationStatus = 'pending' | 'answered' | 'failed';

export interface Conversation {
  id: number;
  ownerId: number;
  /** Every turn exactly as sent and received, thinking blocks included. */
  messages: MessageParam[];
  status: ConversationStatus;
  pendingQuestion: string | null;
}

const messageShape = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
});

/**
 * A turn as stored: checked for the shape every MessageParam has (a role; text or typed blocks), not block by
 * block, so a turn the SDK sent is always read back while a corrupt row is caught.
 */
export const storedMessageSchema = z.custom<MessageParam>((value) => messageShape.safeParse(value).success, {
  error: 'each message must be {role: "user"|"assistant", content: text or an array of blocks with a type}',
});

/** What a conversation store validates on read. */
export const storedConversationSchemas = { message: storedMessageSchema, receipt: receiptSchema };

/** Where conversations live. Every lookup is scoped to an owner: another owner's id is simply not found. */
export interface ConversationStore {
  create(ownerId: number, now: Date): Promise<Conversation>;
  get(ownerId: number, id: number): Promise<Conversation | undefined>;
  update(
    ownerId: number,
    id: number,
    change: {
      messages?: MessageParam[];
      status: ConversationStatus;
      pendingQuestion: string | null;
      receipt?: Receipt;
      /** The entries whose text `messages` carry: when one was forgotten meanwhile, the conversation is dropped. */
      readEntries?: readonly number[];
    },
    now: Date,
  ): Promise<boolean>;
  /** Remembers that a chat message (an answer) belongs to a conversation, so a reply to it continues there. */
  linkMessage(ownerId: number, chatId: number, messageId: number, conversationId: number): Promise<void>;
  findByMessage(ownerId: number, chatId: number, messageId: number): Promise<number | undefined>;
  /** The receipt of the owner's most recent answer. */
  lastReceipt(ownerId: number): Promise<Receipt | undefined>;
}
