/**
 * A minimal MCP Apps host in headless Chromium, as Claude and other hosts are in their essentials: the App's HTML in
 * a sandboxed <iframe srcdoc>, answering `ui/initialize` with a host context (theme, display mode), sending the tool's
 * result once the App says it is initialized, and passing the App's `tools/call` requests to a real MCP client.
 * Used by test/mcp/mcp-app.browser.test.ts and the docs' screenshot (scripts/screenshots.ts).
 */
import type { Browser, Frame, Page } from 'playwright-core';
import type { Client } from '@modelcontextprotocol/client';

export interface AppHostOptions {
  /** The App's page, as the server's resources/read gives it. */
  html: string;
  /** The tool result the host sends (`ui/notifications/tool-result`): content and structuredContent. */
  toolResult: unknown;
  /** The client whose server the App's tools/call reach. */
  client: Client;
  hostContext?: Record<string, unknown>;
  viewport?: { width: number; height: number };
  deviceScaleFactor?: number;
}

export interface AppHost {
  page: Page;
  /** The App's frame, once it exists. */
  frame: () => Promise<Frame>;
  /** Every URL the page and its frame asked for. */
  requested: string[];
  /** The tools/call requests the App sent through the host, in order. */
  toolCalls: unknown[];
}

const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;height:100%;background:#888}iframe{display:block;width:100%;height:100%;border:0;background:transparent}
</style></head><body><iframe id="app" sandbox="allow-scripts" title="MCP App"></iframe></body></html>`;

/**
 * The host's side of the conversation, run in the host page (plain JavaScript: the tests' types have no DOM); the
 * App's HTML is set only once it listens.
 */
const HOST_SCRIPT = `({ html, toolResult, hostContext }) => {
  const frame = document.getElementById('app');
  const send = (message) => frame.contentWindow.postMessage(message, '*');
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0' || !message.method) return;
    if (message.method === 'ui/initialize') {
      const result = { protocolVersion: message.params.protocolVersion, hostInfo: { name: 'test-host', version: '1.0.0' }, hostCapabilities: { serverTools: {} }, hostContext };
      send({ jsonrpc: '2.0', id: message.id, result });
    } else if (message.method === 'ui/notifications/initialized') {
      send({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: toolResult });
    } else if (message.method === 'tools/call') {
      window.hostCallTool(message.params).then(
        (result) => send({ jsonrpc: '2.0', id: message.id, result }),
        (error) => send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: String(error) } }),
      );
    } else if (message.id !== undefined) {
      send({ jsonrpc: '2.0', id: message.id, result: {} });
    }
  });
  frame.srcdoc = html;
}`;

export async function openAppInHost(browser: Browser, options: AppHostOptions): Promise<AppHost> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 700 },
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
  });
  const page = await context.newPage();
  const requested: string[] = [];
  const toolCalls: unknown[] = [];
  page.on('request', (r) => void requested.push(r.url()));
  await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
    toolCalls.push(params);
    return options.client.callTool(params);
  });
  await page.setContent(HOST_PAGE);
  const hostContext = options.hostContext ?? {
    theme: 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen'],
    platform: 'web',
  };
  await page.evaluate(
    `(${HOST_SCRIPT})(${JSON.stringify({ html: options.html, toolResult: options.toolResult, hostContext })})`,
  );
  const frame = async () => {
    const handle = await page.waitForSelector('#app');
    const found = await handle.contentFrame();
    if (!found) throw new Error('the App frame did not load');
    return found;
  };
  return { page, frame, requested, toolCalls };
}
