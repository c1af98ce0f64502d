/**
 * The owner's side of remote connections: opening a consent link in the bot binds its request to the owner who
 * opened it, Allow or Deny answers it, /connections lists the grants and revokes them. And the resource server's
 * side: an access token checked against its stored hash, its grant live, its time not up.
 */
import type { OauthStore } from '../db/oauth-store.ts';
import { hostOf } from './client-registration.ts';
import { secretHash } from './secrets.ts';

/** What the owner is asked about. */
export interface ConsentQuestion {
  requestId: number;
  clientName: string;
  redirectHost: string;
}

export interface Connection {
  grantId: number;
  clientName: string;
  /** ISO instants. */
  since: string;
  lastUsed: string | null;
}

/** A valid access token: whose journal, through which grant, until when. */
export interface VerifiedAccess {
  ownerId: number;
  grantId: number;
  clientId: string;
  clientName: string;
  scopes: string[];
  resource: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** Last-used times are written at most this often per grant: a busy client does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export function createConnections(deps: { store: OauthStore; clock: () => Date }) {
  const { store, clock } = deps;
  return {
    /** The request a start payload names, now bound to `ownerId`; null when the link is used, expired or unknown. */
    async open(ownerId: number, payload: string): Promise<ConsentQuestion | null> {
      const request = await store.claimByPayload(secretHash(payload), ownerId, clock());
      if (!request) return null;
      const client = await store.getClient(request.client_id);
      return { requestId: request.id, clientName: client?.name ?? request.client_id, redirectHost: hostOf(request.redirect_uri) };
    },

    /** The owner's answer; false when the request is not theirs to answer (any more). */
    decide(ownerId: number, requestId: number, allow: boolean): Promise<boolean> {
      return store.decide(requestId, ownerId, allow, clock());
    },

    async list(ownerId: number): Promise<Connection[]> {
      const grants = await store.listGrants(ownerId);
      return grants.map((g) => ({ grantId: g.id, clientName: g.client_name, since: g.created_at, lastUsed: g.last_used_at }));
    },

    /** Ends one of the owner's grants; its tokens stop working at once. False when it was not theirs or already ended. */
    revoke(ownerId: number, grantId: number): Promise<boolean> {
      return store.revokeGrant(grantId, clock(), ownerId);
    },

    async verifyAccessToken(token: string): Promise<VerifiedAccess | null> {
      const found = await store.findToken(secretHash(token));
      const now = clock();
      if (!found || found.kind !== 'access' || found.grant.revoked_at !== null || found.expiresAt <= now.toISOString()) return null;
      const { grant } = found;
      if (grant.last_used_at === null || grant.last_used_at < new Date(now.getTime() - TOUCH_EVERY_MS).toISOString()) await store.touchGrant(grant.id, now);
      return {
        ownerId: grant.owner_id,
        grantId: grant.id,
        clientId: grant.client_id,
        clientName: grant.client_name,
        scopes: grant.scope.split(' ').filter(Boolean),
        resource: grant.resource,
        expiresAt: Math.floor(new Date(found.expiresAt).getTime() / 1000),
      };
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
