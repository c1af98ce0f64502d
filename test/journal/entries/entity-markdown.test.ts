// Telegram's entities as the Markdown an entry keeps: each kind, nesting and overlap, UTF-16 offsets, and escaping
// only where plain text would otherwise turn into formatting (checked by parsing the result as the web view does).
import { describe, expect, it } from 'vitest';
import { marked } from 'marked';
import { markdownOf, shiftEntities } from '../../../src/journal/entries/entity-markdown.ts';
import { escapeMarkdown } from '../../../src/journal/entries/markdown-escape.ts';

const html = (markdown: string) => marked.parse(markdown, { gfm: true, async: false }).trim();

describe('markdownOf', () => {
  it('writes each kind of formatting as Markdown', () => {
    expect(markdownOf('a bold b', [{ type: 'bold', offset: 2, length: 4 }])).toBe('a **bold** b');
    expect(markdownOf('an italic word', [{ type: 'italic', offset: 3, length: 6 }])).toBe('an _italic_ word');
    expect(markdownOf('run ls now', [{ type: 'code', offset: 4, length: 2 }])).toBe('run `ls` now');
    expect(markdownOf('no more', [{ type: 'strikethrough', offset: 0, length: 2 }])).toBe('~~no~~ more');
    expect(markdownOf('see example', [{ type: 'text_link', offset: 4, length: 7, url: 'http://example.com/' }])).toBe(
      'see [example](http://example.com/)',
    );
    expect(markdownOf('x\nlet a = 1;\ny', [{ type: 'pre', offset: 2, length: 10, language: 'js' }])).toBe(
      'x\n```js\nlet a = 1;\n```\ny',
    );
    expect(markdownOf('said\nthis\nthen', [{ type: 'blockquote', offset: 5, length: 4 }])).toBe('said\n> this\n\nthen');
  });

  it('keeps only the words of underline, spoiler, mentions and the like', () => {
    const text = 'under secret @me #tag';
    expect(
      markdownOf(text, [
        { type: 'underline', offset: 0, length: 5 },
        { type: 'spoiler', offset: 6, length: 6 },
        { type: 'mention', offset: 13, length: 3 },
        { type: 'hashtag', offset: 17, length: 4 },
      ]),
    ).toBe(text);
  });

  it('counts offsets in UTF-16 units, as Telegram does (an emoji is two)', () => {
    const text = '😀👍🏽 great day';
    expect(markdownOf(text, [{ type: 'bold', offset: 7, length: 5 }])).toBe('😀👍🏽 **great** day');
  });

  it('nests entities inside each other and cuts overlapping ones so the Markdown nests', () => {
    expect(
      markdownOf('bold and italic', [
        { type: 'bold', offset: 0, length: 15 },
        { type: 'italic', offset: 9, length: 6 },
      ]),
    ).toBe('**bold and _italic_**');
    const overlap = markdownOf('overlap here now', [
      { type: 'bold', offset: 0, length: 12 },
      { type: 'italic', offset: 8, length: 8 },
    ]);
    expect(overlap).toBe('**overlap _here_** _now_');
    expect(html(overlap)).toBe('<p><strong>overlap <em>here</em></strong> <em>now</em></p>');
    // A bold link, and nothing formats inside code.
    expect(
      markdownOf('a link', [
        { type: 'text_link', offset: 2, length: 4, url: 'https://x.org' },
        { type: 'bold', offset: 2, length: 4 },
      ]),
    ).toBe('a [**link**](https://x.org)');
    expect(
      markdownOf('x*y', [
        { type: 'code', offset: 0, length: 3 },
        { type: 'bold', offset: 1, length: 1 },
      ]),
    ).toBe('`x*y`');
  });

  it('moves spaces out of emphasis, uses * inside a word, and fences code holding backticks', () => {
    expect(markdownOf('a bold b', [{ type: 'bold', offset: 1, length: 6 }])).toBe('a **bold** b');
    expect(markdownOf('unbelievable', [{ type: 'italic', offset: 2, length: 6 }])).toBe('un*believ*able');
    expect(html('un*believ*able')).toBe('<p>un<em>believ</em>able</p>');
    expect(markdownOf('use `x` here', [{ type: 'code', offset: 4, length: 3 }])).toBe('use `` `x` `` here');
  });

  it('writes a link whose address holds spaces or brackets so it still parses, and drops a link that is its address', () => {
    const md = markdownOf('wiki', [{ type: 'text_link', offset: 0, length: 4, url: 'https://e.org/a_(b) c' }]);
    expect(md).toBe('[wiki](https://e.org/a_%28b%29%20c)');
    expect(html(md)).toContain('href="https://e.org/a_%28b%29%20c"');
    expect(markdownOf('http://a.b', [{ type: 'text_link', offset: 0, length: 10, url: 'http://a.b' }])).toBe(
      'http://a.b',
    );
  });

  it('ignores entities outside the text or malformed', () => {
    expect(markdownOf('short', [{ type: 'bold', offset: 3, length: 99 }])).toBe('sho**rt**');
    expect(markdownOf('short', [{ type: 'bold', offset: 1.5, length: 2 }])).toBe('short');
  });

  it('shifts entities left when a leading character is dropped', () => {
    expect(shiftEntities([{ type: 'bold', offset: 3, length: 2 }], -1)).toEqual([
      { type: 'bold', offset: 2, length: 2 },
    ]);
    expect(shiftEntities([{ type: 'bold', offset: 0, length: 1 }], -1)).toEqual([]);
  });
});

