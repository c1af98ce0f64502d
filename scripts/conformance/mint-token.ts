/**
 * An access token for /mcp minted through the real OAuth flow, as a connector gets one: the official client's
 * discovery, registration and PKCE, the consent page's t.me payload sent to the bot (the Bot API stand-in) as
 * `/start`, the owner's Allow pressed, the one-time code the bot shows typed into the page, the code exchanged.
 */
import { auth } from '@modelcontextprotocol/client';
import { consentLinks, consentWithCode, MemoryOAuthProvider, type RemoteBot } from '../../test/helpers/remote-mcp.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** The token of the test app's owner (OWNER_ID), whose journal /mcp then serves. */
export async function mintToken(remote: RemoteBot): Promise<string> {
  const provider = new MemoryOAuthProvider(REDIRECT, 'MCP conformance suite');
  if ((await auth(provider, { serverUrl: remote.mcpUrl })) !== 'REDIRECT')
    throw new Error('the OAuth flow did not start with a redirect');
  const html = await (await fetch(provider.authorizationUrl!)).text();
  const back = await consentWithCode(remote, consentLinks(remote, html));
  const code = back.searchParams.get('code');
  if (!code) throw new Error('the flow came back without a code');
  if (
    (await auth(provider, {
      serverUrl: remote.mcpUrl,
      authorizationCode: code,
      iss: back.searchParams.get('iss') ?? undefined,
    })) !== 'AUTHORIZED'
  )
    throw new Error('the code was not exchanged');
  return provider.tokens()!.access_token;
}
