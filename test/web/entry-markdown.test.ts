// An entry's Markdown in the web view, as capture and import store it (Telegram's bold, italic, code, strikethrough
// and text links; Day One's task lists): formatted, and nothing in it can run, load or link anywhere: a
// `javascript:` link, raw HTML and an image stay inert text.
import { describe, expect, it } from 'vitest';
import { entryMarkdown } from '../../src/web/entry-markdown.ts';

const rendered = (text: string) => entryMarkdown(text).text;

describe("an entry's Markdown", () => {
  it('formats bold, italic, code, code blocks, strikethrough and task lists with their state', () => {
    expect(rendered('**bold** _italic_ `code` ~~gone~~')).toBe(
      '<p><strong>bold</strong> <em>italic</em> <code>code</code> <del>gone</del></p>',
    );
    expect(rendered('```\nlet a = 1 < 2;\n```')).toBe('<pre><code>let a = 1 &lt; 2;\n</code></pre>');
    expect(rendered('- [ ] buy bread\n- [x] call Ana')).toBe(
      '<ul>\n<li><span class="task">☐</span> buy bread</li>\n<li><span class="task">☑</span> call Ana</li>\n</ul>',
    );
  });

  it('shows a link as its text with an http(s) address beside it, and never as a link', () => {
    expect(rendered('[the river](https://example.com/river)')).toBe(
      '<p><span class="link">the river</span> <span class="address">(https://example.com/river)</span></p>',
    );
    expect(rendered('[x](javascript:alert(1))')).toBe('<p><span class="link">x</span></p>');
  });

  it('keeps raw HTML, script, event handlers and images inert: text, never markup', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">click</a>',
      '[x](javascript:alert(1) "t")',
      '![a cat](javascript:alert(1))',
      '<iframe src="https://evil.example"></iframe>',
      '**<b onclick="alert(1)">bold</b>**',
      '[<img src=x onerror=alert(1)>](https://example.com)',
      '<svg onload=alert(1)>',
    ].join('\n\n');
    const html = rendered(hostile);
    // No tag but the formatting ones, no attribute but a class, no address that is not shown as text.
    const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
    for (const [, name, attributes] of tags) {
      expect(['p', 'br', 'strong', 'span', 'em']).toContain(name);
      expect(attributes).toMatch(/^( class="(link|address|image|task)")?$/);
    }
    expect(html).not.toMatch(/<(script|img|a|iframe|svg|b)\b/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<span class="image">[a cat]</span>');
  });
});
