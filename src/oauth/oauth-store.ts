/**
 * Remote MCP's OAuth store (on SQLite and PostgreSQL): the consent requests here, composed with the registered clients
 * (oauth-client-store.ts) and the grants and their tokens (oauth-grant-store.ts) into the one store the authorization
 * server takes. Secrets arrive here already hashed (src/oauth/secrets.ts): nothing a client could present is stored as
 * is. Every state change is one conditional UPDATE, so two requests racing for the same code or token cannot both win.
 */
import type { Selectable } from 'kysely';
import type { JournalDb } from '../db/journal-database.ts';
import type { OauthRequestTable } from '../db/schema.ts';
import { createOauthClientStore } from './oauth-client-store.ts';
import { createOauthGrantStore } from './oauth-grant-store.ts';

export type OauthRequestRow = Selectable<OauthRequestTable>;

export interface NewOauthRequest {
  pageHash: string;
  payloadHash: string;
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  resource: string;
  scope: string;
  createdAt: Date;
  expiresAt: Date;
}

const iso = (d: Date) => d.toISOString();
const KEEP_EXCHANGED_MS = 24 * 60 * 60_000;

export function createOauthStore(db: JournalDb) {
  return {
    ...createOauthClientStore(db),
    ...createOauthGrantStore(db),

    /**
     * Stores a new request. Requests past their time go at the same time; an exchanged one is kept a day longer, so a
     * code presented again in that time still ends the grant it made.
     */
    async insertRequest(r: NewOauthRequest): Promise<void> {
      await db
        .deleteFrom('oauth_request')
        .where('expires_at', '<', iso(r.createdAt))
        .where('status', '!=', 'exchanged')
        .execute();
      await db
        .deleteFrom('oauth_request')
        .where('expires_at', '<', iso(new Date(r.createdAt.getTime() - KEEP_EXCHANGED_MS)))
        .execute();
      await db
        .insertInto('oauth_request')
        .values({
          page_hash: r.pageHash,
          payload_hash: r.payloadHash,
          client_id: r.clientId,
          redirect_uri: r.redirectUri,
          state: r.state,
          code_challenge: r.codeChallenge,
          resource: r.resource,
          scope: r.scope,
          status: 'pending',
          owner_id: null,
          code_hash: null,
          confirm_hash: null,
          grant_id: null,
          created_at: iso(r.createdAt),
          expires_at: iso(r.expiresAt),
        })
        .execute();
    },

    requestByPage(pageHash: string): Promise<OauthRequestRow | undefined> {
      return db.selectFrom('oauth_request').selectAll().where('page_hash', '=', pageHash).executeTakeFirst();
    },

    requestById(id: number): Promise<OauthRequestRow | undefined> {
      return db.selectFrom('oauth_request').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The pending request a start payload names, now bound to this owner; undefined when used, expired or unknown. */
    async claimByPayload(payloadHash: string, ownerId: number, now: Date): Promise<OauthRequestRow | undefined> {
      const result = await db
        .updateTable('oauth_request')
        .set({ status: 'asked', owner_id: ownerId })
        .where('payload_hash', '=', payloadHash)
        .where('status', '=', 'pending')
        .where('expires_at', '>', iso(now))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return db.selectFrom('oauth_request').selectAll().where('payload_hash', '=', payloadHash).executeTakeFirst();
    },

    /**
     * Records the owner's answer to a request it was asked; false when it is not theirs, answered or expired. An Allow
     * keeps the hash of the one-time code the bot shows the owner, and gives the page `confirmUntil` to have it typed.
     */
    async decide(
      id: number,
      ownerId: number,
      answer: { allow: true; confirmHash: string; confirmUntil: Date } | { allow: false },
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('oauth_request')
        .set(
          answer.allow
            ? { status: 'allowed', confirm_hash: answer.confirmHash, expires_at: iso(answer.confirmUntil) }
            : { status: 'denied' },
        )
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('status', '=', 'asked')
        .where('expires_at', '>', iso(now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Takes one try at an allowed request's one-time code, before the code is compared: one conditional UPDATE that
     * counts the try only while fewer than `limit` were taken, so concurrent guesses on any store can never compare
     * more than `limit` times. The try's number (1…limit), or null when no try is left (or the request is not allowed).
     */
    async takeConfirmTry(id: number, limit: number): Promise<number | null> {
      const row = await db
        .updateTable('oauth_request')
        .set((eb) => ({ confirm_tries: eb('confirm_tries', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'allowed')
        .where('confirm_tries', '<', limit)
        .returning('confirm_tries')
        .executeTakeFirst();
      return row ? Number(row.confirm_tries) : null;
    },

    /** Moves an allowed request to `issued` with its code's hash, once; false when another poll got there first. */
    async issueCode(id: number, codeHash: string, codeExpiresAt: Date): Promise<boolean> {
      const result = await db
        .updateTable('oauth_request')
        .set({ status: 'issued', code_hash: codeHash, expires_at: iso(codeExpiresAt) })
        .where('id', '=', id)
        .where('status', '=', 'allowed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A denied request whose page has taken the answer: nothing more can come of it. */
    async close(id: number, from: OauthRequestRow['status']): Promise<boolean> {
      const result = await db
        .updateTable('oauth_request')
        .set({ status: 'closed' })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    requestByCode(codeHash: string): Promise<OauthRequestRow | undefined> {
      return db.selectFrom('oauth_request').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
    },
  };
}

export type OauthStore = ReturnType<typeof createOauthStore>;
