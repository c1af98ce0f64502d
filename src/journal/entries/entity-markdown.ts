/**
 * A message's text with its formatting (Telegram's entities: UTF-16 offsets, as JavaScript strings count) as the
 * Markdown an entry keeps: bold `**`, italic `_` (`*` inside a word), strikethrough `~~`, code in backticks, pre in
 * fences with its language, a text link `[text](url)`, a quote as `> ` lines. Underline and spoiler have no Markdown
 * and keep only their words; mentions, hashtags, URLs and the rest are words already. Entities that overlap without
 * one holding the other are cut at the outer one's end, so the Markdown nests; nothing formats inside code.
 */
import { escapeMarkdown } from './markdown-escape.ts';

/** A Telegram MessageEntity, or the same read from an export (only the fields used). */
export interface TextEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

type Kind = 'blockquote' | 'text_link' | 'bold' | 'italic' | 'strikethrough' | 'pre' | 'code';

/** Outermost first, for entities over the same words. */
const KIND_ORDER: readonly Kind[] = ['blockquote', 'text_link', 'bold', 'italic', 'strikethrough', 'pre', 'code'];
const KIND_OF: Record<string, Kind> = {
  bold: 'bold',
  italic: 'italic',
  strikethrough: 'strikethrough',
  code: 'code',
  pre: 'pre',
  text_link: 'text_link',
  blockquote: 'blockquote',
  expandable_blockquote: 'blockquote',
};
/** Kinds whose delimiters must touch words: spaces at their edges move outside. */
const TRIMMED = new Set<Kind>(['bold', 'italic', 'strikethrough', 'text_link']);

/** The range without spaces at its edges, for the kinds whose delimiters must touch words. */
function trimmed(text: string, kind: Kind, start: number, end: number): [number, number] {
  if (!TRIMMED.has(kind)) return [start, end];
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return [start, end];
}

interface Span {
  kind: Kind;
  start: number;
  end: number;
  url?: string;
  language?: string;
}

const order = (a: Span, b: Span) =>
  a.start - b.start || b.end - a.end || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);

/** The entities we render, inside the text, trimmed, without the empty. */
function spansOf(text: string, entities: readonly TextEntity[]): Span[] {
  const spans: Span[] = [];
  for (const e of entities) {
    const kind = KIND_OF[e.type];
    if (!kind || !Number.isInteger(e.offset) || !Number.isInteger(e.length)) continue;
    const [start, end] = trimmed(
      text,
      kind,
      whole(text, Math.max(0, e.offset)),
      whole(text, Math.min(text.length, e.offset + e.length)),
    );
    if (end <= start) continue;
    if (kind === 'text_link' && (typeof e.url !== 'string' || e.url === '' || e.url === text.slice(start, end)))
      continue; // a link whose words are its address is an address already
    spans.push({ kind, start, end, url: e.url, language: e.language });
  }
  return merged(spans.sort(order));
}

/** Spans of one kind (and address) that touch or overlap as one: `**a****b**` would not read as bold. */
function merged(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const same = out.find(
      (o) => o.kind === span.kind && o.url === span.url && o.end >= span.start && o.start <= span.end,
    );
    if (same) same.end = Math.max(same.end, span.end);
    else out.push({ ...span });
  }
  return out.sort(order);
}

