/** A tool's output as the Messages API takes it: its text, the passages it leaves out as citable search results, pictures. */
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolOutput } from '../objects/object-tools.ts';

export function toolResultContent(output: string | ToolOutput): ToolResultBlockParam['content'] {
  if (typeof output === 'string') return output;
  const citable = output.citable ?? [];
  if (citable.length === 0 && output.images.length === 0) return output.text;
  return [
    { type: 'text', text: output.text },
    // One search result per passage, citations on: the answer's citations then name the passage's source.
    ...citable.map((c) => ({
      type: 'search_result' as const,
      source: c.source,
      title: c.title,
      content: [{ type: 'text' as const, text: c.text === '' ? ' ' : c.text }],
      citations: { enabled: true },
    })),
    ...output.images.map((i) => ({
      type: 'image' as const,
      source: { type: 'base64' as const, media_type: i.mediaType, data: i.data },
    })),
  ];
}
