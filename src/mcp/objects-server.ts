/** An MCP server over one owner's objects: the bot's tools from their one definition, read-only, and the ask prompt. */
import {
  fromJsonSchema,
  McpServer,
  type CallToolResult,
  type JsonSchemaType,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Logger } from '../log/logger.ts';
import { ObjectError } from '../objects/object-error.ts';
import { createToolExecutor, OBJECT_TOOLS, toolInputSchema } from '../objects/object-tools.ts';
import type { ObjectOperations } from '../objects/operations.ts';
import { askPromptMessages } from './ask-prompt.ts';
import { errorReason } from '../log/error-message.ts';
import { registerAppViews, viewMeta, type ReadAppPage } from './app-views.ts';
import { withinResultLimit } from './result-limit.ts';
import { MCP_TOOLS } from './tools/index.ts';

export interface ObjectsServerDeps {
  operations: ObjectOperations;
  /** Read by the client first; see serverInstructions. */
  instructions: string;
  /** The handles a question that mentions none is about (the `ask-journal` prompt injects their interfaces). */
  rootIds: readonly string[];
  /** Today's date where the owner lives, YYYY-MM-DD. */
  today?: () => string;
  logger: Logger;
  version: string;
  /** Reads an MCP App's built page (app-views.ts); without it the server offers no App and no tool that opens one. */
  readAppPage?: ReadAppPage;
}

/**
 * The SDK would validate input itself and word its own errors; the shared definition validates instead,
 * so a bad call reads the same to a model here as in the bot.
 */
const validatedByTheTool: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

const text = (t: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: withinResultLimit(t) }],
  ...(isError ? { isError: true } : {}),
});

export function createObjectsServer(deps: ObjectsServerDeps): McpServer {
  const server = new McpServer({ name: 'journal', version: deps.version }, { instructions: deps.instructions });
  // The shared object tools, then MCP_TOOLS (tools/index.ts): an App's tool only where its page can be read.
  const own = MCP_TOOLS.filter((t) => t.app === undefined || deps.readAppPage);
  const served = [...OBJECT_TOOLS.map((tool) => ({ tool, app: undefined })), ...own];
  const execute = createToolExecutor(
    deps.operations,
    own.map((t) => t.tool),
  );
  if (deps.readAppPage)
    registerAppViews(
      server,
      served.flatMap((t) => (t.app ? [t.app] : [])),
      deps.readAppPage,
    );

  for (const { tool, app } of served) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: fromJsonSchema(toolInputSchema(tool) as JsonSchemaType, validatedByTheTool),
        ...(tool.output ? { outputSchema: tool.output } : {}),
        annotations: { title: tool.title, ...tool.annotations },
        ...(app ? { _meta: viewMeta(app) } : {}),
      },
      async (input) => {
        try {
          const output = await execute(tool.name, input);
          if (typeof output === 'string') return text(output);
          // The same pictures the bot's model gets, as MCP image content after the text; the citable passages as
          // embedded text resources whose address names the entry (the client cites them by it); a fixed shape as data.
          const images = output.images.map((i) => ({ type: 'image' as const, data: i.data, mimeType: i.mediaType }));
          const passages = (output.citable ?? []).map((c) => ({
            type: 'resource' as const,
            resource: { uri: c.source, mimeType: 'text/plain', text: c.text, _meta: { title: c.title } },
          }));
          return {
            content: [{ type: 'text', text: withinResultLimit(output.text) }, ...passages, ...images],
            ...(output.structured ? { structuredContent: output.structured } : {}),
          };
        } catch (error) {
          if (error instanceof ObjectError) return text(error.message, true);
          // A fault the caller cannot fix (SQLite, a bug): logged here, and said plainly there.
          deps.logger.error('mcp.tool_failed', { tool: tool.name, error: errorReason(error) });
          return text(
            `${tool.name} failed inside the server; the call may be fine. The server's log (stderr) has the cause.`,
            true,
          );
        }
      },
    );
  }

  server.registerPrompt(
    'ask-journal',
    {
      description:
        'A question about the journal, framed as the Telegram bot frames it: the interfaces of @journal (or the handles it mentions), never entries.',
      argsSchema: z.object({
        question: z
          .string()
          .describe('The question, e.g. "how many days did I write in April?"; @-mention handles to ask about a view.'),
      }),
    },
    async ({ question }) => ({
      messages: await askPromptMessages(deps.operations, question, { rootIds: deps.rootIds, today: deps.today?.() }),
    }),
  );
  return server;
}
