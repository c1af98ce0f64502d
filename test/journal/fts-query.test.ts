// The model's search text becomes quoted FTS5 words: operators and punctuation never reach SQLite as syntax.
import { describe, expect, it } from 'vitest';
import { combinedFtsQuery, toFtsQuery } from '../../src/journal/fts-query.ts';

describe('toFtsQuery', () => {
  it('quotes every word, so all of them must appear', () => {
    expect(toFtsQuery('coffee with Ana')).toBe('"coffee" "with" "Ana"');
  });

  it('drops double quotes and keeps apostrophes inside the quoted word', () => {
    expect(toFtsQuery(`don't "x`)).toBe(`"don't" "x"`);
  });

  it('reads AND, NOT and NEAR as plain words', () => {
    expect(toFtsQuery('AND')).toBe('"AND"');
    expect(toFtsQuery('NOT rain')).toBe('"NOT" "rain"');
    expect(toFtsQuery('NEAR(a b)')).toBe('"NEAR(a" "b)"');
  });

  it('keeps OR between two words and a trailing * as a prefix', () => {
    expect(toFtsQuery('tea OR coffee milk')).toBe('("tea") OR ("coffee" "milk")');
    expect(toFtsQuery('rain*')).toBe('"rain"*');
  });

  it('reads OR alone or at an edge as the word "or"', () => {
    expect(toFtsQuery('OR')).toBe('"OR"');
    expect(toFtsQuery('coffee OR')).toBe('"coffee" "OR"');
  });

  it('returns null for text without a letter or digit', () => {
    for (const text of ['', '   ', '""', '*', '- ( )']) expect(toFtsQuery(text)).toBeNull();
  });
});

describe('combinedFtsQuery', () => {
  it('ANDs the searches of a view', () => {
    expect(combinedFtsQuery(['coffee', 'tea OR rain'])).toBe('("coffee") AND (("tea") OR ("rain"))');
    expect(combinedFtsQuery(undefined)).toBeNull();
  });
});
