// The parse worker's chunks cross to the importer's thread in the wire form and come back as the same items.
import { describe, expect, it } from 'vitest';
import { batchRowOf } from '../../src/journal/entries/batch-row.ts';
import type { ParsedItem } from '../../src/importer/telegram-export/parse-protocol.ts';
import { fromWire, toWire } from '../../src/importer/telegram-export/parse-wire.ts';

const NOW = new Date('2024-06-01T12:00:00Z');
const row = (chatId: number, messageId: number, text: string) =>
  batchRowOf(
    {
      ownerId: 111,
      source: 'import',
      chatId,
      messageId,
      writtenAt: new Date(Date.UTC(2024, 0, 1, 0, messageId)),
      text,
      editedAt: null,
    },
    'UTC',
    NOW,
  );

describe('parse wire', () => {
  it('gives back every item in order: runs of rows per chat, tags, skips and messages of chats not imported', () => {
    const items: ParsedItem[] = [
      { k: 'chats:0', d: row(1, 1, 'plain') },
      { k: 'chats:0', d: row(1, 2, 'with #tag and #other') },
      { k: 'chats:0', s: 'service', i: 3 },
      { k: 'chats:0', d: row(1, 4, 'after a skip') },
      { k: 'chats:1', d: row(2, 1, 'another chat') },
      { k: 'chats:2' },
      { k: 'chats:1', s: 'malformed' },
      { k: 'chats:1', d: row(2, 2, '#last') },
    ];
    const wire = toWire(items);
    expect(wire.runs.filter(Array.isArray)).toEqual([
      ['chats:0', 2],
      ['chats:0', 1],
      ['chats:1', 1],
      ['chats:1', 1],
    ]);
    expect(fromWire(structuredClone(wire))).toEqual(items);
    expect(fromWire(toWire([]))).toEqual([]);
  });
});
