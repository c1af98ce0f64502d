/**
 * Remote MCP's OAuth grants and their tokens (oauth_grant, oauth_token, on SQLite and PostgreSQL): a code exchanged for
 * a grant, a token found by its hash, refresh tokens rotated, grants ended by their owner or when the owner is no
 * longer allowed. Tokens arrive already hashed (src/oauth/secrets.ts). Every state change is one conditional
 * UPDATE, so two requests racing for the same code or token cannot both win.
 */
import type { Selectable } from 'kysely';
import type { JournalDb } from '../db/journal-database.ts';
import type { OauthGrantTable, OauthRequestTable } from '../db/schema.ts';

export type OauthGrantRow = Selectable<OauthGrantTable>;

/** What a grant takes from the consent request whose code is exchanged (oauth-store.ts holds the requests). */
type ExchangedRequest = Pick<Selectable<OauthRequestTable>, 'id' | 'client_id' | 'resource' | 'scope'>;

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

export function createOauthGrantStore(db: JournalDb) {
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
    /**
     * Turns an issued code into a grant with its first tokens, in one transaction; undefined when the code was
     * exchanged already (by a racing request).
     */
    async exchangeCode(
      request: ExchangedRequest,
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
