/**
 * An access token for /mcp minted through the real OAuth flow, as a connector gets one: the official client's
 * discovery, registration and PKCE, the consent page's t.me payload sent to the bot (the Bot API stand-in) as
 * `/start`, the owner's Allow pressed, the one-time code the bot shows typed into the page, the code exchanged.
 */
import { auth } from '@modelcontextprotocol/client';
import { MemoryOAuthProvider, type RemoteBot } from '../../test/helpers/remote-mcp.ts';
import { OWNER_ID, textUpdate } from '../../test/helpers/updates.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** The token of the test app's owner (OWNER_ID), whose journal /mcp then serves. */
export async function mintToken(remote: RemoteBot): Promise<string> {
  const provider = new MemoryOAuthProvider(REDIRECT, 'MCP conformance suite');
  if ((await auth(provider, { serverUrl: remote.mcpUrl })) !== 'REDIRECT')
    throw new Error('the OAuth flow did not start with a redirect');
  const html = await (await fetch(provider.authorizationUrl!)).text();
  const payload = /start=(mcp_[\w-]+)/.exec(html)?.[1];
  const waitPath = /data-wait="([^"]+)"/.exec(html)?.[1];
  if (!payload || !waitPath) throw new Error('the consent page has no start payload or wait address');
  const wait = `${remote.base}${waitPath.replace(/&amp;/g, '&')}`;
  const from = { id: OWNER_ID, is_bot: false, first_name: 'Owner' };
  const chat = { id: OWNER_ID, type: 'private' as const };
  await remote.t.send(textUpdate(`/start ${payload}`));
  const question = remote.t.api.callsTo('sendMessage').at(-1)!.payload as {
    text: string;
    reply_markup: { inline_keyboard: { callback_data: string }[][] };
  };
  const allow = question.reply_markup.inline_keyboard[0]![0]!.callback_data;
  await remote.t.send({
    callback_query: {
      id: 'cb',
      from,
      chat_instance: 'ci',
      data: allow,
      message: { message_id: 9, date: 1, chat, text: question.text },
    },
  });
  // Allowed: the page asks for the one-time code the bot showed the owner (consent bound to the browser that asked),
  // and goes on once it is typed.
  const asked = (await (await fetch(wait)).json()) as { confirm?: boolean };
  if (!asked.confirm) throw new Error('the page was not asked for the one-time code after Allow');
  const shown = remote.t.api.callsTo('editMessageText').at(-1)?.payload.text as string | undefined;
  const typed = /: ([A-Z2-9]{8})$/m.exec(shown ?? '')?.[1];
  if (!typed) throw new Error('the bot showed no one-time code after Allow');
  const confirmed = await fetch(wait.replace('/oauth/wait', '/oauth/confirm'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: typed }),
  });
  const back = new URL(((await confirmed.json()) as { location: string }).location);
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
