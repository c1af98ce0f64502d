/**
 * Dynamic client registration (RFC 7591): what a client may register here. Redirect URIs are https, http on this
 * machine's loopback (a local app, RFC 8252), or a private-use scheme with a dot in it (`com.example.app:`); the
 * name is shown to the owner in Telegram, so it is plain text of a sane length.
 */
import { z } from 'zod';

export type AuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

export interface ClientRegistration {
  name: string;
  redirectUris: string[];
  authMethod: AuthMethod;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `"${uri.slice(0, 100)}" is not an absolute URL`;
  }
  if (url.hash !== '' || uri.includes('#')) return `"${uri}" has a fragment; a redirect URI may not`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : `"${uri}" is plain http off this machine; use https (http is for localhost only)`;
  if (/^[a-z][a-z0-9+-]*\.[a-z0-9+.-]+:$/.test(url.protocol)) return null;
  return `"${uri}" has the scheme ${url.protocol} (expected https, http on localhost, or an app's own reverse-domain scheme)`;
}

/** Control characters, line breaks and bidirectional or zero-width marks: what a client's name may not carry. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Control characters and line breaks out, spaces folded, at most 80 characters: the name a Telegram message shows. */
export function cleanClientName(name: string): string {
  const clean = name.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}

const registrationSchema = z.object({
  redirect_uris: z
    .array(z.string().max(2000), { error: 'redirect_uris must be a list of URLs' })
    .min(1, 'redirect_uris must name at least one URL')
    .max(10, 'at most 10 redirect_uris'),
  client_name: z
    .string({ error: 'client_name must be text' })
    .max(500, 'client_name is too long (500 characters at most)')
    .optional(),
  token_endpoint_auth_method: z
    .enum(['none', 'client_secret_post', 'client_secret_basic'], {
      error: 'token_endpoint_auth_method must be none, client_secret_post or client_secret_basic',
    })
    .optional(),
  grant_types: z
    .array(
      z.enum(['authorization_code', 'refresh_token'], {
        error: 'grant_types may hold only authorization_code and refresh_token',
      }),
    )
    .optional(),
  response_types: z.array(z.literal('code', { error: 'response_types may hold only code' })).optional(),
});

/** The registration a request body asks for, or the RFC 7591 error that says what is wrong with it. */
export function parseRegistration(
  body: unknown,
): ClientRegistration | { error: 'invalid_redirect_uri' | 'invalid_client_metadata'; description: string } {
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const description = issue
      ? `${issue.path.join('.') || 'body'}: ${issue.message}`
      : 'expected a JSON object of client metadata';
    return {
      error: issue?.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata',
      description,
    };
  }
  for (const uri of parsed.data.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return { error: 'invalid_redirect_uri', description: problem };
  }
  const name = cleanClientName(parsed.data.client_name ?? '') || `an app at ${hostOf(parsed.data.redirect_uris[0]!)}`;
  // RFC 7591: without a method, client_secret_basic.
  return {
    name,
    redirectUris: parsed.data.redirect_uris,
    authMethod: parsed.data.token_endpoint_auth_method ?? 'client_secret_basic',
  };
}

/** The host a redirect URI goes back to, as the owner is shown it (the scheme for an app's own scheme). */
export function hostOf(uri: string): string {
  const url = new URL(uri);
  return url.host || url.protocol.replace(/:$/, '');
}

/** Where a redirect URI goes back to, as the owner is told: a web host, or an app's own scheme (never shown as a host). */
export type ReturnAddress = { kind: 'host'; host: string } | { kind: 'scheme'; scheme: string };

export function returnAddress(uri: string): ReturnAddress {
  const url = new URL(uri);
  return url.protocol === 'https:' || url.protocol === 'http:'
    ? { kind: 'host', host: url.host }
    : { kind: 'scheme', scheme: url.protocol };
}
