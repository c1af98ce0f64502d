/**
 * Table types of remote MCP's OAuth authorization server (the Database interface is db/schema.ts's): registered
 * clients, requests waiting for consent, grants, tokens.
 */
import type { Generated } from 'kysely';

/** A client registered for remote MCP (RFC 7591); its secret, if any, as a SHA-256. */
export interface OauthClientTable {
  client_id: string;
  secret_hash: string | null;
  name: string;
  /** JSON array of the exact redirect URIs. */
  redirect_uris: string;
  auth_method: 'none' | 'client_secret_post' | 'client_secret_basic';
  created_at: string;
  /** SHA-256 of the address that registered it (null for a metadata-document client): the per-address cap. */
  registered_from: string | null;
}

/** An authorization request waiting for (or past) the owner's consent in Telegram; every secret as a SHA-256. */
export interface OauthRequestTable {
  id: Generated<number>;
  page_hash: string;
  payload_hash: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  code_challenge: string;
  resource: string;
  scope: string;
  status: 'pending' | 'asked' | 'allowed' | 'denied' | 'issued' | 'exchanged' | 'closed';
  /** Who opened the start link (null until then). */
  owner_id: number | null;
  code_hash: string | null;
  /** SHA-256 of the one-time code the bot showed the owner after Allow; the page must have it typed in. */
  confirm_hash: string | null;
  /** Wrong codes typed so far; a few close the request. */
  confirm_tries: Generated<number>;
  grant_id: number | null;
  created_at: string;
  expires_at: string;
}

/** What an owner allowed one client. */
export interface OauthGrantTable {
  id: Generated<number>;
  owner_id: number;
  client_id: string;
  client_name: string;
  resource: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** An access or refresh token of a grant, by its SHA-256. */
export interface OauthTokenTable {
  token_hash: string;
  grant_id: number;
  owner_id: number;
  kind: 'access' | 'refresh';
  expires_at: string;
  used_at: string | null;
}
