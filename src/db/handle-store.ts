/**
 * Object handles (on SQLite or PostgreSQL), scoped by owner. Their shape is defined once, as objects/'s HandleStore
 * port: db/ imports nothing, so this store's type is inferred from its code, and journal-operations.ts, passing it in
 * as the port, fails to compile when the two part.
 */
import type { JournalDb } from './journal-database.ts';
import { errorReason } from '../log/error-message.ts';

/** Code-unit order: the same on every machine and locale, as a canonical form must be (localeCompare is not). */
const byCodeUnit = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** JSON with object keys sorted, so equal states are equal text and findByState can match them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(byCodeUnit)) : v,
  );
}

/** The state's shape is the kind's to check (operations parse it with the kind's schema); here only the JSON. */
function readState(r: { id: string; state: string }): unknown {
  try {
    return JSON.parse(r.state) as unknown;
  } catch (error) {
    throw new Error(`object handle ${r.id}: state is not valid JSON (${errorReason(error)})`, { cause: error });
  }
}

const fromRow = (r: { id: string; kind: string; state: string; created_at: string }) => ({
  id: r.id,
  kind: r.kind,
  state: readState(r),
  createdAt: r.created_at,
});
/** A handle as the store reads and writes it. */
type Handle = ReturnType<typeof fromRow>;

/** Handles read recently, per store: enough for every handle of a conversation, bounded all the same. */
const KNOWN_HANDLES = 1_000;

export function createHandleStore(db: JournalDb) {
  const owned = (ownerId: number) =>
    db.selectFrom('object_handle').select(['id', 'kind', 'state', 'created_at']).where('owner_id', '=', ownerId);
  // A stored handle never changes (only forgetting a whole journal deletes handles, and a store lives for one
  // question or command), so a handle once read needs no second lookup: every method call on a view resolves it first.
  const known = new Map<string, Handle>();
  return {
    async get(ownerId: number, id: string) {
      const key = `${ownerId}\u0000${id}`;
      const cached = known.get(key);
      if (cached) return cached;
      const row = await owned(ownerId).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const handle = fromRow(row);
      if (known.size >= KNOWN_HANDLES) known.clear();
      known.set(key, handle);
      return handle;
    },
    async findByState(ownerId: number, kind: string, state: unknown) {
      const row = await owned(ownerId)
        .where('kind', '=', kind)
        .where('state', '=', canonicalJson(state))
        .executeTakeFirst();
      return row && fromRow(row);
    },
    async put(ownerId: number, h: Handle) {
      await db
        .insertInto('object_handle')
        .values({ owner_id: ownerId, id: h.id, kind: h.kind, state: canonicalJson(h.state), created_at: h.createdAt })
        .execute();
    },
    async listRecent(ownerId: number, limit: number) {
      const rows = await owned(ownerId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(fromRow);
    },
    async count(ownerId: number) {
      const row = await db
        .selectFrom('object_handle')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
