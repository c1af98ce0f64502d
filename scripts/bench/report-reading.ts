/** BENCHMARKS.md, section 5 and its aims: questions that need reading, ask against pasting and paging. */
import type { Aim } from './aims.ts';
import { num, share, table, times } from './markdown.ts';
import { BENCH_ASK_CAP, type ReadingSize } from './reading.ts';

export const READING_PEAK_AIM = 3_000;
export const READING_FLAT_AIM = 1.2;

export function readingAims(sizes: ReadingSize[]): Aim[] {
  if (sizes.length === 0) return [];
  const all = sizes.flatMap((s) => s.questions);
  const peak = Math.max(...all.map((q) => q.peak));
  const aims: Aim[] = [
    {
      aim: `Main-loop peak context ≤ ${num(READING_PEAK_AIM)} tokens for reading questions at ${sizes.map((s) => num(s.size)).join(' and ')} entries`,
      measured: `largest ${num(peak)}`,
      met: peak <= READING_PEAK_AIM,
    },
    {
      aim: 'The reader read every entry of the view exactly once and nothing outside it; no entry text reached the main loop; the answer states every planted fact',
      measured: `${all.filter((q) => q.correct).length} of ${all.length}`,
      met: all.every((q) => q.correct),
    },
  ];
  if (sizes.length > 1) {
    const small = sizes[0]!;
    const large = sizes.at(-1)!;
    const growth = small.questions.map(
      (q) => (large.questions.find((l) => l.id === q.id)?.peak ?? Number.NaN) / q.peak,
    );
    aims.splice(1, 0, {
      aim: `Reading questions' main-loop peak flat within ${times(READING_FLAT_AIM, 1)} from ${num(small.size)} to ${num(large.size)} entries`,
      measured: `largest growth ${times(Math.max(...growth))}`,
      met: Math.max(...growth) <= READING_FLAT_AIM,
    });
  }
  return aims;
}

function sizeTable(s: ReadingSize): string {
  const rows = s.questions.map((q) => [
    q.id,
    num(q.viewEntries),
    num(q.peak),
    num(q.total),
    num(q.readerCalls),
    `${q.readerExact ? '' : '~'}${num(q.readerIn)}`,
    num(q.readerOut),
    num(q.pasteView),
    num(q.pasteAll),
    `${num(q.paging.pages)} call${q.paging.pages === 1 ? '' : 's'}, peak ${num(q.paging.peak)}${q.paging.fits ? '' : ' (over the limits)'}`,
    share(q.peak / q.pasteView),
    q.missing || q.repeated || q.outside
      ? `**missing ${q.missing}, twice ${q.repeated}, outside ${q.outside}**`
      : 'each once',
    `${q.factsStated}/${q.factsPlanted}${q.leaked ? `, **${q.leaked} leaked**` : ''}`,
  ]);
  return [
    `### ${num(s.size)} entries (month ${s.anchors.month}, year ${s.anchors.year})`,
    '',
    table(
      [
        'question',
        'view entries',
        'main peak',
        'main total',
        'reader calls',
        'reader tokens in',
        'reader out',
        'paste the view',
        'paste all',
        'page with getEntries',
        'main peak / paste view',
        'entries read',
        'facts stated',
      ],
      rows,
    ),
  ].join('\n');
}

export function readingSection(sizes: ReadingSize[]): string {
  if (sizes.length === 0) return '';
  return [
    '## 5. Questions that need reading',
    '',
    'Each question runs through the real ask path against the Messages API stand-in: the scripted model narrows (`getDateRangeView`, for Marek also `search`), calls `ask` on the view and answers with its result; `ask` reads through the real reader (parts under 30,000 tokens, 4 calls in flight, notes merged when there is more than one part). ' +
      "The reader model is a stand-in that notes the planted facts present in what it is given (by day and keyword), so a fact reaches the answer only if its entry was read and every merge kept it; it measures the plumbing and the context, not a model's reading (that is `npm run eval`). " +
      'The generator planted three worries in the month, four events in the year and three feelings about Marek in the summer. ' +
      '"Main peak" is the largest request of the conversation\'s own loop; the reader\'s requests are counted apart ("~": sampled, every k-th request tokenized and scaled by characters). ' +
      '"Entries read" is checked on the recorded reader requests against SQL: every entry of the view once, none outside it. ' +
      `Baselines on the same view: paste its entries into one request; page through it with \`getEntries(limit 100)\` (pages cut by the 16,000-character result bound), every page staying in the conversation; paste the whole journal. ` +
      `The benchmark lifts \`ASK_MAX_ENTRIES\` to ${num(BENCH_ASK_CAP)} so the year of the biggest journal is read whole; with the default 10,000 that ask is refused with the view's size and how to narrow.`,
    '',
    ...sizes.flatMap((s) => [sizeTable(s), '']),
  ].join('\n');
}
