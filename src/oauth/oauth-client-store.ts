/**
 * Remote MCP's registered OAuth clients (oauth_client, on SQLite and PostgreSQL): a registration stored or refreshed
 * from its metadata document, looked up by id, and the expiry of unused registrations with the per-address cap on
 * them. Apart from the consent requests and grants (oauth-store.ts, oauth-grant-store.ts): a client is who asks, not
 * what was allowed.
 */
import type { Selectable } from 'kysely';
import type { JournalDb } from '../db/journal-database.ts';
import type { OauthClientTable } from '../db/schema.ts';

export type OauthClientRow = Selectable<OauthClientTable>;

const iso = (d: Date) => d.toISOString();

export function createOauthClientStore(db: JournalDb) {
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
     * the unused ones left: those `registeredFrom` made (the per-address cap) and all of them (the global cap).
     */
    async unusedClients(registeredFrom: string, before: Date, now: Date): Promise<{ from: number; all: number }> {
      const granted = db.selectFrom('oauth_grant').select('client_id');
      const open = db.selectFrom('oauth_request').select('client_id').where('expires_at', '>', iso(now));
      await db
        .deleteFrom('oauth_client')
        .where('created_at', '<', iso(before))
        .where('client_id', 'not in', granted)
        .where('client_id', 'not in', open)
        .execute();
      const rows = await db
        .selectFrom('oauth_client')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>(eb.case().when('registered_from', '=', registeredFrom).then(1).else(0).end()).as('mine'),
        ])
        .where('registered_from', 'is not', null)
        .where('client_id', 'not in', granted)
        .executeTakeFirst();
      return { from: Number(rows?.mine ?? 0), all: Number(rows?.n ?? 0) };
    },

    getClient(clientId: string): Promise<OauthClientRow | undefined> {
      return db.selectFrom('oauth_client').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    },
  };
}
