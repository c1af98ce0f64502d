/**
 * What the MCP server serves beyond the object tools the bot shares (objects/object-tools.ts OBJECT_TOOLS): a tool
 * for MCP clients only, or an MCP App, which is such a tool and the interactive page (a ui:// resource) a host draws
 * its result in. Each is one module in tools/ joined by one line in MCP_TOOLS (tools/index.ts); the server reads its
 * tools, resources and each tool's `_meta` from there, and scripts/build.mjs bundles each App's page by its name.
 */
import type { ObjectTool } from '../objects/object-tools.ts';

export interface McpAppPage {
  /**
   * The page's name: its browser code is src/mcp/app/<page>-app.ts inlined into src/mcp/app/<page>.html, which
   * scripts/build.mjs finds by those names and writes to dist/mcp/app/<page>.html.
   */
  page: string;
  /** The ui:// address the tool names and the resource is served at. */
  uri: string;
  /** The resource's name and description, as resources/list gives them. */
  name: string;
  description: string;
}

export interface McpTool {
  /** Defined as the object tools are (ObjectTool: input schema, description, annotations, run), validated alike. */
  tool: ObjectTool;
  /** The App whose page the host draws the result in; without one, a plain tool. */
  app?: McpAppPage;
}

/** Where scripts/build.mjs writes an App's page, inside dist/. */
export const builtPagePath = (app: McpAppPage): string => `mcp/app/${app.page}.html`;
