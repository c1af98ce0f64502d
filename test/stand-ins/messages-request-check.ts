// What the Messages API stand-in accepts: a request as the real API takes it, checked against a zod schema derived
// from the SDK's own request types (each schema is typed against its SDK type, both ways: tsc fails when the SDK
// gains, drops or changes a field of a block the stand-in checks), plus the rules the API states that no type can
// say: roles and tool_result pairing, citations all-or-none across search results, block types where they may stand,
// non-empty text. Answered as the API answers a malformed request: 400, invalid_request_error, a message naming the
// place (`messages.3.content.0: …`).
import type {
  Base64ImageSource,
  CacheControlEphemeral,
  CitationsConfigParam,
  ImageBlockParam,
  MessageCreateParamsBase,
  MessageParam,
  RedactedThinkingBlockParam,
  SearchResultBlockParam,
  TextBlockParam,
  TextCitationParam,
  ThinkingBlockParam,
  ToolChoice,
  ToolResultBlockParam,
  ToolUnion,
  ToolUseBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';

/** Compile-time: the schema's output is the SDK type and names exactly its fields (an extra or missing one fails tsc). */
type Exact<S extends z.ZodType, T> = [keyof z.output<S>] extends [keyof T]
  ? [keyof T] extends [keyof z.output<S>]
    ? z.output<S> extends T
      ? S
      : never
    : never
  : never;
const sdk =
  <T>() =>
  <S extends z.ZodType>(schema: S & Exact<S, T>): S =>
    schema;

/** A field the SDK types and the stand-in does not look into (still refused when not an object). */
const opaque = <T>() => z.custom<T>((v) => typeof v === 'object' && v !== null, 'must be an object');

const cacheControl = sdk<CacheControlEphemeral>()(
  z.strictObject({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() }),
);
const nonEmptyText = z.string().refine((t) => t.trim() !== '', 'text content blocks must contain non-whitespace text');

const textBlock = sdk<TextBlockParam>()(
  z.strictObject({
    type: z.literal('text'),
    text: nonEmptyText,
    cache_control: cacheControl.nullable().optional(),
    citations: z.array(opaque<TextCitationParam>()).nullable().optional(),
  }),
);
const base64Source = sdk<Base64ImageSource>()(
  z.strictObject({
    type: z.literal('base64'),
    media_type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
    data: z.string().min(1),
  }),
);
const imageBlock = sdk<ImageBlockParam>()(
  z.strictObject({
    type: z.literal('image'),
    source: base64Source,
    cache_control: cacheControl.nullable().optional(),
    transformations: opaque<NonNullable<ImageBlockParam['transformations']>>().nullable().optional(),
  }),
);
const searchResultBlock = sdk<SearchResultBlockParam>()(
  z.strictObject({
    type: z.literal('search_result'),
    source: z.string().min(1),
    title: z.string(),
    content: z.array(textBlock).min(1),
    cache_control: cacheControl.nullable().optional(),
    citations: sdk<CitationsConfigParam>()(z.strictObject({ enabled: z.boolean().optional() })).optional(),
  }),
);
const toolResultBlock = sdk<ToolResultBlockParam>()(
  z.strictObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string().min(1),
    content: z
      .union([z.string(), z.array(z.discriminatedUnion('type', [textBlock, imageBlock, searchResultBlock]))])
      .optional(),
    is_error: z.boolean().optional(),
    cache_control: cacheControl.nullable().optional(),
    toolset_name: z.string().nullable().optional(),
  }),
);
const toolUseBlock = sdk<ToolUseBlockParam>()(
  z.strictObject({
    type: z.literal('tool_use'),
    id: z.string().min(1),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
    cache_control: cacheControl.nullable().optional(),
    caller: opaque<NonNullable<ToolUseBlockParam['caller']>>().optional(),
    toolset_name: z.string().nullable().optional(),
  }),
);
const thinkingBlock = sdk<ThinkingBlockParam>()(
  z.strictObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().min(1) }),
);
const redactedThinkingBlock = sdk<RedactedThinkingBlockParam>()(
  z.strictObject({ type: z.literal('redacted_thinking'), data: z.string().min(1) }),
);

/** Block types each role's turn may hold (the ones this app could send; any other is refused). */
const userContent = z.discriminatedUnion('type', [textBlock, imageBlock, searchResultBlock, toolResultBlock]);
const assistantContent = z.discriminatedUnion('type', [textBlock, thinkingBlock, redactedThinkingBlock, toolUseBlock]);
const message = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('user'), content: z.union([nonEmptyText, z.array(userContent).min(1)]) }),
  z.strictObject({ role: z.literal('assistant'), content: z.union([nonEmptyText, z.array(assistantContent)]) }),
]);
sdk<MessageParam>()(message);

