/**
 * The CLIs' owner: --owner, else the only id in ALLOWED_USER_IDS, else the only owner in the database. The demo's
 * journal (npm run demo) belongs to whoever it was built for: there the file's only owner wins over ALLOWED_USER_IDS.
 */
import type { JournalDb } from '../db/journal-database.ts';
import { isDemoDatabase } from '../demo/demo-journal.ts';

export class OwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OwnerError';
  }
}

/**
 * `anyOwner`: --owner may name someone with no journal yet (an import starts one); otherwise it must be an owner in
 * ALLOWED_USER_IDS or in the database, or it would silently show an empty journal.
 */
export async function resolveOwner(
  db: JournalDb,
  explicit: string | undefined,
  allowedUserIds: readonly number[],
  options: { anyOwner?: boolean } = {},
): Promise<number> {
  if (explicit !== undefined) {
    if (!/^\d{1,15}$/.test(explicit.trim()))
      throw new OwnerError(`--owner must be a Telegram user id (digits), got "${explicit}".`);
    const ownerId = Number(explicit.trim());
    if (options.anyOwner || allowedUserIds.includes(ownerId)) return ownerId;
    const stored = (await db.selectFrom('entry').select('owner_id').distinct().orderBy('owner_id').execute()).map(
      (r) => r.owner_id,
    );
    if (stored.includes(ownerId)) return ownerId;
    const owners = [...new Set([...allowedUserIds, ...stored])].sort((a, b) => a - b);
    throw new OwnerError(
      `--owner ${ownerId} has no journal here. ${
        owners.length
          ? `The owners are: ${owners.join(', ')}. An owner is listed in ALLOWED_USER_IDS or has entries here: to add ${ownerId}, add it to ALLOWED_USER_IDS.`
          : 'There are no owners yet (ALLOWED_USER_IDS is empty and the database has no entries).'
      }`,
    );
  }
  const demo = await isDemoDatabase(db);
  if (allowedUserIds.length === 1 && !demo) return allowedUserIds[0]!;
  const owners = await db.selectFrom('entry').select('owner_id').distinct().limit(3).execute();
  if (demo && owners.length !== 1)
    throw new OwnerError(
      `Which journal? This demo journal holds ${owners.length === 0 ? 'no entries' : `entries of several owners (${owners.map((o) => o.owner_id).join(', ')})`}. Pass --owner <telegram user id>, or rebuild it with npm run demo.`,
    );
  if (owners.length === 1) return owners[0]!.owner_id;
  const why =
    allowedUserIds.length > 1
      ? `ALLOWED_USER_IDS lists ${allowedUserIds.length} owners`
      : owners.length > 1
        ? 'the database holds entries of several owners'
        : 'ALLOWED_USER_IDS is empty and the database has no entries yet';
  throw new OwnerError(`Which journal? ${why}. Pass --owner <telegram user id>.`);
}

/**
 * The owner an import writes for: as resolveOwner decides, and besides, --owner names anyone when the journal has no
 * owner at all yet (ALLOWED_USER_IDS empty, no entries): the import makes them its owner (`firstOwner`).
 */
export async function resolveImportOwner(
  db: JournalDb,
  explicit: string | undefined,
  allowedUserIds: readonly number[],
): Promise<{ ownerId: number; firstOwner: boolean }> {
  if (explicit !== undefined && /^\d{1,15}$/.test(explicit.trim()) && allowedUserIds.length === 0) {
    const anyEntry = await db.selectFrom('entry').select('id').limit(1).executeTakeFirst();
    if (!anyEntry) return { ownerId: Number(explicit.trim()), firstOwner: true };
  }
  return { ownerId: await resolveOwner(db, explicit, allowedUserIds), firstOwner: false };
}
