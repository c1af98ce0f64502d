/** The tokens section of BENCHMARKS.md: method, fixed overhead, growth with journal size, and every question. */
import { peakGrowth } from './aims.ts';
import { mcpTokensPart } from './report-tokens-mcp.ts';
import { num, percent, share, table, times } from './markdown.ts';
import { TOKENIZER_NAME } from './tokenizer.ts';
import { CACHE_READ_PRICE, type QuestionTokens, type SizeTokens } from './tokens.ts';
import { median } from './timing.ts';

export const CONTEXT_LIMIT = 200_000;

const over = (tokens: number) => (tokens > CONTEXT_LIMIT ? `${num(tokens)} ⚠` : num(tokens));
const counts = (s: SizeTokens) => s.questions.filter((q) => q.kind === 'count');
const med = (qs: QuestionTokens[], pick: (q: QuestionTokens) => number) => median(qs.map(pick));

function method(sizes: SizeTokens[]): string {
  const s = sizes[0]!;
  const prefix = s.system + s.tools;
  const sampled = sizes.filter((x) => x.paste.method === 'sampled');
  return [
    `Tokenizer: ${TOKENIZER_NAME}. It is Anthropic's legacy tokenizer, so every count is an approximation of what current models bill; the ratios between approaches are what matters.`,
    '',
    `Each question runs through the real question path (\`createQuestions(...).ask\`: @mention resolution, the injected interface of \`@journal\`, \`SYSTEM\` and \`TOOLS\` from src/llm, \`runToolLoop\`, the tool executor formatting every result) with the real Anthropic SDK pointed at the Messages API stand-in, which plays the scripted model turns: the calls a model would make, and a short text per turn. ` +
      'Every request body the SDK sent is tokenized: the system text, each tool as JSON (name, description, schema), and every message: text, tool calls (name + input JSON), tool results. ' +
      "Not counted: per-message framing, and the hidden tool-use system prompt the API adds to every request with tools (a few hundred tokens, per Anthropic's pricing docs; the same for any tool-using design). The scripted model does not think; Claude Sonnet 5.5 thinks by default, and thinking blocks sent back in later turns would add to the totals.",
    '',
    `- **Peak**: the largest single request (system, tools, injected interface, conversation so far). **Total**: summed over every request of the loop. **Cached**: the same sum with the system+tools prefix (${num(prefix)} tokens) read from cache at ${percent(CACHE_READ_PRICE, 0)} of the price on every request after the first (cache writes' premium ignored). ` +
      `The prefix alone is below the 1,024-token minimum a prompt must reach to be cached on Claude models (2,048–4,096 on some), so this discount is an upper bound; the loop also marks the whole conversation for caching, which only later turns are long enough to use.`,
    `- **Paste all**: one request with every entry as \`date time\\ncontent\` (the title is the content's first line), a one-line instruction and the question. ${sampled.length ? `At ${sampled.map((x) => num(x.size)).join(', ')} entries it is extrapolated from a systematic sample (every k-th entry, ${num(sampled[0]!.paste.sampled)} entries): tokens per character × all characters.` : 'Every entry is tokenized.'} ⚠ marks a request over ${num(CONTEXT_LIMIT)} tokens.`,
    '- **BM25 top 20**: the question\'s content words (stop words dropped, no dates or rewriting), OR-ed, as an FTS5 query; the 20 best entries by `rank` are pasted with the instruction and the question. "Could answer" means the 20 include every entry the answer rests on (for a count over a month: every entry of the month).',
    '- **= SQL**: the scripted answer, read from the tool results, equals the ground truth computed directly in SQL (words matched with LIKE, not FTS).',
  ].join('\n');
}

function overhead(sizes: SizeTokens[]): string {
  const s = sizes[0]!;
  const turn = med(s.questions, (q) => q.questionTurn);
  return [
    "**The fixed overhead** decides the peak of simple questions: the system prompt, the tool definitions and the question turn (today's date, the injected interface of `@journal`, the question).",
    '',
    table(
      ['system prompt', 'tool definitions (5)', 'question turn (median)', 'first request (median)'],
      [[num(s.system), num(s.tools), num(turn), num(s.system + s.tools + turn)]],
    ),
  ].join('\n');
}

function overheadParts(s: SizeTokens): string {
  const rows = s.overhead.map((p) => [p.part, num(p.tokens)]);
  return [
    'Where those tokens go (first request; the injected interface line by line):',
    '',
    table(['part', 'tokens'], rows),
  ].join('\n');
}

