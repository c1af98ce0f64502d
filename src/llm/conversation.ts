/** A conversation with the model, as stored between questions and restarts, and the store it lives in. */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { Receipt } from './receipt.ts';

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

/** Where conversations live. Every lookup is scoped to an owner: another owner's id is simply not found. */
export interface ConversationStore {
  create(ownerId: number, now: Date): Promise<Conversation>;
  get(ownerId: number, id: number): Promise<Conversation | undefined>;
  update(
    ownerId: number,
    id: number,
    change: { messages?: MessageParam[]; status: ConversationStatus; pendingQuestion: string | null; receipt?: Receipt },
    now: Date,
  ): Promise<void>;
  /** Remembers that a chat message (an answer) belongs to a conversation, so a reply to it continues there. */
  linkMessage(ownerId: number, chatId: number, messageId: number, conversationId: number): Promise<void>;
  findByMessage(ownerId: number, chatId: number, messageId: number): Promise<number | undefined>;
  /** The receipt of the owner's most recent answer. */
  lastReceipt(ownerId: number): Promise<Receipt | undefined>;
}