describe('escapeMarkdown', () => {
  it('leaves text alone where Markdown would read it as text anyway', () => {
    for (const text of [
      'snake_case_name',
      '2 * 3 = 6',
      '[photo] by the river',
      '- milk\n- eggs',
      'a ~ b',
      '#tag first',
    ])
      expect(escapeMarkdown(text)).toBe(text);
  });

  it('escapes what would otherwise become formatting, so the words show as typed', () => {
    const cases: [string, string][] = [
      ['2*3*4', '2\\*3\\*4'],
      ['_init_', '\\_init\\_'],
      ['a `b` c', 'a \\`b\\` c'],
      ['~~gone~~', '\\~\\~gone\\~\\~'],
      ['[a](b)', '[a\\](b)'],
      ['# not a heading', '\\# not a heading'],
      ['Title\n---', 'Title\n\\---'],
      ['&amp;', '\\&amp;'],
      ['C:\\*.txt', 'C:\\\\*.txt'],
      ['2*3*4 = 24', '2\\*3\\*4 = 24'],
    ];
    for (const [plain, escaped] of cases) {
      expect(escapeMarkdown(plain)).toBe(escaped);
      // Rendered, the escaped text is exactly the words typed: no tag but the paragraph.
      expect(
        html(escaped)
          .replace(/<\/?p>/g, '')
          .replace(/<br>/g, ''),
      ).not.toMatch(/<(?!\/?p>)/);
    }
  });
});

describe('properties (seeded, as the web view parses the result)', () => {
  const words = (markdown: string) =>
    (marked.parseInline(markdown, { gfm: true }) as string)
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  it('escaped plain text shows exactly the characters typed', () => {
    // No `<`: raw HTML is Markdown too, but the web view shows it as the text it is.
    const alphabet = 'ab1  *_`~[]()#&\\-=!.:|"\'{}+';
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 20) }, () => pick([...alphabet])).join('');
      expect(words(escapeMarkdown(text)), JSON.stringify(text)).toBe(text);
    }
  });

  it('formatted words, however they touch, show exactly the words typed', () => {
    const pieces = [
      'river',
      'walk',
      '😀',
      '2*3',
      'snake_case',
      '_x_',
      '~',
      '[a]',
      '(b)',
      '#tag',
      '&amp;',
      'a\\b',
      '`q`',
    ];
    const types = ['bold', 'italic', 'strikethrough', 'code', 'text_link', 'underline'];
    for (let n = 0; n < 3000; n++) {
      const chosen = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(pieces));
      const text = chosen.join(' ');
      const starts = chosen.map((_, i) => chosen.slice(0, i).join(' ').length + (i > 0 ? 1 : 0));
      const entities = [];
      for (let i = 0; i < chosen.length;) {
        const j = Math.min(chosen.length, i + 1 + Math.floor(random() * 3));
        const end = starts[j - 1]! + chosen[j - 1]!.length;
        if (random() < 0.5)
          entities.push({ type: pick(types), offset: starts[i]!, length: end - starts[i]!, url: 'https://x.y/' });
        i = j + (random() < 0.5 ? 0 : 1);
      }
      expect(words(markdownOf(text, entities)), JSON.stringify({ text, entities })).toBe(text);
    }
  });
});