function growth(sizes: SizeTokens[]): string {
  const columns = (s: SizeTokens): number[] => {
    const cq = counts(s);
    return [
      med(cq, (q) => q.peak),
      Math.max(...cq.map((q) => q.peak)),
      med(s.questions, (q) => q.peak),
      med(s.questions, (q) => q.total),
      med(s.questions, (q) => q.totalCached),
      med(s.questions, (q) => q.pasteAll),
      med(s.questions, (q) => q.bm25),
    ];
  };
  const rows = sizes.map((s) => {
    const cq = counts(s);
    const days = s.questions.find((q) => q.id === 'journal-span')?.truth as { days?: number } | undefined;
    return [
      num(s.size),
      days?.days ? num(s.size / days.days, 1) : 'n/a',
      num(med(cq, (q) => q.peak)),
      num(Math.max(...cq.map((q) => q.peak))),
      num(med(s.questions, (q) => q.peak)),
      num(med(s.questions, (q) => q.total)),
      num(med(s.questions, (q) => q.totalCached)),
      over(med(s.questions, (q) => q.pasteAll)),
      num(med(s.questions, (q) => q.bm25)),
      share(med(s.questions, (q) => q.total / q.pasteAll)),
      `${s.questions.filter((q) => q.bm25CanAnswer).length} of ${s.questions.length}`,
    ];
  });
  if (sizes.length > 1) {
    const first = columns(sizes[0]!);
    const last = columns(sizes.at(-1)!);
    rows.push([
      `growth ${num(sizes.at(-1)!.size)} / ${num(sizes[0]!.size)}`,
      '',
      ...first.map((v, i) => times(last[i]! / v)),
      '',
      '',
    ]);
  }
  const dense = sizes.filter((s) => s.size >= 250_000).map((s) => num(s.size));
  return [
    '**Growth with journal size** (medians over the questions; "count" = the count, range and date questions the aims are about). ' +
      `The generator spreads entries over at most ten years${dense.length ? `, so the ${dense.join(' and ')}-entry journals are stress sizes, far denser than anyone writes` : ''}. ` +
      'Most questions\' words (dates, "entries", "month") match no entry, so BM25 often pastes nothing at all; when it finds 20 entries they cost 500 to 1,000 tokens and still miss the answer.',
    '',
    table(
      [
        'entries',
        'entries/day',
        'peak, count (median)',
        'peak, count (max)',
        'peak, all',
        'total',
        'total, cached',
        'paste all',
        'BM25 top 20',
        'total / paste all',
        'BM25 could answer',
      ],
      rows,
    ),
  ].join('\n');
}

function perQuestion(s: SizeTokens): string {
  const rows = s.questions.map((q) => [
    q.id,
    q.kind,
    num(q.calls),
    num(q.requests),
    num(q.peak),
    num(q.total),
    num(q.totalCached),
    over(q.pasteAll),
    share(q.total / q.pasteAll),
    `${num(q.bm25)} (${q.bm25Retrieved})`,
    q.bm25CanAnswer ? 'yes' : `no (needs ${num(q.needed)})`,
    q.correct ? 'yes' : `**no** ${q.errors.join('; ').slice(0, 120)}`,
  ]);
  return [
    `**Per question at ${num(s.size)} entries** (journal ${s.anchors.first} to ${s.anchors.last}):`,
    '',
    table(
      [
        'question',
        'kind',
        'calls',
        'requests',
        'peak',
        'total',
        'cached',
        'paste all',
        'total / paste',
        'BM25 top 20 (entries)',
        'BM25 could answer',
        '= SQL',
      ],
      rows,
    ),
  ].join('\n');
}

function peakBySize(sizes: SizeTokens[]): string {
  const g = peakGrowth(sizes);
  const rows = sizes[0]!.questions.map((q) => [
    q.id,
    ...sizes.map((s) => num(s.questions.find((x) => x.id === q.id)?.peak ?? Number.NaN)),
    times(g.get(q.id)!),
  ]);
  return [
    '**Peak context by journal size**, per question. Count questions move numbers, so their peak stays put; content questions (`one-day`, `around-a-date`) move entries, so theirs follows what they return, up to the 16,000-character bound on one result.',
    '',
    table(['question', ...sizes.map((s) => num(s.size)), `${num(sizes.at(-1)!.size)} / ${num(sizes[0]!.size)}`], rows),
  ].join('\n');
}

function questionList(s: SizeTokens): string {
  return [
    "**The questions** (dates chosen from each journal's own data; here the " + num(s.size) + '-entry one):',
    '',
    ...s.questions.map((q) => `- \`${q.id}\`: ${q.text}`),
  ].join('\n');
}

export function tokensSection(sizes: SizeTokens[]): string {
  if (sizes.length === 0) return '';
  const parts = [
    '## 1. Tokens per question',
    '',
    method(sizes),
    '',
    overhead(sizes),
    '',
    overheadParts(sizes[0]!),
    '',
    growth(sizes),
    '',
    mcpTokensPart(sizes),
    '',
    perQuestion(sizes[0]!),
    '',
  ];
  if (sizes.length > 1) parts.push(peakBySize(sizes), '', perQuestion(sizes.at(-1)!), '');
  parts.push(questionList(sizes[0]!));
  return parts.join('\n');
}
