/**
 * The web view's one-time login links, kept in the journal's database (SQLite or PostgreSQL): any process that shares
 * it (npm run web -- --link, the bot's /web) makes a link the running npm run web accepts, without a restart. Only the
 * token's SHA-256 is stored; a link is taken by one conditional UPDATE, so two openings racing cannot both sign in,
 * and a used one is kept until it would have expired a day on, so a second opening can be told it was used.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { JournalDb } from './journal-database.ts';

/** A login link works this long. */
export const LOGIN_LINK_TTL_MS = 10 * 60_000;
/** How long a link is remembered after it expired: a late second opening still hears it was used. */
const REMEMBER_MS = 24 * 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Why a login token does not sign in: opened once already, or unknown (expired, or never made here). */
export type LoginRefusal = 'used' | 'unknown';

/** Makes a one-time login token for `ownerId`'s journal, valid LOGIN_LINK_TTL_MS from `now`. */
export async function createLoginLink(db: JournalDb, ownerId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .deleteFrom('web_login_link')
    .where('expires_at', '<', new Date(now.getTime() - REMEMBER_MS).toISOString())
    .execute();
  await db
    .insertInto('web_login_link')
    .values({
      token_hash: hashOf(token),
      owner_id: ownerId,
      expires_at: new Date(now.getTime() + LOGIN_LINK_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Takes a login token once: its owner, or why it does not sign in. */
export async function redeemLoginLink(
  db: JournalDb,
  token: string,
  now: Date,
): Promise<{ ownerId: number } | { refused: LoginRefusal }> {
  if (!/^[\w-]{20,100}$/.test(token)) return { refused: 'unknown' };
  const hash = hashOf(token);
  const at = now.toISOString();
  const taken = await db
    .updateTable('web_login_link')
    .set({ used_at: at })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('owner_id')
    .executeTakeFirst();
  if (taken) return { ownerId: Number(taken.owner_id) };
  const known = await db
    .selectFrom('web_login_link')
    .select('used_at')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  return { refused: known?.used_at ? 'used' : 'unknown' };
}
