// The rules that decide which export messages become entries, one at a time.
import { describe, expect, it } from 'vitest';
import { flattenText, parseMessage, type MessageContext } from '../../src/importer/parse-message.ts';

const OWNER = 111;
const inChat = (chatType: string, chatId: number | null = 500): MessageContext => ({ ownerId: OWNER, chatId, chatType, timeZone: 'Europe/Berlin' });
const message = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  type: 'message',
  date: '2024-01-01T11:00:00',
  date_unixtime: '1704103200',
  from: 'Owner',
  from_id: `user${OWNER}`,
  text: 'hello',
  ...extra,
});
const skipOf = (raw: unknown, context = inChat('personal_chat')) => {
  const parsed = parseMessage(raw, context);
  return 'skip' in parsed ? parsed.skip : null;
};

describe('parseMessage', () => {
  it('makes a draft keyed by owner, chat id and message id, at date_unixtime', () => {
    expect(parseMessage(message(), inChat('personal_chat'))).toEqual({
      draft: { ownerId: OWNER, source: 'import', chatId: 500, messageId: 7, writtenAt: new Date('2024-01-01T10:00:00Z'), text: 'hello', editedAt: null },
    });
  });

  it('flattens text arrays and rich objects to readable text, keeping line breaks', () => {
    expect(flattenText(['Read ', { type: 'bold', text: 'Dune' }, '\nsee ', { type: 'text_link', text: 'this', href: 'https://x.y' }])).toBe('Read Dune\nsee this');
    expect(flattenText({ type: 'rich', text: [{ type: 'plain', text: 'a ' }, { type: 'italic', text: { text: 'b' } }] })).toBe('a b');
    expect(flattenText(undefined)).toBe('');
    expect(flattenText(42)).toBe('');
  });

  it('uses text_entities when text is missing', () => {
    const parsed = parseMessage(message({ text: undefined, text_entities: [{ type: 'plain', text: 'from entities' }] }), inChat('saved_messages'));
    expect(parsed).toMatchObject({ draft: { text: 'from entities' } });
  });

  it('skips service messages, messages without text, forwards, and others’ messages in chats with people or bots', () => {
    expect(skipOf(message({ type: 'service', action: 'pin_message', text: '' }))).toBe('service');
    expect(skipOf({ id: 3, type: 'unsupported' })).toBe('no-text');
    expect(skipOf(message({ text: '', file: '(File not included.)', media_type: 'sticker' }))).toBe('no-text');
    expect(skipOf(message({ text: ' \n ' }))).toBe('no-text');
    expect(skipOf(message({ forwarded_from: null }))).toBe('forwarded');
    expect(skipOf(message({ saved_from: 'Somewhere' }), inChat('saved_messages'))).toBe('forwarded');
    expect(skipOf(message({ from_id: 'user300' }))).toBe('not-owner');
    expect(skipOf(message({ from_id: 'user300' }), inChat('private_supergroup'))).toBe('not-owner');
    expect(skipOf(message({ from_id: undefined, from: null }), inChat('bot_chat'))).toBe('not-owner');
  });

  it('counts every post of a channel, and everything in Saved Messages, as the owner’s', () => {
    for (const type of ['private_channel', 'public_channel', 'saved_messages']) {
      expect(skipOf(message({ from_id: 'channel1500', from: 'Diary' }), inChat(type))).toBeNull();
      expect(skipOf(message({ from_id: undefined, from: undefined }), inChat(type))).toBeNull();
    }
  });

  it('accepts the numeric from_id of old exports, plain or shifted by 2^32', () => {
    expect(skipOf(message({ from_id: OWNER }))).toBeNull();
    expect(skipOf(message({ from_id: OWNER + 2 ** 32 }))).toBeNull();
    expect(skipOf(message({ from_id: 300 }))).toBe('not-owner');
  });

  it('reads a zone-less date in JOURNAL_TIMEZONE when date_unixtime is missing', () => {
    const parsed = parseMessage(message({ date_unixtime: undefined, date: '2024-07-01T09:30:00' }), inChat('saved_messages'));
    expect(parsed).toMatchObject({ draft: { writtenAt: new Date('2024-07-01T07:30:00Z') } });
  });

  it('prefers date_unixtime over date, and tolerates it as a number', () => {
    const parsed = parseMessage(message({ date: '1999-01-01T00:00:00', date_unixtime: 1704103200 }), inChat('saved_messages'));
    expect(parsed).toMatchObject({ draft: { writtenAt: new Date('2024-01-01T10:00:00Z') } });
  });

  it('keeps the final text of an edited message and when it was edited', () => {
    const parsed = parseMessage(message({ text: 'final', edited: '2024-01-02T00:00:00', edited_unixtime: '1704150000' }), inChat('saved_messages'));
    expect(parsed).toMatchObject({ draft: { text: 'final', editedAt: new Date(1704150000 * 1000) } });
  });

  it('skips what cannot be keyed or dated, and what is not a message object', () => {
    expect(skipOf(message({ id: undefined }))).toBe('no-id');
    expect(skipOf(message(), inChat('saved_messages', null))).toBe('no-id');
    expect(skipOf(message({ date: undefined, date_unixtime: undefined }))).toBe('no-date');
    expect(skipOf(message({ date: 'yesterday', date_unixtime: 'soon' }))).toBe('no-date');
    expect(skipOf('just a string')).toBe('malformed');
    expect(skipOf(message({ id: 'seven' }))).toBe('malformed');
  });
});