const tool = opaque<ToolUnion>().refine(
  (t) => typeof (t as { name?: unknown }).name === 'string',
  'each tool needs a name',
);
const toolChoice = opaque<ToolChoice>().refine(
  (c) => ['auto', 'any', 'tool', 'none'].includes(String((c as { type?: unknown }).type)),
  'tool_choice.type must be auto, any, tool or none',
);

export const messagesRequestSchema = sdk<MessageCreateParamsBase>()(
  z.strictObject({
    model: z.string().min(1),
    max_tokens: z.number().int().min(1),
    messages: z.array(message).min(1),
    cache_control: cacheControl.nullable().optional(),
    container: opaque<NonNullable<MessageCreateParamsBase['container']>>().nullable().optional(),
    diagnostics: opaque<NonNullable<MessageCreateParamsBase['diagnostics']>>().nullable().optional(),
    inference_geo: z.string().nullable().optional(),
    metadata: opaque<NonNullable<MessageCreateParamsBase['metadata']>>().optional(),
    output_config: opaque<NonNullable<MessageCreateParamsBase['output_config']>>().optional(),
    service_tier: z.enum(['auto', 'standard_only']).optional(),
    speed: z.enum(['standard', 'fast']).nullable().optional(),
    stop_sequences: z.array(z.string()).optional(),
    stream: z.boolean().optional(),
    system: z.union([z.string(), z.array(textBlock)]).optional(),
    thinking: opaque<NonNullable<MessageCreateParamsBase['thinking']>>().optional(),
    tool_choice: toolChoice.optional(),
    tools: z.array(tool).optional(),
    user_profile_id: z.string().optional(),
    workspace_id: z.string().optional(),
  }),
);

type Block = { type: string; [key: string]: any };
const blocksOf = (m: { content: string | Block[] }): Block[] => (typeof m.content === 'string' ? [] : m.content);

/** The rules the API states beyond the types; the first broken one, as the API words it, or null. */
function conversationProblem(body: z.output<typeof messagesRequestSchema>): string | null {
  const messages = body.messages as { role: string; content: string | Block[] }[];
  if (messages[0]!.role !== 'user') return 'messages.0.role: the first message must use the "user" role';
  for (const [i, m] of messages.entries()) {
    const blocks = blocksOf(m);
    const previous = i > 0 ? messages[i - 1]! : undefined;
    const asked = previous?.role === 'assistant' ? blocksOf(previous).filter((b) => b.type === 'tool_use') : [];
    const results = blocks.filter((b) => b.type === 'tool_result');
    if (m.role === 'user') {
      const firstOther = blocks.findIndex((b) => b.type !== 'tool_result');
      const lastResult = blocks.findLastIndex((b) => b.type === 'tool_result');
      if (firstOther >= 0 && firstOther < lastResult)
        return `messages.${i}.content: tool_result blocks must come first in the content array, before any other block`;
      for (const r of results)
        if (!asked.some((u) => u.id === r.tool_use_id))
          return `messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${r.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
    const unanswered = asked.filter((u) => !(m.role === 'user' && results.some((r) => r.tool_use_id === u.id)));
    if (unanswered.length > 0)
      return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.map((u) => u.id).join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  const last = messages.at(-1)!;
  const pending = last.role === 'assistant' ? blocksOf(last).filter((b) => b.type === 'tool_use') : [];
  if (pending.length > 0)
    return `messages.${messages.length - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${pending.map((u) => u.id).join(', ')}.`;
  const searchResults = messages.flatMap((m) =>
    blocksOf(m).flatMap((b) => [
      ...(b.type === 'search_result' ? [b] : []),
      ...(b.type === 'tool_result' && Array.isArray(b.content)
        ? b.content.filter((c: Block) => c.type === 'search_result')
        : []),
    ]),
  );
  const cited = new Set(searchResults.map((r) => r.citations?.enabled === true));
  if (cited.size > 1) return 'Citations must be either all enabled or all disabled across search results in a request.';
  return null;
}

/** Inside "string or blocks" unions: the branch that got furthest, so the message names the field at fault. */
function deepestIssue(issue: z.core.$ZodIssue, at: PropertyKey[]): { path: PropertyKey[]; message: string } {
  const path = [...at, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path, message: issue.message };
  const found = issue.errors.flatMap((branch) => branch.map((i) => deepestIssue(i, path)));
  return found.sort((a, b) => b.path.length - a.path.length)[0] ?? { path, message: issue.message };
}

/** Null for a request the API would take; else the message of its 400 (the first fault found). */
export function messagesRequestProblem(body: unknown): string | null {
  const parsed = messagesRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { path, message } = deepestIssue(parsed.error.issues[0]!, []);
    return `${path.length ? `${path.join('.')}: ` : ''}${message}`;
  }
  return conversationProblem(parsed.data);
}
