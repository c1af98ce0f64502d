/** A tool's output as the Messages API takes it: its text, the passages it leaves out (citable or as text), pictures. */
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { CitableItem } from '../objects/kind.ts';
import type { ToolOutput } from '../objects/object-tools.ts';
import { escapeMarkup } from './prompt.ts';

/**
 * How passages travel: `search_results`, citable search_result blocks (Anthropic's API: the answer's citations name
 * them); `text`, text blocks, for a Messages-compatible endpoint (Ollama, llama.cpp) that keeps only text and image
 * blocks inside a tool_result and would drop search results, passages and all.
 */
export type PassageMode = 'search_results' | 'text';

/** The line before passages sent as text: how the answer names what it rests on. */
export const TEXT_PASSAGES_NOTE =
  'The items follow, one <passage> each. To name one in your answer, write its cite-as token (e.g. /entry_12) as it is.';

/** One passage as a text block: its source, title and reference as attributes, its words escaped inside. */
export function passageText(c: CitableItem): string {
  const attr = (name: string, value: string) => ` ${name}="${escapeMarkup(value).replaceAll('"', '&quot;')}"`;
  const cite = c.reference === undefined ? '' : attr('cite-as', c.reference);
  return `<passage${attr('source', c.source)}${attr('title', c.title)}${cite}>\n${escapeMarkup(c.text)}\n</passage>`;
}

export function toolResultContent(
  output: string | ToolOutput,
  passages: PassageMode = 'search_results',
): ToolResultBlockParam['content'] {
  if (typeof output === 'string') return output;
  const citable = output.citable ?? [];
  if (citable.length === 0 && output.images.length === 0) return output.text;
  const asText = passages === 'text' && citable.length > 0;
  return [
    { type: 'text', text: output.text },
    ...(asText ? [{ type: 'text' as const, text: TEXT_PASSAGES_NOTE }] : []),
    ...citable.map((c) =>
      asText
        ? { type: 'text' as const, text: passageText(c) }
        : // One search result per passage, citations on: the answer's citations then name the passage's source.
          {
            type: 'search_result' as const,
            source: c.source,
            title: c.title,
            content: [{ type: 'text' as const, text: c.text.trim() === '' ? '(no text)' : c.text }],
            citations: { enabled: true },
          },
    ),
    ...output.images.map((i) => ({
      type: 'image' as const,
      source: { type: 'base64' as const, media_type: i.mediaType, data: i.data },
    })),
  ];
}
