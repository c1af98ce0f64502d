// getEntryContext: an entry of the view with the entries written just before and after it, from the whole journal,
// each a citable passage as getEntries sends it; bad arguments and unknown or foreign ids are errors the model can act on.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { saveEntry } from '../../src/journal/entries/entry-store.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import type { InvokeResult, ObjectOperations } from '../../src/objects/operations.ts';
import { createToolExecutor } from '../../src/objects/object-tools.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 5;
const OTHER = 6;
let temp: TempDb;
let ops: ObjectOperations;
let message = 1;

/** Saves an entry through capture and returns its id. */
async function save(ownerId: number, at: string, text: string, journal?: string): Promise<number> {
  await saveEntry(
    temp.db,
    { ownerId, source: 'live', chatId: ownerId, messageId: message++, writtenAt: new Date(at), text, journal },
    { timeZone: 'UTC', now: new Date('2024-07-01T00:00:00Z') },
  );
  const row = await temp.db
    .selectFrom('entry')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('message_id', '=', message - 1)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const value = (r: InvokeResult): any => {
  if (r.type !== 'value') throw new Error(`expected a value, got ${JSON.stringify(r)}`);
  return r.value;
};

describeStores('getEntryContext', () => {
  let ids: number[];
  beforeEach(async () => {
    temp = await createTempDb();
    ops = createJournalOperations(temp.db, OWNER, { timeZone: 'UTC' });
    ids = [];
    // Out of order on purpose: journal order is by day and time, not by id.
    ids[2] = await save(OWNER, '2024-04-02T09:00:00Z', 'Met Jonas at the station.');
    ids[0] = await save(OWNER, '2024-04-01T08:00:00Z', 'Slept badly.');
    ids[1] = await save(OWNER, '2024-04-01T21:00:00Z', 'What a day tomorrow will be.');
    ids[3] = await save(OWNER, '2024-04-02T09:30:00Z', 'He gave me the keys to the boat.', 'Sailing');
    ids[4] = await save(OWNER, '2024-04-03T07:00:00Z', 'Rain.');
    ids[5] = await save(OWNER, '2024-04-03T07:00:00Z', 'Same minute, later id.');
    await save(OTHER, '2024-04-02T09:10:00Z', "Another owner's entry, between them in time.");
  });
  afterEach(() => temp.cleanup());

  it('returns the entry and its neighbours oldest first, the entry at position 0', async () => {
    const got = value(await ops.invokeMethod('journal', 'getEntryContext', { id: ids[2], before: 2, after: 2 }));
    expect(got.map((e: any) => [e.id, e.position])).toEqual([
      [ids[0], -2],
      [ids[1], -1],
      [ids[2], 0],
      [ids[3], 1],
      [ids[4], 2],
    ]);
    expect(got[2]).toMatchObject({ date: '2024-04-02', time: '09:00', content: 'Met Jonas at the station.' });
    // Same written time: the id decides, as getEntries orders.
    const tie = value(await ops.invokeMethod('journal', 'getEntryContext', { id: ids[4], before: 0, after: 5 }));
    expect(tie.map((e: any) => e.id)).toEqual([ids[4], ids[5]]);
  });

  it('defaults to two each way, and stops at the journal ends', async () => {
    const first = value(await ops.invokeMethod('journal', 'getEntryContext', { id: ids[0] }));
    expect(first.map((e: any) => e.position)).toEqual([0, 1, 2]);
    const last = value(await ops.invokeMethod('journal', 'getEntryContext', { id: ids[5], after: 10 }));
    expect(last.map((e: any) => e.position)).toEqual([-2, -1, 0]);
  });

  it('takes a hit of a search view and brings neighbours that do not match the search', async () => {
    const view = await ops.invokeMethod('journal', 'search', { query: 'Jonas' });
    if (view.type !== 'object') throw new Error('search gives a view');
    const got = value(await ops.invokeMethod(view.objId, 'getEntryContext', { id: ids[2], before: 0, after: 1 }));
    expect(got.map((e: any) => e.content)).toEqual(['Met Jonas at the station.', 'He gave me the keys to the boat.']);
    // An entry outside the view is not a hit of it.
    await expect(ops.invokeMethod(view.objId, 'getEntryContext', { id: ids[3] })).rejects.toThrow(
      `No entry ${ids[3]} in this view`,
    );
  });

  it('keeps to the entry’s own journal when asked, and to the view’s journal always', async () => {
    const same = value(
      await ops.invokeMethod('journal', 'getEntryContext', { id: ids[2], before: 0, after: 1, sameJournal: true }),
    );
    expect(same.map((e: any) => e.id)).toEqual([ids[2], ids[4]]);
    const sailing = await ops.invokeMethod('journal', 'getJournal', { name: 'Sailing' });
    if (sailing.type !== 'object') throw new Error('getJournal gives a view');
    const inSailing = value(await ops.invokeMethod(sailing.objId, 'getEntryContext', { id: ids[3] }));
    expect(inSailing.map((e: any) => e.id)).toEqual([ids[3]]);
  });

  it('sends each entry as a citable passage, its text unchanged, as getEntries does', async () => {
    const result = await ops.invokeMethod('journal', 'getEntryContext', { id: ids[2], before: 1, after: 1 });
    if (result.type !== 'value' || !result.cited) throw new Error('expected a cited value');
    expect(result.cited.passages).toEqual([
      {
        reference: `/entry_${ids[1]}`,
        source: `journal://entry/${ids[1]}`,
        title: '2024-04-01 21:00',
        text: 'What a day tomorrow will be.',
      },
      {
        reference: `/entry_${ids[2]}`,
        source: `journal://entry/${ids[2]}`,
        title: '2024-04-02 09:00',
        text: 'Met Jonas at the station.',
      },
      {
        reference: `/entry_${ids[3]}`,
        source: `journal://entry/${ids[3]}`,
        title: '2024-04-02 09:30',
        text: 'He gave me the keys to the boat.',
      },
    ]);
    expect(result.cited.value).toEqual([
      { id: ids[1], date: '2024-04-01', time: '21:00', title: 'What a day tomorrow will be.', position: -1 },
      { id: ids[2], date: '2024-04-02', time: '09:00', title: 'Met Jonas at the station.', position: 0 },
      { id: ids[3], date: '2024-04-02', time: '09:30', title: 'He gave me the keys to the boat.', position: 1 },
    ]);
  });

  it('answers bad arguments and unknown or foreign ids with errors that say what is expected', async () => {
    const foreign = await save(OTHER, '2024-05-01T10:00:00Z', 'not yours');
    const cases: [unknown, string][] = [
      [{}, 'id is required'],
      [{ id: 1.5 }, 'id must be a whole number'],
      [{ id: ids[2], before: 11 }, 'before must be at most 10'],
      [{ id: ids[2], after: -1 }, 'after must be 0 or more'],
      [{ id: ids[2], after: 'two' }, 'after must be a whole number from 0 to 10'],
      [{ id: ids[2], sameJournal: 'yes' }, 'sameJournal must be true or false'],
      [{ id: 999_999 }, 'No entry 999999 in this view'],
      [{ id: foreign }, `No entry ${foreign} in this view`],
    ];
    for (const [args, message] of cases) {
      const call = ops.invokeMethod('journal', 'getEntryContext', args);
      await expect(call).rejects.toBeInstanceOf(ObjectError);
      await expect(ops.invokeMethod('journal', 'getEntryContext', args)).rejects.toThrow(message);
    }
    // Through the tools a model calls: the error is thrown for the loop to send back as is_error, never a crash.
    await expect(
      createToolExecutor(ops)('invokeMethod', { objId: 'journal', methodName: 'getEntryContext', args: { id: 0 } }),
    ).rejects.toBeInstanceOf(ObjectError);
  });

  it('is described for the model, and search points to it', async () => {
    const about = await ops.analyzeObject('journal');
    const context = about.methods.find((m) => m.name === 'getEntryContext')!;
    expect(context.signature).toContain('getEntryContext(id: number, before?: 0..10, after?: 0..10');
    expect(context.description).toContain('neighbours in time');
    expect(about.methods.find((m) => m.name === 'search')!.description).toContain('getEntryContext');
  });
});
