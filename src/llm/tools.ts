/** The object operations as Anthropic tools, in a stable order, and the executor that runs them for one owner. */
import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import { formatInterface, formatObjectLine, formatUnreadableLine } from '../objects/format-interface.ts';
import { ObjectError } from '../objects/object-error.ts';
import type { ObjectOperations } from '../objects/operations.ts';

const objId = { type: 'string', description: 'Handle id, e.g. "journal" or a UUID from a result.' } as const;

/** Stable order and text, so the prefix stays cacheable; the cache breakpoint sits on the last tool. */
export const TOOLS: Tool[] = [
  {
    name: 'analyzeObject',
    description: "An object's interface: kind, description, how to read its data, data fields, methods with signatures. Returns no data.",
    input_schema: { type: 'object', properties: { objId }, required: ['objId'] },
  },
  {
    name: 'invokeMethod',
    description:
      'Call a read-only method. Returns {"value": …} with data, or {"handle": …} for a new object (e.g. a narrower view): ' +
      'use that handle in later calls.',
    input_schema: {
      type: 'object',
      properties: {
        objId,
        methodName: { type: 'string', description: 'A method from the interface, e.g. "getDayCount".' },
        args: { type: 'object', description: 'Named arguments per the signature, e.g. {"date": "2024-04-01"}; {} when none.' },
      },
      required: ['objId', 'methodName', 'args'],
    },
  },
  {
    name: 'listObjects',
    description: 'The handles the user holds (roots, then views made earlier, newest first), one line each.',
    input_schema: { type: 'object', properties: {} },
  },
  {
    name: 'listKinds',
    description: 'The kinds of object that exist.',
    input_schema: { type: 'object', properties: {} },
  },
  {
    name: 'describeKind',
    description: "A kind's interface, as analyzeObject gives it for an object.",
    input_schema: { type: 'object', properties: { kind: { type: 'string', description: 'Kind id from listKinds.' } }, required: ['kind'] },
    cache_control: { type: 'ephemeral' },
  },
];

export const TOOL_NAMES = TOOLS.map((t) => t.name);

const handleInput = z.object({ objId: z.string().min(1) });
const invokeInput = z.object({
  objId: z.string().min(1),
  methodName: z.string().min(1),
  // Models sometimes send the args object as a JSON string; accept both.
  args: z.preprocess((v) => (typeof v === 'string' && v.trim().startsWith('{') ? JSON.parse(v) : v), z.record(z.string(), z.unknown()).optional()),
});
const kindInput = z.object({ kind: z.string().min(1) });
const noInput = z.object({}).passthrough();

function parseInput<T>(tool: string, schema: z.ZodType<T>, input: unknown): T {
  let parsed: ReturnType<typeof schema.safeParse>;
  try {
    parsed = schema.safeParse(input ?? {});
  } catch {
    throw new ObjectError(`Bad input for ${tool}: args is not valid JSON.`); // JSON.parse in the preprocess
  }
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  throw new ObjectError(`Bad input for ${tool}: ${problems}.`);
}

/** Runs one tool call and returns its result text; a fault the model can fix is thrown as an ObjectError. */
export type ToolExecutor = (name: string, input: unknown) => Promise<string>;

export function createToolExecutor(ops: ObjectOperations): ToolExecutor {
  return async (name, input) => {
    switch (name) {
      case 'analyzeObject':
        return formatInterface(await ops.analyzeObject(parseInput(name, handleInput, input).objId));
      case 'invokeMethod': {
        const { objId: id, methodName, args } = parseInput(name, invokeInput, input);
        const result = await ops.invokeMethod(id, methodName, args ?? {});
        if (result.type === 'value') return JSON.stringify({ value: result.value });
        return JSON.stringify({ handle: result.objId, kind: result.kind, description: result.description });
      }
      case 'listObjects': {
        parseInput(name, noInput, input);
        const { objects, more, unreadable } = await ops.listObjects();
        return [...objects.map(formatObjectLine), ...(more ? [`(${more} older handles not shown)`] : []), ...unreadable.map(formatUnreadableLine)].join('\n');
      }
      case 'listKinds':
        parseInput(name, noInput, input);
        return ops.listKinds().map((k) => `${k.kind}: ${k.about}`).join('\n');
      case 'describeKind':
        return formatInterface(ops.describeKind(parseInput(name, kindInput, input).kind));
      default:
        throw new ObjectError(`Unknown tool "${name}". Tools: ${TOOL_NAMES.join(', ')}.`);
    }
  };
}
