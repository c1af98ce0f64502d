/**
 * The object operations as tools: name, description, input schema and result text, defined once here.
 * The bot's Anthropic tools (llm/) and the MCP server's tools (mcp/) are both derived from this list.
 */
import { z } from 'zod';
import { formatInterface, formatObjectLine, formatUnreadableLine } from './format-interface.ts';
import { ObjectError } from './object-error.ts';
import type { ObjectOperations } from './operations.ts';
import type { CitableItem, ResultImage } from './kind.ts';

export interface ObjectTool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  /** A short human name, as directories and hosts show it (e.g. "Read an object's interface"). */
  title: string;
  description: string;
  /** What the call does to the world: every tool here only reads. */
  annotations: ToolAnnotations;
  /** The result's fixed shape, when it has one: sent as structured content beside the text. */
  output?: z.ZodObject;
  /** Validates the call's input; its JSON Schema (toolInputSchema) is what the model sees. */
  input: Input;
  /** The result text (with any pictures beside it); a fault the caller can fix is thrown as an ObjectError. */
  run(ops: ObjectOperations, input: z.output<Input>): Promise<string | ToolOutput>;
}

/** MCP's tool hints: these tools read the owner's own journal, change nothing and reach nothing outside it. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}
export const READS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** A tool, its input's type checked against its run. */
export const defineTool = <Input extends z.ZodObject>(tool: ObjectTool<Input>): ObjectTool => tool;

// An empty or unknown id is left to resolve(), whose error lists the handles that exist.
export const objId = z.string().describe('Handle id, e.g. "journal" or a UUID from a result.');

/** Stable order and text: the bot's request prefix is cached on them. */
export const OBJECT_TOOLS: readonly ObjectTool[] = [
  defineTool({
    name: 'analyzeObject',
    title: "Read an object's interface",
    annotations: READS,
    description: "An object's interface (kind, description, fields, methods with signatures); no data.",
    input: z.object({ objId }),
    run: async (ops, { objId: id }) => formatInterface(await ops.analyzeObject(id)),
  }),
  defineTool({
    name: 'invokeMethod',
    title: 'Call a method on an object',
    annotations: READS,
    description:
      'Call a read-only method. Returns {"value": …} with data, or {"handle": …} for a new object (e.g. a narrower view): ' +
      'use that handle in later calls.',
    input: z
      .object({
        objId,
        methodName: z.string().describe('A method its interface lists.'),
        // Checked by the method's own args schema in invokeMethod, which also takes them as a JSON text.
        args: z.unknown().optional().meta({
          type: 'object',
          description: 'Named arguments per the signature, e.g. {"date": "2024-04-01"}; {} when none.',
        }),
      })
      // Advertised as required, so models always send it; a call without it still runs (as a method with no arguments).
      .meta({ required: ['objId', 'methodName', 'args'] }),
    run: async (ops, { objId: id, methodName, args }) => {
      const result = await ops.invokeMethod(id, methodName, args);
      // A model gets the cited form when there is one: the text as citable passages, the rest as JSON.
      if (result.type === 'value' && result.cited) {
        return {
          text: JSON.stringify({ value: result.cited.value }),
          images: result.images ?? [],
          citable: result.cited.passages,
        };
      }
      if (result.type === 'value' && result.images?.length)
        return { text: JSON.stringify({ value: result.value }), images: result.images };
      if (result.type === 'value') return JSON.stringify({ value: result.value });
      return JSON.stringify({
        handle: result.objId,
        kind: result.kind,
        description: result.description,
        ...(result.note === undefined ? {} : { note: result.note }),
      });
    },
  }),
  defineTool({
    name: 'listObjects',
    title: 'List the handles held',
    annotations: READS,
    description: 'The handles held: roots, then earlier views, newest first.',
    input: z.object({}),
    run: async (ops) => {
      const { objects, more, unreadable } = await ops.listObjects();
      return [
        ...objects.map(formatObjectLine),
        ...(more ? [`(${more} older handles not shown)`] : []),
        ...unreadable.map(formatUnreadableLine),
      ].join('\n');
    },
  }),
  defineTool({
    name: 'listKinds',
    title: 'List the kinds of object',
    annotations: READS,
    description: 'The kinds of object that exist.',
    input: z.object({}),
    run: async (ops) =>
      ops
        .listKinds()
        .map((k) => `${k.kind}: ${k.about}`)
        .join('\n'),
  }),
  defineTool({
    name: 'describeKind',
    title: "Read a kind's interface",
    annotations: READS,
    description: "A kind's interface, as analyzeObject gives it for an object.",
    input: z.object({ kind: z.string().describe('Kind id from listKinds.') }),
    run: async (ops, { kind }) => formatInterface(ops.describeKind(kind)),
  }),
];

export const OBJECT_TOOL_NAMES = OBJECT_TOOLS.map((t) => t.name);

/** A tool input's JSON Schema as the model sees it: `{type: "object", properties, required}`, derived from the zod schema. */
export type ToolInputSchema = { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

export function toolInputSchema(tool: ObjectTool): ToolInputSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.input, { io: 'input' });
  return schema as ToolInputSchema;
}

function parseInput<T extends z.ZodObject>(tool: ObjectTool<T>, input: unknown): z.output<T> {
  const parsed = tool.input.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  throw new ObjectError(`Bad input for ${tool.name}: ${problems}.`);
}

/** A result that carries pictures or citable passages: its text, and what each surface sends in its own form. */
export interface ToolOutput {
  text: string;
  /** Image blocks in the bot; image content in MCP. */
  images: readonly ResultImage[];
  /** The result as data, for a tool with an `output` shape (MCP's structuredContent). */
  structured?: Record<string, unknown>;
  /** The passages the text leaves out: search_result blocks with citations in the bot, search results in MCP. */
  citable?: readonly CitableItem[];
}

/** The text of a tool's result, whether or not pictures came with it. */
export const outputText = (output: string | ToolOutput): string => (typeof output === 'string' ? output : output.text);

/** Runs one tool call and returns its result text (or text and pictures); a fixable fault is thrown as an ObjectError. */
export type ToolExecutor = (name: string, input: unknown) => Promise<string | ToolOutput>;

/** The object tools, and any a surface adds of its own (the MCP server's own, mcp/tools/). */
export function createToolExecutor(ops: ObjectOperations, extraTools: readonly ObjectTool[] = []): ToolExecutor {
  return async (name, input) => {
    const tool = OBJECT_TOOLS.find((t) => t.name === name) ?? extraTools.find((t) => t.name === name);
    if (!tool) throw new ObjectError(`Unknown tool "${name}". Tools: ${OBJECT_TOOL_NAMES.join(', ')}.`);
    return tool.run(ops, parseInput(tool, input));
  };
}
