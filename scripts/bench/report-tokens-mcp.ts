/** The MCP part of the tokens section: the same questions, counted on what an MCP client receives. */
import { num, share, table } from './markdown.ts';
import type { McpQuestionTokens, McpTokens } from './tokens-mcp.ts';
import type { SizeTokens } from './tokens.ts';
import { median } from './timing.ts';

const countIds = (s: SizeTokens) => new Set(s.questions.filter((q) => q.kind === 'count').map((q) => q.id));
type WithMcp = SizeTokens & { mcp: McpTokens };
const mcpCounts = (s: WithMcp): McpQuestionTokens[] => s.mcp.questions.filter((q) => countIds(s).has(q.id));
const pasteOf = (s: SizeTokens, id: string) => s.questions.find((q) => q.id === id)?.pasteAll ?? Number.NaN;

/** Empty for results saved before the MCP path existed (`--from-results`). */
export function mcpTokensPart(all: SizeTokens[]): string {
  const sizes = all.filter((s): s is WithMcp => s.mcp !== undefined);
  if (sizes.length === 0) return '';
  const rows = sizes.map((s) => {
    const counts = mcpCounts(s);
    const botCounts = s.questions.filter((q) => countIds(s).has(q.id));
    return [
      num(s.size),
      num(s.mcp.instructions),
      num(s.mcp.tools),
      num(median(counts.map((q) => q.peak))),
      num(Math.max(...counts.map((q) => q.peak))),
      num(median(s.mcp.questions.map((q) => q.total))),
      num(median(s.mcp.questions.map((q) => q.totalCached))),
      share(median(s.mcp.questions.map((q) => q.total / pasteOf(s, q.id)))),
      num(median(botCounts.map((q) => q.peak))),
      `${s.mcp.questions.filter((q) => q.correct).length} of ${s.mcp.questions.length}`,
    ];
  });
  const wrong = sizes.flatMap((s) =>
    s.mcp.questions
      .filter((q) => !q.correct)
      .map((q) => `${num(s.size)}: ${q.id} (${q.errors.join('; ').slice(0, 120)})`),
  );
  return [
    "**Through MCP** (`npm run mcp`): the same scripted questions, played by the official MCP client (`@modelcontextprotocol/client`) against the server `npm run mcp` builds (`createObjectsServer` from src/mcp, the same tools and result text as the bot; connected by the SDK's in-memory transport so handle ids repeat). " +
      "Counted is what the client receives and a host puts before its model: the server's instructions as the system part (they carry the `journal` interface, which the bot puts in the question turn instead), the five tools as listed (name, description, input schema), the question as typed, every call and every result exactly as received. " +
      "The host's own system prompt and tools are not counted; they are the same whatever the server.",
    '',
    table(
      [
        'entries',
        'instructions',
        'tool definitions (5)',
        'peak, count (median)',
        'peak, count (max)',
        'total',
        'total, cached',
        'total / paste all',
        'bot: peak, count (median)',
        '= SQL',
      ],
      rows,
    ),
    ...(wrong.length ? ['', `Answers that differ from SQL: ${wrong.join('; ')}`] : []),
  ].join('\n');
}
