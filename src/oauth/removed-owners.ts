/**
 * At start-up: owners taken off ALLOWED_USER_IDS lose their remote connections. Their grants are revoked and their
 * tokens deleted, so a re-added owner's /connections shows them gone and they connect afresh.
 */
import type { JournalDb } from '../db/journal-database.ts';
import { createOauthStore } from './oauth-store.ts';
import type { Logger } from '../log/logger.ts';

export async function revokeRemovedOwners(
  db: JournalDb,
  allowedUserIds: readonly number[],
  now: Date,
  logger: Logger,
): Promise<number> {
  const ended = await createOauthStore(db).revokeOwnersNotIn(allowedUserIds, now);
  if (ended > 0) logger.info('mcp.removed_owners_revoked', { grants: ended });
  return ended;
}
