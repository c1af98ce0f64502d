/** The SQLite home of object handles, scoped by owner (structurally an objects/ HandleStore). */
import type { JournalDb } from './open-database.ts';

interface Handle {
  id: string;
  kind: string;
  state: unknown;
  createdAt: string;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

const fromRow = (r: { id: string; kind: string; state: string; created_at: string }): Handle => ({
  id: r.id,
  kind: r.kind,
  state: JSON.parse(r.state),
  createdAt: r.created_at,
});

export function createSqliteHandleStore(db: JournalDb) {
  const owned = (ownerId: number) => db.selectFrom('object_handle').select(['id', 'kind', 'state', 'created_at']).where('owner_id', '=', ownerId);
  return {
    async get(ownerId: number, id: string) {
      const row = await owned(ownerId).where('id', '=', id).executeTakeFirst();
      return row && fromRow(row);
    },
    async findByState(ownerId: number, kind: string, state: unknown) {
      const row = await owned(ownerId).where('kind', '=', kind).where('state', '=', canonical(state)).executeTakeFirst();
      return row && fromRow(row);
    },
    async put(ownerId: number, h: Handle) {
      await db
        .insertInto('object_handle')
        .values({ owner_id: ownerId, id: h.id, kind: h.kind, state: canonical(h.state), created_at: h.createdAt })
        .execute();
    },
    async listRecent(ownerId: number, limit: number) {
      const rows = await owned(ownerId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(fromRow);
    },
    async count(ownerId: number) {
      const row = await db.selectFrom('object_handle').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
