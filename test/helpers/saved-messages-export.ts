// A Telegram Desktop export of Saved Messages written by a test: result.json with the owner's messages of 2024-04-15.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** Message `id` of the owner, at 10:00 UTC plus `id` seconds, with `extra` fields (photo, file, text…). */
export const savedMessage = (ownerId: number, id: number, extra: Record<string, unknown>) => ({
  id,
  type: 'message',
  date: '2024-04-15T10:00:00',
  date_unixtime: String(1713175200 + id),
  from: 'Me',
  from_id: `user${ownerId}`,
  text: '',
  text_entities: [],
  ...extra,
});

/** Writes `<dir>/result.json` holding `messages`; returns its path. */
export function writeSavedMessages(dir: string, ownerId: number, messages: readonly object[]): string {
  const file = path.join(dir, 'result.json');
  writeFileSync(file, JSON.stringify({ name: null, type: 'saved_messages', id: ownerId, messages }));
  return file;
}
