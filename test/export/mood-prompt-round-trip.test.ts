// The JSON export carries moods (in its first part's header) and the prompt each entry answered; importing it into
// an emptied journal brings both back, and a second import adds nothing. (PGlite is one database per test file, so
// the journal is emptied by forgetting its owner rather than imported into a second database.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { importMarkdownExport } from '../../src/export/import-markdown-export.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { forgetOwner } from '../../src/journal/forget/forget.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { describeStores } from '../helpers/stores.ts';

const OWNER = 7;
const NOW = new Date('2025-01-10T12:00:00Z');
const dir = mkdtempSync(path.join(tmpdir(), 'mood-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStores('moods and prompts in the JSON export', (store) => {
  let source: TempDb;
  beforeEach(async () => {
    source = await createTempDb();
    const draft = (messageId: number, text: string) => ({
      ownerId: OWNER,
      source: 'live' as const,
      chatId: OWNER,
      messageId,
      writtenAt: new Date(`2025-01-0${messageId}T18:00:00Z`),
      text,
      media: [],
      hashtags: [],
    });
    await storeEntry(source.db, draft(1, 'Tea and a book'), {
      timeZone: 'UTC',
      now: NOW,
      dayStartsAt: '00:00',
      prompt: 'What did you do for yourself today?',
    });
    await storeEntry(source.db, draft(2, 'Plain day'), { timeZone: 'UTC', now: NOW });
    await setMood(source.db, OWNER, '2025-01-01', 4, NOW);
    await setMood(source.db, OWNER, '2025-01-03', 2, NOW);
  });
  afterEach(() => source.cleanup());

  const moods = (t: TempDb) =>
    t.db.selectFrom('mood').select(['owner_id', 'local_day', 'mood', 'set_at']).orderBy('local_day').execute();
  const prompts = (t: TempDb) =>
    t.db
      .selectFrom('entry')
      .leftJoin('entry_prompt', 'entry_prompt.entry_id', 'entry.id')
      .select(['entry.content', 'entry_prompt.prompt'])
      .orderBy('entry.id')
      .execute();

  it('round-trips moods and prompts', async () => {
    const file = path.join(dir, `journal-${store}.json`);
    await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'json',
      out: { file },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
    });
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    expect(parsed.moods).toEqual([
      { day: '2025-01-01', mood: 4, set_at: NOW.toISOString() },
      { day: '2025-01-03', mood: 2, set_at: NOW.toISOString() },
    ]);
    expect(parsed.entries.map((e: { prompt?: string }) => e.prompt)).toEqual([
      'What did you do for yourself today?',
      undefined,
    ]);
    const before = await moods(source);
    await forgetOwner(source.db, OWNER, NOW);
    expect(await moods(source)).toEqual([]);
    expect(await importJournalExport(source.db, file)).toMatchObject({ imported: 2, error: null });
    expect(await importJournalExport(source.db, file)).toMatchObject({ imported: 0, alreadyPresent: 2, error: null });
    expect(await moods(source)).toEqual(before);
    expect(await prompts(source)).toEqual([
      { content: 'Tea and a book', prompt: 'What did you do for yourself today?' },
      { content: 'Plain day', prompt: null },
    ]);
  });

  it('the Markdown export keeps the moods and the prompt an entry answered, and its import brings them back', async () => {
    const file = path.join(dir, `journal-${store}.md`);
    await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'md',
      out: { file },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
    });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('prompt: "What did you do for yourself today?"');
    expect(text).toContain(`moods: [{"day":"2025-01-01","mood":4,"set_at":"${NOW.toISOString()}"},`);
    const before = await moods(source);
    await forgetOwner(source.db, OWNER, NOW);
    expect(await importMarkdownExport(source.db, file)).toMatchObject({ imported: 2, damaged: [], error: null });
    expect(await moods(source)).toEqual(before);
    expect(await importMarkdownExport(source.db, file)).toMatchObject({ imported: 0, alreadyPresent: 2, error: null });
    expect(await moods(source)).toEqual(before);
    expect(await prompts(source)).toEqual([
      { content: 'Tea and a book', prompt: 'What did you do for yourself today?' },
      { content: 'Plain day', prompt: null },
    ]);
  });

  it('a Markdown export of moods without entries writes them all (every year), and its import brings them back', async () => {
    await forgetOwner(source.db, OWNER, NOW);
    await setMood(source.db, OWNER, '2023-06-01', 5, NOW);
    await setMood(source.db, OWNER, '2025-01-02', 3, NOW);
    const before = await moods(source);
    const out = path.join(dir, `moods-only-${store}`);
    const result = await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'md',
      out: { dir: out },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
    });
    expect(result.entries).toBe(0);
    expect(result.files).toHaveLength(1);
    expect(readFileSync(result.files[0]!.path, 'utf8')).toContain('moods: [{"day":"2023-06-01","mood":5,');
    await forgetOwner(source.db, OWNER, NOW);
    expect(await importMarkdownExport(source.db, out)).toMatchObject({ imported: 0, damaged: [], error: null });
    expect(await moods(source)).toEqual(before);
  });

  it("one journal's export carries the moods of the days that journal has entries on, no other", async () => {
    await storeEntry(
      source.db,
      {
        ownerId: OWNER,
        source: 'live',
        chatId: OWNER,
        messageId: 9,
        writtenAt: new Date('2025-01-03T08:00:00Z'),
        text: 'a dream',
        journal: 'Dreams',
      },
      { timeZone: 'UTC', now: NOW },
    );
    for (const format of ['json', 'md'] as const) {
      const file = path.join(dir, `dreams-${store}.${format}`);
      await exportJournal(source.db, {
        ownerId: OWNER,
        format,
        out: { file },
        timeZone: 'UTC',
        dayStartsAt: '00:00',
        now: NOW,
        journal: 'Dreams',
      });
      const text = readFileSync(file, 'utf8');
      // 2025-01-03 has a Dreams entry; 2025-01-01's mood belongs to a day with only main-journal entries.
      expect(text).toContain(`[{"day":"2025-01-03","mood":2,"set_at":"${NOW.toISOString()}"}]`);
      expect(text).not.toContain('2025-01-01');
    }
  });

  it('skips and names a damaged mood, importing the rest', async () => {
    const file = path.join(dir, `bad-${store}.json`);
    await exportJournal(source.db, {
      ownerId: OWNER,
      format: 'json',
      out: { file },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
    });
    const text = readFileSync(file, 'utf8').replace('"mood":4', '"mood":9');
    writeFileSync(file, text);
    await forgetOwner(source.db, OWNER, NOW);
    // The damaged mood is skipped and named; the other mood and every entry are imported.
    expect(await importJournalExport(source.db, file)).toMatchObject({
      imported: 2,
      damaged: ['moods.0 (day 2025-01-01): mood must be 1 to 5 (not imported)'],
      error: null,
    });
    expect((await moods(source)).map((m) => m.local_day)).toEqual(['2025-01-03']);
  });
});
