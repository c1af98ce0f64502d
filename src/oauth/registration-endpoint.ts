/**
 * The registration endpoint (RFC 7591), open to anyone as the MCP spec asks: so that strangers cannot fill the
 * journal with clients, a registration never used for a grant is deleted after a day, and an address may hold only
 * REGISTRATIONS_PER_ADDRESS unused ones at a time (its address is kept as a SHA-256 only).
 */
import type { OauthStore } from '../db/oauth-store.ts';
import { parseRegistration } from './client-registration.ts';
import { json, MINUTE_MS, oauthError } from './oauth-http.ts';
import { newSecret, secretHash } from './secrets.ts';

/** Unused registrations one address may hold: a person connecting a few apps is far below it. */
export const REGISTRATIONS_PER_ADDRESS = 10;
/** A registration no owner allowed within this time is deleted. */
export const UNUSED_CLIENT_HOURS = 24;

export function createRegistrationEndpoint(deps: {
  store: OauthStore;
  clock: () => Date;
}): (request: Request, address: string) => Promise<Response> {
  const { store, clock } = deps;
  return async (request, address) => {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return oauthError('invalid_client_metadata', 'the body must be a JSON object of client metadata (RFC 7591)');
    }
    const registration = parseRegistration(body);
    if ('error' in registration) return oauthError(registration.error, registration.description);
    const now = clock();
    const from = secretHash(`address ${address}`);
    if (
      (await store.unusedClientsFrom(from, new Date(now.getTime() - UNUSED_CLIENT_HOURS * 60 * MINUTE_MS), now)) >=
      REGISTRATIONS_PER_ADDRESS
    ) {
      return oauthError(
        'invalid_client_metadata',
        `this address has ${REGISTRATIONS_PER_ADDRESS} registrations no one has used yet; use one of them, or try again tomorrow`,
        429,
      );
    }
    const clientId = newSecret('jc_', 18);
    const secret = registration.authMethod === 'none' ? null : newSecret('jcs_');
    await store.insertClient({
      client_id: clientId,
      secret_hash: secret === null ? null : secretHash(secret),
      name: registration.name,
      redirect_uris: JSON.stringify(registration.redirectUris),
      auth_method: registration.authMethod,
      created_at: now.toISOString(),
      registered_from: from,
    });
    return json(
      {
        client_id: clientId,
        client_id_issued_at: Math.floor(now.getTime() / 1000),
        ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
        client_name: registration.name,
        redirect_uris: registration.redirectUris,
        token_endpoint_auth_method: registration.authMethod,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      201,
    );
  };
}
