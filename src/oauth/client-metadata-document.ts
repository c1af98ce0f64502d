/**
 * Client ID Metadata Documents: a client whose client_id is an https URL publishes its metadata there, so it need not
 * register. The document is fetched when the client asks to authorize (small, quick, no redirects, never from an IP
 * address or localhost, and through outbound-fetch.ts: a name resolving inside is never connected to), must name that
 * URL as its client_id, and is held to the same rules as a registration; such
 * a client is public (PKCE is its proof, no secret).
 */
import { parseRegistration, type ClientRegistration } from './client-registration.ts';
import { outboundGet, type OutboundAnswer } from './outbound-fetch.ts';
import { errorReason } from '../log/error-message.ts';

/** A metadata document is a few hundred bytes; anything past this is not one. */
const MAX_DOCUMENT_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5000;

/** Whether a client_id is a metadata document's URL: https, a host name (not an address), and a path. */
export function isMetadataDocumentId(clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  const addressLike =
    /^[\d.]+$/.test(url.hostname) ||
    url.hostname.startsWith('[') ||
    url.hostname === 'localhost' ||
    url.hostname.endsWith('.localhost');
  return (
    url.protocol === 'https:' &&
    !addressLike &&
    url.pathname !== '/' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    url.href === clientId
  );
}

/** Reads a document's URL: outboundGet in the bot (addresses checked), a table of documents in tests. */
export type GetDocument = (url: string) => Promise<OutboundAnswer>;

export const getDocumentSafely: GetDocument = (url) =>
  outboundGet(url, { maxBytes: MAX_DOCUMENT_BYTES, timeoutMs: FETCH_TIMEOUT_MS });

/**
 * The registration a client's metadata document makes, or why it cannot be used. The why is for the log only: the
 * caller (who may be probing the network through us) is told one uniform thing.
 */
export async function fetchClientMetadataDocument(
  clientId: string,
  get: GetDocument,
): Promise<ClientRegistration | { problem: string }> {
  let response: OutboundAnswer;
  try {
    response = await get(clientId);
  } catch (error) {
    return { problem: `it could not be fetched (${errorReason(error)})` };
  }
  if (response.status !== 200) return { problem: `it answered HTTP ${response.status}` };
  const text = response.text;
  if (text === null) return { problem: `it is larger than ${MAX_DOCUMENT_BYTES} bytes` };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON' };
  }
  if (
    typeof document !== 'object' ||
    document === null ||
    (document as { client_id?: unknown }).client_id !== clientId
  ) {
    return { problem: 'its client_id is not its own URL' };
  }
  const method = (document as { token_endpoint_auth_method?: unknown }).token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    return { problem: 'only public clients (token_endpoint_auth_method none) may use a metadata document here' };
  const registration = parseRegistration({ ...document, token_endpoint_auth_method: 'none' });
  if ('error' in registration) return { problem: registration.description };
  return registration;
}
