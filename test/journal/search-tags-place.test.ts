// Search finds entries by their tags and their place's names as well as their text, on each store: a Day One entry
// tagged "pizza" whose text never says it, one written at "Uncle's Tavern, Alice Springs"; the words of a tag and of
// the text combine in one query; a tag taken away (an edit) or a place changed is no longer found; a #tag written in
// the text is found as before. Through the JournalCollection's own search method (the model's, the CLI's, MCP's).
import { textColumns } from '../../src/journal/entries/entry.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { replaceTags } from '../../src/journal/tags/entry-tags.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 4242;
const dir = mkdtempSync(path.join(tmpdir(), 'search-tags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Three Day One entries: tagged without saying so, at a place, and a #tag in the text. */
const JOURNAL = {
  metadata: { version: '1.0' },
  entries: [
    {
      uuid: 'A0000000000000000000000000000001',
      creationDate: '2024-05-01T19:00:00Z',
      timeZone: 'UTC',
      text: 'Dinner with Ana by the river',
      tags: ['Pizza', 'diary'],
    },
    {
      uuid: 'A0000000000000000000000000000002',
      creationDate: '2024-05-02T19:00:00Z',
      timeZone: 'UTC',
      text: 'A cold drink after the long drive',
      starred: true,
      location: {
        placeName: "Uncle's Tavern",
        localityName: 'Alice Springs',
        administrativeArea: 'NT',
        country: 'Australia',
        latitude: -23.7,
        longitude: 133.88,
      },
    },
    {
      uuid: 'A0000000000000000000000000000003',
      creationDate: '2024-05-03T08:00:00Z',
      timeZone: 'UTC',
      text: 'Morning #walk in the park',
    },
  ],
};

describeStores('search by tags and place', (store) => {
  let temp: TempDb;

  beforeAll(async () => {
    temp = await createTempDb();
    const file = path.join(dir, `Journal-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(JOURNAL));
    const report = await importSource(temp.db, readDayOne(file, false, { journals: [] }), path.basename(file), {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    expect(report.imported).toBe(3);
  }, 60_000);
  afterAll(() => temp?.cleanup());

  /** The texts `query` finds through the JournalCollection's search method. */
  const search = async (query: string): Promise<string[]> => {
    const ops = createJournalOperations(temp.db, OWNER, { timeZone: 'UTC' });
    const view = await ops.invokeMethod('journal', 'search', { query });
    if (view.type !== 'object') throw new Error('search returned a value');
    const found = await ops.invokeMethod(view.objId, 'getEntries', { limit: 100 });
    return (found as { value: { content: string }[] }).value.map((e) => e.content);
  };

  it('finds an entry by a tag its text never mentions, in any case, alone or with words of its text', async () => {
    expect(await search('pizza')).toEqual(['Dinner with Ana by the river']);
    expect(await search('PIZZA')).toEqual(['Dinner with Ana by the river']);
    expect(await search('pizza river')).toEqual(['Dinner with Ana by the river']);
    expect(await search('pizza -river')).toEqual([]);
    expect(await search('diary')).toEqual(['Dinner with Ana by the river']);
  });

  it("finds an entry by its place's name, locality, area and country", async () => {
    const tavern = ['A cold drink after the long drive'];
    expect(await search('tavern')).toEqual(tavern);
    expect(await search('"alice springs"')).toEqual(tavern);
    expect(await search('australia')).toEqual(tavern);
    expect(await search('uncle*')).toEqual(tavern);
  });

  it('finds a #tag written in the text as before', async () => {
    expect(await search('walk')).toEqual(['Morning #walk in the park']);
  });

  it('no longer finds an entry by a tag taken away, nor by a place that changed', async () => {
    const dinner = await temp.db
      .selectFrom('entry')
      .select(['id', 'content'])
      .where('owner_id', '=', OWNER)
      .where('content', 'like', 'Dinner%')
      .executeTakeFirstOrThrow();
    await replaceTags(temp.db, { id: dinner.id, ownerId: OWNER }, dinner.content, ['diary']);
    expect(await search('pizza')).toEqual([]);
    expect(await search('diary')).toEqual(['Dinner with Ana by the river']);

    await temp.db
      .updateTable('entry')
      .set({ metadata: JSON.stringify({ place: { name: 'Harbour Café', locality: 'Hobart' } }) })
      .where('owner_id', '=', OWNER)
      .where('content', 'like', 'A cold drink%')
      .execute();
    expect(await search('tavern')).toEqual([]);
    expect(await search('hobart')).toEqual(['A cold drink after the long drive']);
    expect(await search('harbour cafe')).toEqual(['A cold drink after the long drive']);
  });

  it('survives metadata that is not JSON: the write goes through, the entry is found by its text', async () => {
    await temp.db
      .updateTable('entry')
      .set({ metadata: '{not json' })
      .where('owner_id', '=', OWNER)
      .where('content', 'like', 'A cold drink%')
      .execute();
    expect(await search('hobart')).toEqual([]);
    expect(await search('drink')).toEqual(['A cold drink after the long drive']);
  });

  it('keeps the index in step with the entries through edits of text, metadata and tags together', async () => {
    const walk = await temp.db
      .selectFrom('entry')
      .select('id')
      .where('owner_id', '=', OWNER)
      .where('content', 'like', 'Morning%')
      .executeTakeFirstOrThrow();
    await temp.db
      .updateTable('entry')
      .set({
        // The text's columns as every write of text sets them, with the words search indexes.
        ...textColumns('Evening stroll by the harbour'),
        metadata: JSON.stringify({ place: { locality: 'Trieste' } }),
      })
      .where('id', '=', walk.id)
      .execute();
    await replaceTags(temp.db, { id: walk.id, ownerId: OWNER }, 'Evening stroll by the harbour', ['gelato']);
    expect(await search('walk')).toEqual([]);
    expect(await search('stroll trieste gelato')).toEqual(['Evening stroll by the harbour']);
    await temp.db.deleteFrom('entry').where('id', '=', walk.id).execute();
    expect(await search('trieste')).toEqual([]);
    // An external-content FTS5 index that was told other values than it holds fails this check.
    if (store === 'sqlite')
      await sql`INSERT INTO entry_fts(entry_fts, rank) VALUES ('integrity-check', 1)`.execute(temp.db);
  });
});
