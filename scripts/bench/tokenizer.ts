/**
 * Token counts with @anthropic-ai/tokenizer: Anthropic's legacy Claude BPE tokenizer, offline. Current models
 * tokenize differently, so every count here is an approximation of what the API would bill.
 */
import { countTokens as packageCountTokens, getTokenizer } from '@anthropic-ai/tokenizer';

export const TOKENIZER_NAME = '@anthropic-ai/tokenizer 0.0.4 (legacy Claude BPE)';

let tokenizer: ReturnType<typeof getTokenizer> | undefined;

/** Same count as the package's countTokens, with one tokenizer kept for the run (building one takes ~0.3 s). */
export function countTokens(text: string): number {
  tokenizer ??= getTokenizer();
  return tokenizer.encode(text.normalize('NFKC'), 'all').length;
}

/** The package's own function, for tests that pin the two agree. */
export const referenceCountTokens = packageCountTokens;

/** Frees the WASM tokenizer at the end of a run. */
export function freeTokenizer(): void {
  tokenizer?.free();
  tokenizer = undefined;
}

type Block = Record<string, any>;

/** The text a content block puts before the model: text, a tool call's name and input, a tool result, thinking. */
function blockText(block: Block | string): string {
  if (typeof block === 'string') return block;
  switch (block.type) {
    case 'text':
      return block.text ?? '';
    case 'thinking':
      return block.thinking ?? '';
    case 'tool_use':
      return `${block.name} ${JSON.stringify(block.input ?? {})}`;
    case 'tool_result':
      return typeof block.content === 'string' ? block.content : (block.content ?? []).map(blockText).join('\n');
    default:
      return JSON.stringify(block);
  }
}

const toolText = (tool: Block) =>
  JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.input_schema });

export interface RequestTokens {
  system: number;
  tools: number;
  messages: number;
  total: number;
}

/**
 * Tokens of one Messages API request body as sent: system text, each tool as JSON (name, description, schema),
 * and the content of every message. Per-message framing and the API's hidden tool-use prompt are not counted.
 */
export function requestTokens(body: {
  system?: string | Block[];
  tools?: Block[];
  messages: { content: string | Block[] }[];
}): RequestTokens {
  const systemText = typeof body.system === 'string' ? body.system : (body.system ?? []).map(blockText).join('\n');
  const system = systemText ? countTokens(systemText) : 0;
  const tools = (body.tools ?? []).reduce((sum, t) => sum + countTokens(toolText(t)), 0);
  const messages = body.messages.reduce((sum, m) => {
    const blocks = typeof m.content === 'string' ? [m.content] : m.content;
    return sum + blocks.reduce((s, b) => s + countTokens(blockText(b)), 0);
  }, 0);
  return { system, tools, messages, total: system + tools + messages };
}