/** An offset moved off the middle of a surrogate pair (an emoji's two halves stay together). */
function whole(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

interface Node extends Span {
  children: Node[];
}

/**
 * Spans as a tree: a span starting inside another and ending past it is cut in two at the other's end; nothing
 * nests inside code or pre, and no link inside a link.
 */
function nest(text: string, spans: Span[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  const queue = [...spans];
  while (queue.length > 0) {
    const span = queue.shift()!;
    while (stack.length > 0 && stack[stack.length - 1]!.end <= span.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && span.end > parent.end) {
      // Overlap: the part past the parent's end comes back as a span of its own.
      const [start, end] = trimmed(text, span.kind, parent.end, span.end);
      if (end > start) queue.push({ ...span, start, end });
      queue.sort(order);
      span.end = parent.end;
    }
    if (stack.some((s) => s.kind === 'code' || s.kind === 'pre')) continue;
    if (span.kind === 'text_link' && stack.some((s) => s.kind === 'text_link')) continue;
    const node: Node = { ...span, children: [] };
    (parent ? parent.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

/** A run of backticks longer than any inside `code`. */
function fenceFor(code: string, least: number): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(least, longest + 1));
}

/** A link's address as a Markdown destination: the characters that would end or break it percent-encoded. */
function destination(url: string): string {
  return url.replace(/[\s()<>\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function render(text: string, nodes: Node[], start: number, end: number, paired: boolean): string {
  let out = '';
  let at = start;
  for (const node of nodes) {
    out += escapeMarkdown(text, at, node.start, paired);
    out = wrap(text, node, out);
    at = node.end;
  }
  return out + escapeMarkdown(text, at, end, paired);
}

const PUNCTUATION = /[\p{P}\p{S}]/u;
const SPACE_OR_EDGE = (c: string | undefined) => c === undefined || /\s/u.test(c);

/**
 * Whether delimiters around text[start, end) can open and close there (CommonMark's flanking rules): an edge that is
 * punctuation inside needs a space or punctuation outside (`**"a"**b` is no emphasis). Where they cannot, the words
 * are kept without their formatting rather than shown with stray asterisks.
 */
function canDelimit(text: string, start: number, end: number): boolean {
  const [first, last, before, after] = [text[start], text[end - 1], text[start - 1], text[end]];
  // Content that starts or ends with a delimiter's own character (`~~~a~~`) would merge with it.
  if (/[*_~]/.test(first ?? '') || /[*_~]/.test(last ?? '')) return false;
  const opens = !PUNCTUATION.test(first ?? '') || SPACE_OR_EDGE(before) || PUNCTUATION.test(before!);
  const closes = !PUNCTUATION.test(last ?? '') || SPACE_OR_EDGE(after) || PUNCTUATION.test(after!);
  return opens && closes;
}

/** `before` (the Markdown so far) followed by the node's Markdown. */
function wrap(text: string, node: Node, before: string): string {
  const raw = text.slice(node.start, node.end);
  const inner = () => render(text, node.children, node.start, node.end, true);
  const wordAround = /[\p{L}\p{N}_]/u.test(text[node.start - 1] ?? '') || /[\p{L}\p{N}_]/u.test(text[node.end] ?? '');
  const emphasis = node.kind === 'bold' || node.kind === 'italic' || node.kind === 'strikethrough';
  if (emphasis && !canDelimit(text, node.start, node.end)) return `${before}${inner()}`;
  switch (node.kind) {
    case 'bold':
      return `${before}**${inner()}**`;
    case 'italic': {
      const mark = wordAround ? '*' : '_';
      return `${before}${mark}${inner()}${mark}`;
    }
    case 'strikethrough':
      return `${before}~~${inner()}~~`;
    case 'text_link':
      // Brackets inside a link's words would end it early or open another.
      return `${before}[${inner().replace(/(?<!\\)([[\]])/g, '\\$1')}](${destination(node.url!)})`;
    case 'code': {
      if (raw.trim() === '') return `${before}${raw}`; // a code span of spaces shows as nothing
      const fence = fenceFor(raw, 1);
      const pad = raw.startsWith('`') || raw.endsWith('`') ? ' ' : '';
      return `${before}${fence}${pad}${raw}${pad}${fence}`;
    }
    case 'pre': {
      const fence = fenceFor(raw, 3);
      const language = /^[\w+#.-]{1,32}$/.test(node.language ?? '') ? node.language : '';
      const opening = before === '' || before.endsWith('\n') ? '' : '\n';
      const closing = text[node.end] === undefined || text[node.end] === '\n' ? '' : '\n';
      return `${before}${opening}${fence}${language}\n${raw.replace(/\n$/, '')}\n${fence}${closing}`;
    }
    case 'blockquote': {
      const opening = before === '' || before.endsWith('\n') ? '' : '\n';
      // A blank line after, or the next line would join the quote (Markdown's lazy continuation).
      const next = text.slice(node.end, node.end + 2);
      const closing = next === '' || next.startsWith('\n\n') ? '' : next.startsWith('\n') ? '\n' : '\n\n';
      const quoted = inner()
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
      return `${before}${opening}${quoted}${closing}`;
    }
  }
}

/** `text` with its entities as Markdown; with no formatting entities, the text escaped (see markdown-escape.ts). */
export function markdownOf(text: string, entities: readonly TextEntity[] | undefined): string {
  const nodes = nest(text, spansOf(text, entities ?? []));
  return render(text, nodes, 0, text.length, nodes.length > 0);
}

/** The entities of `text` moved `by` UTF-16 units (negative: left), those that fall off its start cut. */
export function shiftEntities(entities: readonly TextEntity[] | undefined, by: number): TextEntity[] {
  return (entities ?? []).flatMap((e) => {
    const start = Math.max(0, e.offset + by);
    const end = e.offset + e.length + by;
    return end > start ? [{ ...e, offset: start, length: end - start }] : [];
  });
}
