// Other apps' text as the entry's Markdown: Day One checklists as task lists with their state, no label beside a
// photo the entry keeps, Day One's escapes kept only where they matter, and hard wraps (jrnl, Day One) undone where
// they are wraps, not where a line was ended on purpose.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dayOneText, unescapeDayOne } from '../../src/importer/sources/dayone-item.ts';
import { unwrapHardWraps } from '../../src/importer/sources/hard-wraps.ts';
import { readJrnlText } from '../../src/importer/sources/jrnl.ts';
import type { SourceItem } from '../../src/importer/sources/source-item.ts';
import { SHARED_JOURNALS, SKIP_REASON, sharedJournalsPresent } from '../helpers/shared-fixtures.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'markdown-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WRAPPED = [
  'Walked down to the river this morning before anyone else was up, and the',
  'water was higher than I have seen it all spring; the path by the willows was',
  'under water, so I went round by the old mill instead.',
].join('\n');
const UNWRAPPED =
  'Walked down to the river this morning before anyone else was up, and the water was higher than I have seen it all spring; the path by the willows was under water, so I went round by the old mill instead.';

describe('unwrapHardWraps', () => {
  it('joins the lines of a paragraph wrapped at a fixed width', () => {
    expect(unwrapHardWraps(WRAPPED)).toBe(UNWRAPPED);
    expect(unwrapHardWraps(`${WRAPPED}\n\n${WRAPPED}`)).toBe(`${UNWRAPPED}\n\n${UNWRAPPED}`);
  });

  it('keeps paragraphs, lists, quotes, headings, code, short lines and Markdown hard breaks', () => {
    const kept = [
      `${WRAPPED}\n- milk\n- bread for the morning, and something else as well here`,
      `> ${WRAPPED.replace(/\n/g, '\n> ')}`,
      'Roses are red\nViolets are blue\nSugar is sweet',
      '```\nconst a = "a fairly long line of code that the wrapper must never join";\nconst b = 2;\nconst c = 3;\n```',
      'One long line that the owner wrote and then ended on purpose right here.\nA short one.',
      WRAPPED.replace(/\n/g, '  \n'),
    ];
    for (const text of kept.slice(1)) expect(unwrapHardWraps(text)).toBe(text);
    expect(unwrapHardWraps(kept[0]!)).toBe(
      `${UNWRAPPED}\n- milk\n- bread for the morning, and something else as well here`,
    );
  });

  it('undoes the wraps of a jrnl journal typed in an editor', async () => {
    const file = path.join(dir, 'wrapped.journal');
    writeFileSync(
      file,
      `[2024-04-02 09:00] River.\n${WRAPPED}\n\n[2024-04-03 09:00] Poem.\nRoses are red\nViolets are blue\n`,
    );
    const items: SourceItem[] = [];
    for await (const item of readJrnlText(file, 'Europe/Berlin').items) items.push(item);
    expect(items.map((i) => ('entry' in i ? i.entry.text : null))).toEqual([
      `River.\n${UNWRAPPED}`,
      'Poem.\nRoses are red\nViolets are blue',
    ]);
  });
});

describe('Day One text as Markdown', () => {
  const photo = {
    kind: 'photo' as const,
    identifier: 'AAAA',
    fileName: 'a.jpeg',
    duration: null,
    exportPath: 'photos/a.jpeg',
  };

  it('writes checklists as task lists, ticked items as [x]', () => {
    expect(dayOneText('To do\n\n- [ ] Buy tickets\n- [X] Book hotels\n- [x] Pack', [])).toBe(
      'To do\n\n- [ ] Buy tickets\n- [x] Book hotels\n- [x] Pack',
    );
  });

  it('drops the reference to a photo the entry keeps, and labels one that dangles', () => {
    expect(dayOneText('Lunch\n\n![](dayone-moment://AAAA)\n\nA burger', [photo as never])).toBe('Lunch\n\nA burger');
    expect(dayOneText('Lunch\n\n![](dayone-moment://BBBB)', [photo as never])).toBe('Lunch\n\n[photo]');
  });

  it('keeps an escape where the character would format, drops it where it only hid a full stop', () => {
    expect(unescapeDayOne('unhappy\\. rabbit\\-hole \\(see\\) 2\\*3\\*4 \\_init\\_ \\#tag')).toBe(
      'unhappy. rabbit-hole (see) 2\\*3\\*4 \\_init\\_ #tag',
    );
    expect(unescapeDayOne('\\# not a heading')).toBe('\\# not a heading');
    expect(unescapeDayOne('C:\\\\temp')).toBe('C:\\temp');
    expect(unescapeDayOne('a\\\\\\. b')).toBe('a\\\\. b');
  });

  it.skipIf(!sharedJournalsPresent)(
    `reads Day One's own sample as Markdown ${sharedJournalsPresent ? '' : SKIP_REASON}`,
    () => {
      const example = JSON.parse(
        readFileSync(path.join(SHARED_JOURNALS, 'dayone-official-example/Example.json'), 'utf8'),
      ) as {
        entries: { text?: string; photos?: { identifier: string }[] }[];
      };
      const hawaii = example.entries.find((e) => e.text?.includes('Plans for Our Trip to Hawaii'))!;
      const media = (hawaii.photos ?? []).map((p) => ({ ...photo, identifier: p.identifier }));
      const text = dayOneText(hawaii.text!, media as never);
      expect(text).toContain('- [ ] Buy ticketsc\n- [x] Book hotels');
      expect(text).toContain('- [x] Pack bags (see below)');
      expect(text).not.toContain('[photo]');
      expect(text).not.toContain('dayone-moment');
    },
  );
});
