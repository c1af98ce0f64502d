// Citable passages are bounded with the value they were moved out of: the text still counts against the limit, and
// each kept item keeps its own passage.
import { describe, expect, it } from 'vitest';
import { boundWithCitable, DEFAULT_RESULT_LIMIT } from '../../src/objects/bound-result.ts';

const passage = (i: number, chars: number) => ({
  source: `journal://entry/${i}`,
  title: `2024-04-0${i % 9} 08:00`,
  text: 'x'.repeat(chars),
});

describe('boundWithCitable', () => {
  it('passes a small list and its passages through untouched', () => {
    const value = [{ id: 1 }, { id: 2 }];
    const citable = [passage(1, 10), passage(2, 10)];
    const bounded = boundWithCitable(value, citable);
    expect(bounded.value).toBe(value);
    expect(bounded.citable).toBe(citable);
  });

  it('cuts a list whose passages are too long together, keeping each item with its passage and saying how to page', () => {
    const value = Array.from({ length: 20 }, (_, i) => ({ id: i }));
    const citable = value.map((v) => passage(v.id, 2_000));
    const bounded = boundWithCitable(value, citable, DEFAULT_RESULT_LIMIT, 'Page with offset.');
    const cut = bounded.value as {
      truncated: boolean;
      total: number;
      shown: number;
      items: { id: number }[];
      note: string;
    };
    expect(cut).toMatchObject({ truncated: true, total: 20 });
    expect(cut.shown).toBeGreaterThan(0);
    expect(cut.shown).toBeLessThan(8);
    expect(cut.note).toContain('Page with offset.');
    expect(bounded.citable.map((c) => c.source)).toEqual(cut.items.map((item) => `journal://entry/${item.id}`));
    expect(JSON.stringify(bounded).length).toBeLessThan(DEFAULT_RESULT_LIMIT + 500);
  });

  it('drops the passages of a single value too big to send whole (the value is then cut as text)', () => {
    const bounded = boundWithCitable({ id: 1 }, [passage(1, DEFAULT_RESULT_LIMIT)]);
    expect(bounded.value).toEqual({ id: 1 });
    expect(bounded.citable).toEqual([]);
  });
});
