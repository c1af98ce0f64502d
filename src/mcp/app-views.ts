/**
 * The MCP Apps this server offers (io.modelcontextprotocol/ui): each interactive view a tool names (AppTool.view),
 * as a ui:// resource of HTML the host renders in a sandboxed frame. The pages are built by scripts/build.mjs
 * (src/mcp/app/ → one self-contained file each); the composition root passes in how to read them.
 */
import { readFile } from 'node:fs/promises';
import type { McpServer } from '@modelcontextprotocol/server';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';

/** The interactive views a tool may open (AppTool.view in app-tools.ts), by name. */
export type AppView = 'calendar';

export const APP_VIEWS: Record<AppView, { uri: string; name: string; description: string; built: string }> = {
  calendar: {
    uri: 'ui://journal/calendar.html',
    // Where scripts/build.mjs (MCP_APPS) writes it, inside dist/.
    built: 'mcp/app/calendar.html',
    name: 'Journal calendar',
    description: "A view's days as a calendar with mood colours; a day opens its entries.",
  },
};

/** Reads a view's built page; throws when it is missing (a checkout that was never built). */
export type ReadAppPage = (view: AppView) => Promise<string>;

/** Reads the pages from the build, given where a dist/-relative file is; a missing page says how to build it. */
export const readBuiltPages =
  (builtPath: (distRelative: string) => string): ReadAppPage =>
  async (view) => {
    try {
      return await readFile(builtPath(APP_VIEWS[view].built), 'utf8');
    } catch {
      throw new Error(`The ${view} App's page is not built: run npm run build.`);
    }
  };

/** A tool's `_meta` naming its view, in the current form and the form hosts from before SEP-1865 read. */
export const viewMeta = (view: AppView) => ({
  ui: { resourceUri: APP_VIEWS[view].uri },
  [RESOURCE_URI_META_KEY]: APP_VIEWS[view].uri,
});

export function registerAppViews(server: McpServer, readPage: ReadAppPage): void {
  for (const [view, about] of Object.entries(APP_VIEWS) as [AppView, (typeof APP_VIEWS)[AppView]][]) {
    server.registerResource(
      about.name,
      about.uri,
      { description: about.description, mimeType: RESOURCE_MIME_TYPE },
      async () => ({
        // The page fetches nothing: its script and styles are inline, and data comes through the host.
        contents: [
          {
            uri: about.uri,
            mimeType: RESOURCE_MIME_TYPE,
            text: await readPage(view),
            _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
          },
        ],
      }),
    );
  }
}
