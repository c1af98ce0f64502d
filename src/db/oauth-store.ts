/**
 * The home of remote MCP's OAuth rows (on SQLite and PostgreSQL): registered clients, consent requests, grants and
 * tokens. Secrets arrive here already hashed (src/oauth/secrets.ts): nothing a client could present is stored as is.
 * Every state change is one conditional UPDATE, so two requests racing for the same code or token cannot both win.
 */
import type { Selectable } from 'kysely';
import type { JournalDb } from './open-database.ts';
import type { OauthClientTable, OauthGrantTable, OauthRequestTable } from './schema.ts';

export type OauthClientRow = Selectable<OauthClientTable>;
export type OauthRequestRow = Selectable<OauthRequestTable>;
export type OauthGrantRow = Selectable<OauthGrantTable>;

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

export interface NewOauthToken {
  hash: string;
  kind: 'access' | 'refresh';
  expiresAt: Date;
}

/** A token found by its hash, with its grant. */
export interface FoundToken {
  kind: 'access' | 'refresh';
  expiresAt: string;
  usedAt: string | null;
  grant: OauthGrantRow;
}

const iso = (d: Date) => d.toISOString();
const KEEP_EXCHANGED_MS = 24 * 60 * 60_000;

export function createOauthStore(db: JournalDb) {
  const insertTokens = async (
    trx: Pick<JournalDb, 'insertInto'>,
    grant: { id: number; owner_id: number },
    tokens: readonly NewOauthToken[],
  ) => {
    await trx
      .insertInto('oauth_token')
      .values(
        tokens.map((t) => ({
          token_hash: t.hash,
          grant_id: grant.id,
          owner_id: grant.owner_id,
          kind: t.kind,
          expires_at: iso(t.expiresAt),
          used_at: null,
        })),
      )
      .execute();
  };

  return {
    async insertClient(row: OauthClientRow): Promise<void> {
      await db.insertInto('oauth_client').values(row).execute();
    },

    /** A client known by its metadata document: stored, or refreshed from the document just fetched. */
    async upsertClient(row: OauthClientRow): Promise<void> {
      await db
        .insertInto('oauth_client')
        .values(row)
        .onConflict((oc) =>
          oc.column('client_id').doUpdateSet({
            secret_hash: row.secret_hash,
            name: row.name,
            redirect_uris: row.redirect_uris,
            auth_method: row.auth_method,
            created_at: row.created_at,
          }),
        )
        .execute();
    },

    /**
     * Deletes registrations never used for a grant and older than `before` (nor in a request still open), then counts
     * the unused ones left that `registeredFrom` made: the per-address cap.
     */
    async unusedClientsFrom(registeredFrom: string, before: Date, now: Date): Promise<number> {
      const granted = db.selectFrom('oauth_grant').select('client_id');
      const open = db.selectFrom('oauth_request').select('client_id').where('expires_at', '>', iso(now));
      await db
        .deleteFrom('oauth_client')
        .where('created_at', '<', iso(before))
        .where('client_id', 'not in', granted)
        .where('client_id', 'not in', open)
        .execute();
      const row = await db
        .selectFrom('oauth_client')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('registered_from', '=', registeredFrom)
        .where('client_id', 'not in', granted)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    getClient(clientId: string): Promise<OauthClientRow | undefined> {
      return db.selectFrom('oauth_client').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    },

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

    /** Counts a wrong one-time code typed into an allowed request's page; the count after it (0 when it is not allowed). */
    async wrongConfirmation(id: number): Promise<number> {
      const result = await db
        .updateTable('oauth_request')
        .set((eb) => ({ confirm_tries: eb('confirm_tries', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'allowed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return 0;
      const row = await db.selectFrom('oauth_request').select('confirm_tries').where('id', '=', id).executeTakeFirst();
      return Number(row?.confirm_tries ?? 0);
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

    /**
     * Turns an issued code into a grant with its first tokens, in one transaction; undefined when the code was
     * exchanged already (by a racing request).
     */
    async exchangeCode(
      request: OauthRequestRow,
      grant: { ownerId: number; clientName: string; now: Date },
      tokens: readonly NewOauthToken[],
    ): Promise<OauthGrantRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('oauth_request')
          .set({ status: 'exchanged' })
          .where('id', '=', request.id)
          .where('status', '=', 'issued')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return undefined;
        const row = await trx
          .insertInto('oauth_grant')
          .values({
            owner_id: grant.ownerId,
            client_id: request.client_id,
            client_name: grant.clientName,
            resource: request.resource,
            scope: request.scope,
            created_at: iso(grant.now),
            last_used_at: null,
            revoked_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.updateTable('oauth_request').set({ grant_id: row.id }).where('id', '=', request.id).execute();
        await insertTokens(trx, row, tokens);
        return row;
      });
    },

    async findToken(hash: string): Promise<FoundToken | undefined> {
      const row = await db
        .selectFrom('oauth_token as t')
        .innerJoin('oauth_grant as g', 'g.id', 't.grant_id')
        .selectAll('g')
        .select(['t.kind', 't.expires_at as token_expires_at', 't.used_at'])
        .where('t.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { kind, token_expires_at, used_at, ...grant } = row;
      return { kind, expiresAt: token_expires_at, usedAt: used_at, grant };
    },

    /** Spends a refresh token and adds its successors, in one transaction; false when it was spent already. */
    async rotateRefresh(
      hash: string,
      grant: OauthGrantRow,
      now: Date,
      tokens: readonly NewOauthToken[],
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('oauth_token')
          .set({ used_at: iso(now) })
          .where('token_hash', '=', hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) === 0) return false;
        // Tokens past their time are not needed for anything (a spent refresh token past its time is simply unknown):
        // dropped as new ones come.
        await trx
          .deleteFrom('oauth_token')
          .where('grant_id', '=', grant.id)
          .where('expires_at', '<', iso(now))
          .execute();
        await insertTokens(trx, grant, tokens);
        return true;
      });
    },

    /**
     * Ends one owner's grant: marked revoked, its tokens deleted, both limited to that owner's rows (a grant id is
     * sequential, so another owner naming it changes nothing). False when it was not theirs or ended already.
     */
    async revokeGrant(grantId: number, ownerId: number, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('oauth_grant')
          .set({ revoked_at: iso(now) })
          .where('id', '=', grantId)
          .where('owner_id', '=', ownerId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        await trx.deleteFrom('oauth_token').where('grant_id', '=', grantId).where('owner_id', '=', ownerId).execute();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /**
     * Ends every grant of owners no longer allowed (start-up, after ALLOWED_USER_IDS changed): revoked, tokens deleted,
     * their open consent requests closed. The number of grants ended.
     */
    async revokeOwnersNotIn(allowed: readonly number[], now: Date): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let grants = trx
          .updateTable('oauth_grant')
          .set({ revoked_at: iso(now) })
          .where('revoked_at', 'is', null);
        let tokens = trx.deleteFrom('oauth_token');
        let requests = trx
          .updateTable('oauth_request')
          .set({ status: 'closed' })
          .where('owner_id', 'is not', null)
          .where('status', 'in', ['asked', 'allowed', 'issued']);
        if (allowed.length > 0) {
          grants = grants.where('owner_id', 'not in', [...allowed]);
          tokens = tokens.where('owner_id', 'not in', [...allowed]);
          requests = requests.where('owner_id', 'not in', [...allowed]);
        }
        const ended = await grants.executeTakeFirst();
        await tokens.execute();
        await requests.execute();
        return Number(ended.numUpdatedRows);
      });
    },

    async touchGrant(grantId: number, ownerId: number, now: Date): Promise<void> {
      await db
        .updateTable('oauth_grant')
        .set({ last_used_at: iso(now) })
        .where('id', '=', grantId)
        .where('owner_id', '=', ownerId)
        .execute();
    },

    /** The owner's live grants, oldest first. */
    listGrants(ownerId: number): Promise<OauthGrantRow[]> {
      return db
        .selectFrom('oauth_grant')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .orderBy('id')
        .execute();
    },
  };
}

export type OauthStore = ReturnType<typeof createOauthStore>;
