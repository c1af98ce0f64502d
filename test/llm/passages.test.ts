// Passages (an entry's text moved out of a tool result's JSON) as each kind of endpoint keeps them: citable search
// results for Anthropic's API, text blocks for a Messages-compatible one; never an empty passage; and an answer's
// /entry_<id> references mapped back to the passages sent, in the order written.
import { describe, expect, it } from 'vitest';
import { referencedSources } from '../../src/llm/cited-sources.ts';
import { toolResultContent, TEXT_PASSAGES_NOTE } from '../../src/llm/tool-result-content.ts';
import { entryPassage, NO_TEXT_PASSAGE } from '../../src/journal/views/entry-citations.ts';

const view = {};
const passages = [
  entryPassage({ id: 1, time: '08:00', content: 'Lake <walk> & "talk"' }, '2024-04-01', view),
  entryPassage({ id: 12, time: '09:00', content: '' }, '2024-04-02', view),
];
const output = { text: '{"value":[{"id":1},{"id":12}]}', images: [], citable: passages };

describe('passages', () => {
  it('go as citable search results by default, an entry without words named, never empty', () => {
    const content = toolResultContent(output) as any[];
    expect(content.map((b) => b.type)).toEqual(['text', 'search_result', 'search_result']);
    expect(content[2]).toMatchObject({
      source: 'journal://entry/12',
      content: [{ type: 'text', text: NO_TEXT_PASSAGE }],
      citations: { enabled: true },
    });
  });

  it('go as text blocks for an endpoint that drops search results, their words escaped inside the framing', () => {
    const content = toolResultContent(output, 'text') as any[];
    expect(content.map((b) => b.type)).toEqual(['text', 'text', 'text', 'text']);
    expect(content[1].text).toBe(TEXT_PASSAGES_NOTE);
    expect(content[2].text).toBe(
      '<passage source="journal://entry/1" title="2024-04-01 08:00" cite-as="/entry_1">\nLake &lt;walk> &amp; "talk"\n</passage>',
    );
    expect(content[3].text).toContain(NO_TEXT_PASSAGE);
  });

  it("an answer's references name the passages, in the order written, each once; /entry_1 is not /entry_12", () => {
    expect(referencedSources('Twice: /entry_12, then /entry_1 and /entry_12 again.', passages)).toEqual([
      { source: 'journal://entry/12', title: '2024-04-02 09:00' },
      { source: 'journal://entry/1', title: '2024-04-01 08:00' },
    ]);
    expect(referencedSources('Only /entry_12.', passages).map((s) => s.source)).toEqual(['journal://entry/12']);
    expect(referencedSources('Nothing cited, /entry_123 unknown.', passages)).toEqual([]);
  });
});
