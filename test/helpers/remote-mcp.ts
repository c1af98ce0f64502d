// Remote MCP for tests: the whole app with PUBLIC_URL on 127.0.0.1, its routes on the real webhook server (the bot's
// HTTP server in webhook mode), a client app's redirect URI that records what it was sent, the official client's
// OAuthClientProvider kept in memory, and the consent page's part of the flow done without a browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { createRemoteMcpRoutes, type RemoteMcpRoutes } from '../../src/wiring/remote-mcp.ts';
import { startWebhookServer, type WebhookServer } from '../../src/telegram/intake/webhook-server.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import { freePort } from './free-port.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import type { TestStore } from './temp-db.ts';
import { OWNER_ID, textUpdate } from './updates.ts';

/** A client app's redirect URI: records every query it receives. */
export interface RedirectCatcher {
  url: string;
  received: URL[];
  next(): Promise<URL>;
  close(): Promise<void>;
}

export async function startRedirectCatcher(): Promise<RedirectCatcher> {
  const received: URL[] = [];
  let waiting: ((url: URL) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Only the redirect itself: a browser also asks for /favicon.ico.
    if (url.pathname === '/callback') {
      received.push(url);
      for (const w of waiting) w(url);
      waiting = [];
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Back in the app</title><p>Back in the app.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/callback`,
    received,
    next: () => new Promise<URL>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export interface RemoteBot {
  t: TestApp;
  /** PUBLIC_URL: http://127.0.0.1:<port> */
  base: string;
  mcpUrl: string;
  routes: RemoteMcpRoutes;
  server: WebhookServer;
  close(): Promise<void>;
}

/** The app with PUBLIC_URL, on the real clock (token expiry is checked against it), serving remote MCP. */
export async function startRemoteBot(
  options: { store?: TestStore; env?: Record<string, string>; callsPerMinute?: number } = {},
): Promise<RemoteBot> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: base, ...options.env }, () => new Date(), { store: options.store });
  const routes = createRemoteMcpRoutes({
    config: t.config,
    db: t.temp.db,
    clock: () => new Date(),
    logger: t.logger,
    botUsername: TEST_BOT_INFO.username,
    callsPerMinute: options.callsPerMinute,
  });
  const server = await startWebhookServer({
    port,
    host: '127.0.0.1',
    path: '/tg',
    secret: 'test-secret',
    inbox: t.app.inbox,
    logger: t.logger,
    otherRequests: routes.before(null).handle,
  });
  return {
    t,
    base,
    mcpUrl: `${base}/mcp`,
    routes,
    server,
    async close() {
      await routes.close();
      await server.close();
      await t.close();
    },
  };
}

/** The official client's provider, in memory: what Claude Code or claude.ai keep between the legs of the flow. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  info: Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;
  saved: Awaited<ReturnType<OAuthClientProvider['tokens']>>;
  verifier = '';
  discovery: OAuthDiscoveryState | undefined;
  authorizationUrl: URL | undefined;

  constructor(
    readonly redirectUrl: string,
    readonly name: string,
    readonly stateValue = 'state-from-the-client',
  ) {}

  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return this.stateValue;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: NonNullable<MemoryOAuthProvider['info']>) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: NonNullable<MemoryOAuthProvider['saved']>) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/** Where the consent page sends the owner (its t.me `/start` payload) and where its script polls for the outcome. */
export interface ConsentLinks {
  payload: string;
  wait: string;
}

/** The consent page's links, read from its HTML as its script reads them. */
export function consentLinks(remote: RemoteBot, html: string): ConsentLinks {
  const payload = /start=(mcp_[\w-]+)/.exec(html)?.[1];
  const waitPath = /data-wait="([^"]+)"/.exec(html)?.[1];
  if (!payload || !waitPath) throw new Error('the consent page has no start payload or wait address');
  return { payload, wait: `${remote.base}${waitPath.replace(/&amp;/g, '&')}` };
}

/**
 * The owner's and the page's part of the flow, as they happen: the page's payload sent to the bot as `/start`, Allow
 * pressed, then the one-time code the bot shows typed into the page (consent is bound to the browser that asked).
 * Returns where the page sends the browser back to the app: its `code` and `iss`. Throws naming the step that failed.
 */
export async function consentWithCode(remote: RemoteBot, links: ConsentLinks): Promise<URL> {
  await remote.t.send(textUpdate(`/start ${links.payload}`));
  const question = remote.t.api.callsTo('sendMessage').at(-1)!.payload as {
    text: string;
    reply_markup: { inline_keyboard: { callback_data: string }[][] };
  };
  const allow = question.reply_markup.inline_keyboard[0]![0]!.callback_data;
  await remote.t.send({
    callback_query: {
      id: 'cb',
      from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
      chat_instance: 'ci',
      data: allow,
      message: { message_id: 9, date: 1, chat: { id: OWNER_ID, type: 'private' }, text: question.text },
    },
  });
  const asked = (await (await fetch(links.wait)).json()) as { confirm?: boolean };
  if (!asked.confirm) throw new Error('the page was not asked for the one-time code after Allow');
  const shown = remote.t.api.callsTo('editMessageText').at(-1)?.payload.text as string | undefined;
  const typed = /: ([A-Z2-9]{8})$/m.exec(shown ?? '')?.[1];
  if (!typed) throw new Error('the bot showed no one-time code after Allow');
  const confirmed = await fetch(links.wait.replace('/oauth/wait', '/oauth/confirm'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: typed }),
  });
  return new URL(((await confirmed.json()) as { location: string }).location);
}

export const OWNER = OWNER_ID;
