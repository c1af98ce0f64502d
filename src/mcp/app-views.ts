/**
 * The MCP Apps this server offers (io.modelcontextprotocol/ui): the App each tool of MCP_TOOLS may declare
 * (mcp-tool.ts), as a ui:// resource of HTML the host renders in a sandboxed frame. The pages are built by
 * scripts/build.mjs (src/mcp/app/ → one self-contained file each); the composition root passes in how to read them.
 */
import { readFile } from 'node:fs/promises';
import type { McpServer } from '@modelcontextprotocol/server';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { builtPagePath, type McpAppPage } from './mcp-tool.ts';

/** Reads an App's built page; throws when it is missing (a checkout that was never built). */
export type ReadAppPage = (app: McpAppPage) => Promise<string>;

/** Reads the pages from the build, given where a dist/-relative file is; a missing page says how to build it. */
export const readBuiltPages =
  (builtPath: (distRelative: string) => string): ReadAppPage =>
  async (app) => {
    try {
      return await readFile(builtPath(builtPagePath(app)), 'utf8');
    } catch {
      throw new Error(`The ${app.page} App's page is not built: run npm run build.`);
    }
  };

/** A tool's `_meta` naming its App's page, in the current form and the form hosts from before SEP-1865 read. */
export const viewMeta = (app: McpAppPage) => ({
  ui: { resourceUri: app.uri },
  [RESOURCE_URI_META_KEY]: app.uri,
});

export function registerAppViews(server: McpServer, apps: readonly McpAppPage[], readPage: ReadAppPage): void {
  for (const app of apps) {
    server.registerResource(
      app.name,
      app.uri,
      { description: app.description, mimeType: RESOURCE_MIME_TYPE },
      async () => ({
        // The page fetches nothing: its script and styles are inline, and data comes through the host.
        contents: [
          {
            uri: app.uri,
            mimeType: RESOURCE_MIME_TYPE,
            text: await readPage(app),
            _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
          },
        ],
      }),
    );
  }
}
