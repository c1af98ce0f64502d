// The rules that decide which export messages become entries, one at a time.
import { describe, expect, it } from 'vitest';
import { parseMessage, type MessageContext } from '../../src/importer/telegram-export/parse-message.ts';

const OWNER = 111;
const inChat = (chatType: string, chatId: number | null = 500): MessageContext => ({
  ownerId: OWNER,
  chatId,
  chatType,
  timeZone: 'Europe/Berlin',
});
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
      draft: {
        ownerId: OWNER,
        source: 'import',
        chatId: 500,
        messageId: 7,
        writtenAt: new Date('2024-01-01T10:00:00Z'),
        text: 'hello',
        editedAt: null,
      },
    });
  });

  it('reads text arrays as Markdown (bold, links) and rich objects as their words, keeping line breaks', () => {
    const textOf = (text: unknown) => {
      const parsed = parseMessage(message({ text }), inChat('personal_chat'));
      return 'draft' in parsed ? parsed.draft.text : null;
    };
    expect(
      textOf([
        'Read ',
        { type: 'bold', text: 'Dune' },
        '\nsee ',
        { type: 'text_link', text: 'this', href: 'https://x.y' },
      ]),
    ).toBe('Read **Dune**\nsee [this](https://x.y)');
    expect(
      textOf({
        type: 'rich',
        text: [
          { type: 'plain', text: 'a ' },
          { type: 'italic', text: { text: 'b' } },
        ],
      }),
    ).toBe('a b');
  });

  it('uses text_entities when text is missing', () => {
    const parsed = parseMessage(
      message({ text: undefined, text_entities: [{ type: 'plain', text: 'from entities' }] }),
      inChat('saved_messages'),
    );
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
    const parsed = parseMessage(
      message({ date_unixtime: undefined, date: '2024-07-01T09:30:00' }),
      inChat('saved_messages'),
    );
    expect(parsed).toMatchObject({ draft: { writtenAt: new Date('2024-07-01T07:30:00Z') } });
  });

  it('prefers date_unixtime over date, and tolerates it as a number', () => {
    const parsed = parseMessage(
      message({ date: '1999-01-01T00:00:00', date_unixtime: 1704103200 }),
      inChat('saved_messages'),
    );
    expect(parsed).toMatchObject({ draft: { writtenAt: new Date('2024-01-01T10:00:00Z') } });
  });

  it('keeps the final text of an edited message and when it was edited', () => {
    const parsed = parseMessage(
      message({ text: 'final', edited: '2024-01-02T00:00:00', edited_unixtime: '1704150000' }),
      inChat('saved_messages'),
    );
    expect(parsed).toMatchObject({ draft: { text: 'final', editedAt: new Date(1704150000 * 1000) } });
  });

  it('skips what cannot be keyed or dated, and what is not a message object', () => {
    expect(skipOf(message({ id: undefined }))).toBe('no-id');
    expect(skipOf(message(), inChat('saved_messages', null))).toBe('no-id');
    expect(skipOf(message({ date: undefined, date_unixtime: undefined }))).toBe('no-date');
    expect(skipOf(message({ date: 'yesterday', date_unixtime: 'soon' }))).toBe('bad-date');
    expect(skipOf('just a string')).toBe('malformed');
    expect(skipOf(message({ id: 'seven' }))).toBe('malformed');
  });

  it('validates dates, never shifts them: impossible or out-of-range times are skipped as bad-date', () => {
    const zoneless = (date: string) => message({ date, date_unixtime: undefined });
    for (const date of [
      '2024-02-30T10:00:00',
      '0000-01-01T00:00:00',
      '1969-12-31T23:00:00',
      '2024-01-01T99:99:99',
      '2024-13-01T10:00:00',
      '2024-01-01T24:00:00',
      '10000-01-01T00:00:00',
    ]) {
      expect(skipOf(zoneless(date)), date).toBe('bad-date');
    }
    for (const unix of [1e20, '999999999999', -5, 1.5, '1.5', '', Number.MAX_SAFE_INTEGER])
      expect(skipOf(message({ date_unixtime: unix })), String(unix)).toBe('bad-date');
    // Real calendar times stay exactly as written, read in the zone: a leap day, the last second of 9999 (UTC zone).
    expect(parseMessage(zoneless('2024-02-29T10:00:00'), inChat('saved_messages'))).toMatchObject({
      draft: { writtenAt: new Date('2024-02-29T09:00:00Z') },
    });
    expect(
      parseMessage(zoneless('9999-12-31T23:59:59'), { ...inChat('saved_messages'), timeZone: 'UTC' }),
    ).toMatchObject({ draft: { writtenAt: new Date('9999-12-31T23:59:59Z') } });
    expect(parseMessage(message({ date_unixtime: 0 }), { ...inChat('saved_messages'), timeZone: 'UTC' })).toMatchObject(
      { draft: { writtenAt: new Date(0) } },
    );
    // At the end of the range the zone decides: the last hours of 9999 (UTC) are already year 10000 in Kiritimati
    // (+14); a day well inside the range needs no zone lookup.
    const inZone = (timeZone: string) => ({ ...inChat('saved_messages'), timeZone });
    expect(skipOf(message({ date_unixtime: Date.UTC(9999, 11, 31, 12) / 1000 }), inZone('Pacific/Kiritimati'))).toBe(
      'bad-date',
    );
    expect(
      parseMessage(message({ date_unixtime: Date.UTC(9999, 11, 31, 9) / 1000 }), inZone('Pacific/Kiritimati')),
    ).toMatchObject({ draft: { writtenAt: new Date(Date.UTC(9999, 11, 31, 9)) } });
    // A bad edit time is dropped, not a reason to lose the message.
    expect(parseMessage(message({ edited_unixtime: 1e20 }), inChat('saved_messages'))).toMatchObject({
      draft: { editedAt: null },
    });
  });

  it('skips text that is not text (numbers, booleans, nulls in parts, nesting past the limit) as bad-text', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    for (const text of [42, true, [1], ['a', null], { text: 7 }, deep])
      expect(skipOf(message({ text }), inChat('saved_messages'))).toBe('bad-text');
    expect(
      parseMessage(message({ text: ['a', { type: 'custom_emoji' }, 'b'] }), inChat('saved_messages')),
    ).toMatchObject({ draft: { text: 'ab' } });
  });
});
