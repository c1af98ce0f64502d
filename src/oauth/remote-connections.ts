/** The bot's port onto remote connections (telegram/bot-deps.ts RemoteConnections), over the OAuth store. */
import type { JournalDb } from '../db/journal-database.ts';
import { createOauthStore } from './oauth-store.ts';
import { consentPayload } from './authorization-server.ts';
import { createConnections } from './connections.ts';

export function remoteConnections(
  db: JournalDb,
  publicUrl: string,
  clock: () => Date,
  allowedUserIds: readonly number[],
) {
  const connections = createConnections({
    store: createOauthStore(db),
    clock,
    isAllowedOwner: (id) => allowedUserIds.includes(id),
  });
  return {
    mcpUrl: `${publicUrl}/mcp`,
    isConsentPayload: (startArgument: string) => consentPayload(startArgument) !== null,
    open: connections.open,
    decide: connections.decide,
    list: connections.list,
    revoke: connections.revoke,
  };
}
