/** The object tools as Anthropic tools: derived from the one definition in objects/, in its stable order. */
import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { OBJECT_TOOLS, toolInputSchema } from '../objects/object-tools.ts';

/** Byte-stable from request to request, so the prefix stays cacheable; the cache breakpoint sits on the last tool. */
export const TOOLS: Tool[] = OBJECT_TOOLS.map((tool, i) => ({
  name: tool.name,
  description: tool.description,
  input_schema: toolInputSchema(tool),
  ...(i === OBJECT_TOOLS.length - 1 ? { cache_control: { type: 'ephemeral' as const } } : {}),
}));
