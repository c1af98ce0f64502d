/** The CLIs' owner: --owner, else the only id in ALLOWED_USER_IDS, else the only owner in the database. */
import type { JournalDb } from '../db/open-database.ts';

export class OwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OwnerError';
  }
}

export async function resolveOwner(db: JournalDb, explicit: string | undefined, allowedUserIds: readonly number[]): Promise<number> {
  if (explicit !== undefined) {
    if (!/^\d{1,15}$/.test(explicit.trim())) throw new OwnerError(`--owner must be a Telegram user id (digits), got "${explicit}".`);
    return Number(explicit.trim());
  }
  if (allowedUserIds.length === 1) return allowedUserIds[0]!;
  const owners = await db.selectFrom('entry').select('owner_id').distinct().limit(3).execute();
  if (owners.length === 1) return owners[0]!.owner_id;
  const why =
    allowedUserIds.length > 1
      ? `ALLOWED_USER_IDS lists ${allowedUserIds.length} owners`
      : owners.length > 1
        ? 'the database holds entries of several owners'
        : 'ALLOWED_USER_IDS is empty and the database has no entries yet';
  throw new OwnerError(`Which journal? ${why}. Pass --owner <telegram user id>.`);
}
