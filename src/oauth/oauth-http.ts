/** What the authorization server's endpoints share: JSON answers and OAuth errors, resources compared, redirect URIs. */
import type { OauthClientRow } from './oauth-client-store.ts';
import { PAGE_HEADERS } from './consent-page.ts';

export const MINUTE_MS = 60_000;

/** Resource indicators are compared as strings, ignoring one trailing slash. */
export const sameResource = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...PAGE_HEADERS, ...headers },
  });

export const oauthError = (error: string, description: string, status = 400, headers: Record<string, string> = {}) =>
  json({ error, error_description: description }, status, headers);

/** The redirect URIs a client registered. */
export const redirectUrisOf = (client: OauthClientRow): string[] => JSON.parse(client.redirect_uris) as string[];
