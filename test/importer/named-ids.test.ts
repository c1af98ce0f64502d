// The one wording of a skip's ids (both import summaries) and the workers' one back-off (downloads, transcriptions).
import { describe, expect, it } from 'vitest';
import { namedIds } from '../../src/importer/named-ids.ts';
import { retryBackoffMs } from '../../src/journal/media/job-loop.ts';
import { downloadRetryMs } from '../../src/journal/media/media-downloads.ts';
import { retryDelayMs } from '../../src/journal/media/transcription-jobs.ts';

const messages = { one: 'message', many: 'messages' };

describe('namedIds', () => {
  it('names one id, a few, or the first few and how many more', () => {
    expect(namedIds([], 0, messages)).toBe('');
    expect(namedIds([700], 1, messages)).toBe(' (message 700)');
    expect(namedIds([3, 9], 2, messages)).toBe(' (messages 3 and 9)');
    expect(namedIds(['a', 'b', 'c'], 3, { one: 'entry', many: 'entries' })).toBe(' (entries a, b and c)');
    expect(namedIds([3, 9], 42, messages)).toBe(' (messages 3, 9 and 40 more)');
    expect(namedIds([5], 2, messages)).toBe(' (messages 5 and 1 more)');
  });
});

describe('retryBackoffMs', () => {
  it('doubles from the first pause up to 6 hours, for both workers', () => {
    expect([1, 2, 3].map((n) => retryBackoffMs(n, 1_000))).toEqual([1_000, 2_000, 4_000]);
    expect(retryBackoffMs(0, 1_000)).toBe(1_000);
    expect(retryBackoffMs(40, 1_000)).toBe(6 * 3_600_000);
    expect([1, 2, 30].map(downloadRetryMs)).toEqual([5_000, 10_000, 6 * 3_600_000]);
    expect([1, 2, 30].map(retryDelayMs)).toEqual([60_000, 120_000, 6 * 3_600_000]);
  });
});
