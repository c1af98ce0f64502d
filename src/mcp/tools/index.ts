/**
 * Every tool the MCP server serves beyond the shared object tools, and every MCP App, in the order tools/list gives
 * them (after the object tools). A new one is its module here (mcp-tool.ts McpTool) and one line in this list.
 */
import type { McpTool } from '../mcp-tool.ts';
import { tool as calendar } from './calendar.ts';

export const MCP_TOOLS: readonly McpTool[] = [calendar];
