/**
 * The owner's side of remote connections: opening a consent link in the bot binds its request to the owner who
 * opened it, Allow or Deny answers it, /connections lists the grants and revokes them. And the resource server's
 * side: an access token checked against its stored hash, its grant live, its time not up.
 */
import type { OauthStore } from './oauth-store.ts';
import { isMetadataDocumentId } from './client-metadata-document.ts';
import { returnAddress, type ReturnAddress } from './client-registration.ts';
import { MINUTE_MS } from './oauth-http.ts';
import { normalisedCode, oneTimeCode, secretHash } from './secrets.ts';

/** How long the owner has to type the one-time code into the page after Allow. */
export const CONFIRM_MINUTES = 10;

/** What the owner is asked about. */
export interface ConsentQuestion {
  requestId: number;
  clientName: string;
  /** The https host that serves the client's metadata document (its identity, verified); null when self-declared. */
  verifiedHost: string | null;
  /** Where the browser goes back to: a web host, or an app's own scheme. */
  returnsTo: ReturnAddress;
}

/** The owner's answer taken: on Allow, the one-time code to show them (the page needs it typed in). */
export type Decision = { answered: false } | { answered: true; code: string | null };

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

export interface ConnectionsDeps {
  store: OauthStore;
  clock: () => Date;
  /** Whether an owner is still on ALLOWED_USER_IDS: a removed owner's tokens are refused. */
  isAllowedOwner: (ownerId: number) => boolean;
}

export function createConnections(deps: ConnectionsDeps) {
  const { store, clock } = deps;
  return {
    /** The request a start payload names, now bound to `ownerId`; null when the link is used, expired or unknown. */
    async open(ownerId: number, payload: string): Promise<ConsentQuestion | null> {
      const request = await store.claimByPayload(secretHash(payload), ownerId, clock());
      if (!request) return null;
      const client = await store.getClient(request.client_id);
      const verifiedHost = isMetadataDocumentId(request.client_id) ? new URL(request.client_id).host : null;
      return {
        requestId: request.id,
        clientName: client?.name ?? request.client_id,
        verifiedHost,
        returnsTo: returnAddress(request.redirect_uri),
      };
    },

    /**
     * The owner's answer; not answered when the request is not theirs to answer (any more). An Allow makes the
     * one-time code the owner types into the page: only the browser that shows it to them then gets the code.
     */
    async decide(ownerId: number, requestId: number, allow: boolean): Promise<Decision> {
      const now = clock();
      const code = allow ? oneTimeCode() : null;
      const answer =
        code === null
          ? { allow: false as const }
          : {
              allow: true as const,
              confirmHash: secretHash(normalisedCode(code)),
              confirmUntil: new Date(now.getTime() + CONFIRM_MINUTES * MINUTE_MS),
            };
      return (await store.decide(requestId, ownerId, answer, now)) ? { answered: true, code } : { answered: false };
    },

    async list(ownerId: number): Promise<Connection[]> {
      const grants = await store.listGrants(ownerId);
      return grants.map((g) => ({
        grantId: g.id,
        clientName: g.client_name,
        since: g.created_at,
        lastUsed: g.last_used_at,
      }));
    },

    /** Ends one of the owner's grants; its tokens stop working at once. False when it was not theirs or already ended. */
    revoke(ownerId: number, grantId: number): Promise<boolean> {
      return store.revokeGrant(grantId, ownerId, clock());
    },

    async verifyAccessToken(token: string): Promise<VerifiedAccess | null> {
      const found = await store.findToken(secretHash(token));
      const now = clock();
      if (!found || found.kind !== 'access' || found.grant.revoked_at !== null || found.expiresAt <= now.toISOString())
        return null;
      const { grant } = found;
      // An owner taken off ALLOWED_USER_IDS loses every way in, before the restart's revocation has run too.
      if (!deps.isAllowedOwner(grant.owner_id)) return null;
      if (grant.last_used_at === null || grant.last_used_at < new Date(now.getTime() - TOUCH_EVERY_MS).toISOString())
        await store.touchGrant(grant.id, grant.owner_id, now);
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
