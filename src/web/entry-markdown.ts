/**
 * An entry's Markdown as formatted HTML, safely: marked reads the Markdown (GitHub's flavour, a line break where the
 * owner pressed Enter), raw HTML in an entry is shown as the text it is, never markup, and sanitize-html then keeps
 * only a short list of formatting tags without attributes, so nothing an entry holds can run, load or style
 * anything. Links stay text with their address beside them (the pages link only to themselves; a `javascript:` or
 * other address is not shown at all); images, which the CSP would not load anyway, become their description; a task
 * list's boxes become ☐ and ☑.
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml, Html } from './html.ts';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    // A task list's box (`- [ ]`, `- [x]`) as a symbol: an <input> would be escaped to text by the cleaning below.
    checkbox: (token: Tokens.Checkbox) => `<span class="task">${token.checked ? '☑' : '☐'}</span> `,
    image: (token: Tokens.Image) => (token.text ? `<span class="image">[${escapeHtml(token.text)}]</span>` : ''),
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const shown =
        /^(https?|mailto):/i.test(token.href) && token.href !== token.text
          ? ` <span class="address">(${escapeHtml(token.href)})</span>`
          : '';
      return `<span class="link">${text}</span>${shown}`;
    },
    // A heading inside an entry is one step below the page's own headings.
    heading(token: Tokens.Heading) {
      const level = Math.min(6, token.depth + 2);
      return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
    },
  },
});

/** `text` (an entry's Markdown) as sanitised HTML. */
export function entryMarkdown(text: string): Html {
  const rendered = (marked.parse(text) as string).trim();
  return new Html(
    sanitizeHtml(rendered, {
      allowedTags: ALLOWED_TAGS,
      allowedAttributes: { span: ['class'] },
      allowedClasses: { span: ['image', 'link', 'address', 'task'] },
      disallowedTagsMode: 'escape',
    }),
  );
}
