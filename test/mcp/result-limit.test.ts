// The last guard on a tool result's size: whole when it fits, else cut with a note saying how to ask for less.
import { describe, expect, it } from 'vitest';
import { MAX_RESULT_CHARS, withinResultLimit } from '../../src/mcp/result-limit.ts';

describe('withinResultLimit', () => {
  it('keeps a result that fits as it is', () => {
    const text = 'x'.repeat(MAX_RESULT_CHARS);
    expect(withinResultLimit(text)).toBe(text);
  });

  it('cuts a longer one to the limit, its start kept and a note on how to narrow at the end', () => {
    const text = 'y'.repeat(MAX_RESULT_CHARS + 5);
    const cut = withinResultLimit(text);
    expect(cut.length).toBe(MAX_RESULT_CHARS);
    expect(text.startsWith(cut.slice(0, cut.indexOf('\n[')))).toBe(true);
    expect(cut).toMatch(
      new RegExp(
        `\\[Result cut at ${MAX_RESULT_CHARS} of ${MAX_RESULT_CHARS + 5} characters\\. Narrow the view first \\(getDateRangeView, search\\) or page with limit and offset\\.\\]$`,
      ),
    );
  });
});
