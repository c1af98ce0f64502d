/**
 * Where an entry came from: the app, and the app's own id. Entries of other apps fit the key Telegram's use
 * (owner, source, chat, message): each app has a chat id of its own (negative, never a Telegram export's chat id)
 * and the message id is derived from the app's id, so a re-import meets the same key and adds nothing.
 */
import { createHash } from 'node:crypto';
import type { EntrySourceApp } from '../../db/schema.ts';

export type { EntrySourceApp };

/** Every app an entry may name: checked here, in code (sourceAppOf), not by a CHECK in the schema, so a new importer needs no migration. */
export const SOURCE_APPS: readonly EntrySourceApp[] = ['telegram', 'dayone', 'jrnl', 'markdown', 'web'];

/** `app` when it is one of SOURCE_APPS; else an error saying which are. */
export function sourceAppOf(app: string): EntrySourceApp {
  const known = SOURCE_APPS.find((a) => a === app);
  if (known === undefined)
    throw new Error(`source_app must be one of ${SOURCE_APPS.join(', ')}, got ${JSON.stringify(app.slice(0, 40))}`);
  return known;
}

/** The chat an app's entries are filed under. Telegram export ids are bare positive numbers, so these never meet one. */
export const SOURCE_CHAT_IDS: Record<Exclude<EntrySourceApp, 'telegram'>, number> = {
  dayone: -1,
  jrnl: -2,
  markdown: -3,
  /** Written in the web view or the Mini App (written-entries.ts). */
  web: -4,
};

/**
 * A stable message id for an app's own id: 48 bits of its SHA-256. Two of n entries of one app share an id with a
 * chance of about n²/2⁴⁹: 2·10⁻⁷ at 10,000 entries, 2·10⁻³ at a million. Within one file the importer reports the
 * second as a duplicate id (import-source.ts); across imports it would be taken for a revision of the first.
 */
export function messageIdOf(sourceId: string): number {
  return createHash('sha256').update(sourceId).digest().readUIntBE(0, 6);
}

/** Telegram's own id of a message: messages are numbered per chat. */
export const telegramSourceId = (chatId: number, messageId: number) => `${chatId}:${messageId}`;
