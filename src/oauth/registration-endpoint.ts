/**
 * The registration endpoint (RFC 7591), open to anyone as the MCP spec asks. So that strangers cannot fill the
 * journal with clients: a body is JSON (`application/json`, never a form or `text/plain` a page on another site can
 * post without asking) of at most MAX_CLIENT_METADATA_BYTES, from no foreign Origin; a registration never used for a
 * grant is deleted after a day; an address (an IPv6 one by its /64) may hold REGISTRATIONS_PER_ADDRESS unused ones at a
 * time (its address kept as a SHA-256 only), and all addresses together MAX_UNUSED_REGISTRATIONS.
 */
import type { OauthStore } from './oauth-store.ts';
import { parseRegistration } from './client-registration.ts';
import { json, MINUTE_MS, oauthError } from './oauth-http.ts';
import { newSecret, secretHash } from './secrets.ts';

/** Unused registrations one address may hold: a person connecting a few apps is far below it. */
export const REGISTRATIONS_PER_ADDRESS = 10;
/** Unused registrations from every address together: the disk they may take is bounded (~4 MB at most). */
export const MAX_UNUSED_REGISTRATIONS = 1000;
/** A registration's metadata, as sent: a real client's is a few hundred bytes. */
export const MAX_CLIENT_METADATA_BYTES = 4096;
/** A registration no owner allowed within this time is deleted. */
export const UNUSED_CLIENT_HOURS = 24;

/** Why a request may not register: a browser's cross-site post (foreign Origin, or a body type a form can send). */
function crossSiteProblem(request: Request, issuer: string): string | null {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(issuer).origin)
    return `registration is not taken from pages of another site (Origin ${origin.slice(0, 100)})`;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    return `the body must be application/json client metadata (RFC 7591), not ${type === '' ? 'an untyped body' : type}`;
  return null;
}

export function createRegistrationEndpoint(deps: {
  store: OauthStore;
  clock: () => Date;
  issuer: string;
}): (request: Request, address: string) => Promise<Response> {
  const { store, clock } = deps;
  return async (request, address) => {
    const crossSite = crossSiteProblem(request, deps.issuer);
    if (crossSite) return oauthError('invalid_client_metadata', crossSite, request.headers.has('origin') ? 403 : 415);
    const text = await request.text();
    if (Buffer.byteLength(text) > MAX_CLIENT_METADATA_BYTES)
      return oauthError(
        'invalid_client_metadata',
        `the client metadata is ${Buffer.byteLength(text)} bytes; at most ${MAX_CLIENT_METADATA_BYTES} are taken`,
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return oauthError('invalid_client_metadata', 'the body must be a JSON object of client metadata (RFC 7591)');
    }
    const registration = parseRegistration(body);
    if ('error' in registration) return oauthError(registration.error, registration.description);
    const now = clock();
    const from = secretHash(`address ${address}`);
    const unused = await store.unusedClients(from, new Date(now.getTime() - UNUSED_CLIENT_HOURS * 60 * MINUTE_MS), now);
    if (unused.from >= REGISTRATIONS_PER_ADDRESS) {
      return oauthError(
        'invalid_client_metadata',
        `this address has ${REGISTRATIONS_PER_ADDRESS} registrations no one has used yet; use one of them, or try again tomorrow`,
        429,
      );
    }
    if (unused.all >= MAX_UNUSED_REGISTRATIONS)
      return oauthError(
        'invalid_client_metadata',
        'this journal holds as many unused registrations as it takes; try again later',
        503,
        { 'retry-after': '3600' },
      );
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
