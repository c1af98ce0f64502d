/**
 * The model's Markdown as Telegram formatting: marked parses it, @grammyjs/parse-mode builds text + entities (so
 * nothing needs escaping and a message's length is its text's length), and messages are cut between whole blocks.
 */
import { FormattedString as F } from '@grammyjs/parse-mode';
import { Lexer, type Token, type Tokens } from 'marked';
import { TELEGRAM_TEXT_LIMIT } from './reply.ts';

/** Links Telegram opens; anything else (javascript:, relative paths) stays as its text. */
const LINKABLE = /^(https?:|tg:|mailto:)/i;

const plain = (text: string) => new F(text);

function inline(tokens: Token[] | undefined, fallback = ''): F {
  if (!tokens) return plain(fallback);
  return F.join(tokens.map(inlineToken));
}

function inlineToken(token: Token): F {
  switch (token.type) {
    case 'text':
      return 'tokens' in token && token.tokens ? inline(token.tokens) : plain(token.text);
    case 'strong':
      return F.bold(inline(token.tokens, token.text));
    case 'em':
      return F.italic(inline(token.tokens, token.text));
    case 'del':
      return F.strikethrough(inline(token.tokens, token.text));
    case 'codespan':
      return F.code(token.text);
    case 'link': {
      const text = inline(token.tokens, token.text);
      return LINKABLE.test(token.href) ? F.link(text, token.href) : text;
    }
    case 'image':
      return plain(token.text || token.href);
    case 'br':
      return plain('\n');
    case 'escape':
      return plain(token.text);
    default:
      return plain(token.raw ?? '');
  }
}

function list(token: Tokens.List, depth: number): F {
  const indent = '   '.repeat(depth);
  const start = typeof token.start === 'number' ? token.start : 1;
  const items = token.items.map((item, i) => {
    const marker = token.ordered ? `${start + i}. ` : item.task ? (item.checked ? '☑ ' : '☐ ') : '• ';
    const parts = item.tokens.map((t) => block(t, depth + 1)).filter((b): b is F => b !== null);
    return F.join([plain(indent + marker), F.join(parts, '\n')]);
  });
  return F.join(items, token.loose ? '\n\n' : '\n');
}

function block(token: Token, depth = 0): F | null {
  switch (token.type) {
    case 'space':
      return null;
    case 'paragraph':
    case 'text':
      return inline('tokens' in token ? token.tokens : undefined, token.text);
    case 'heading':
      return F.bold(inline(token.tokens, token.text));
    case 'list':
      return list(token as Tokens.List, depth);
    case 'code':
      return F.pre(token.text, token.lang || undefined);
    case 'blockquote':
      return F.blockquote(
        F.join(
          (token.tokens ?? []).map((t) => block(t, depth)).filter((b): b is F => b !== null),
          '\n',
        ),
      );
    case 'hr':
      return plain('———');
    case 'table':
      // Telegram has no tables; monospace keeps the columns readable.
      return F.pre(token.raw.trim());
    default:
      return plain((token.raw ?? '').trim());
  }
}

/** The top-level blocks of a Markdown text, each already formatted. */
export function markdownBlocks(markdown: string): F[] {
  return new Lexer({ gfm: true })
    .lex(markdown)
    .map((t) => block(t))
    .filter((b): b is F => b !== null && b.text.trim() !== '');
}

/** Where to cut a block too long for one message: the last blank line, line break or space in its second half, else a hard cut. */
function cutAt(text: string, limit: number): { at: number; skip: number } {
  for (const sep of ['\n\n', '\n', ' ']) {
    const at = text.lastIndexOf(sep, limit - sep.length);
    if (at >= limit / 2) return { at, skip: sep.length };
  }
  const code = text.charCodeAt(limit - 1);
  return { at: code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit, skip: 0 }; // never between the halves of an emoji
}

/** Messages of at most `limit` characters, cut between blocks; only a block longer than a message is cut inside. */
export function formatMarkdown(markdown: string, limit = TELEGRAM_TEXT_LIMIT): F[] {
  const pieces: F[] = [];
  for (let rest of markdownBlocks(markdown)) {
    while (rest.text.length > limit) {
      const { at, skip } = cutAt(rest.text, limit);
      pieces.push(rest.slice(0, at));
      rest = rest.slice(at + skip);
    }
    pieces.push(rest);
  }
  const messages: F[] = [];
  for (const piece of pieces) {
    const last = messages.at(-1);
    if (last && last.text.length + 2 + piece.text.length <= limit)
      messages[messages.length - 1] = F.join([last, piece], '\n\n');
    else messages.push(piece);
  }
  return messages.length ? messages : [plain(markdown.trim() || markdown)];
}
