// /mood through the Bot API stand-in, and mood in the object model: getMoodByDay, getAverageMood and getMoodByTag on
// views, exact and owner-scoped, on every store.
import { expect, it } from 'vitest';
import { forgetOwner } from '../../src/journal/forget/forget.ts';
import type { InvokeResult } from '../../src/objects/operations.ts';
import { appPerTest } from '../helpers/app-per-test.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { describeStores } from '../helpers/stores.ts';

const value = (r: InvokeResult) => (r.type === 'value' ? r.value : Promise.reject(new Error(JSON.stringify(r))));
const objId = (r: InvokeResult) => {
  if (r.type !== 'object') throw new Error(JSON.stringify(r));
  return r.objId;
};

describeStores('mood', () => {
  const now = new Date('2024-06-01T12:00:00Z');
  const { t, replies, ops } = appPerTest(now);
  const moods = async () =>
    (await t.temp.db.selectFrom('mood').select(['owner_id', 'local_day', 'mood']).orderBy('local_day').execute()).map(
      (r) => [Number(r.owner_id), r.local_day, Number(r.mood)],
    );

  const SIX = [
    ['2024-03-04', '5'],
    ['2024-03-05', '3'],
    ['2024-03-06', '4'],
    ['2024-03-07', '2'],
    ['2024-03-08', '1'],
    ['2024-03-09', '😄'],
  ] as const;
  async function sixDays() {
    for (const [day, mood] of SIX) await t.send(textUpdate(`/mood ${day} ${mood}`));
    // #run on three of the days; the other days have entries without it (and 03-09 none at all).
    await seedEntries(t.temp.db, OWNER_ID, [
      ['2024-03-04T07:00:00Z', 'Morning #run by the river'],
      ['2024-03-05T07:00:00Z', 'Rain all day'],
      ['2024-03-06T07:00:00Z', 'Short #run, then work #work'],
      ['2024-03-07T07:00:00Z', 'Long meeting #work'],
      ['2024-03-08T07:00:00Z', 'Slow #run'],
    ]);
  }

  it('/mood YYYY-MM-DD N sets past days (one per day, the last wins), /mood N today, and commands are not entries', async () => {
    await sixDays();
    await t.send(textUpdate('/mood 2024-03-05 2'));
    await t.send(textUpdate('/mood 2024-03-05 3'));
    await t.send(textUpdate('/mood 4'));
    expect(await moods()).toEqual([
      [OWNER_ID, '2024-03-04', 5],
      [OWNER_ID, '2024-03-05', 3],
      [OWNER_ID, '2024-03-06', 4],
      [OWNER_ID, '2024-03-07', 2],
      [OWNER_ID, '2024-03-08', 1],
      [OWNER_ID, '2024-03-09', 5],
      [OWNER_ID, '2024-06-01', 4],
    ]);
    expect(replies().slice(0, 1)).toEqual(['Mood for 2024-03-04: 😄 5/5.']);
    expect(replies().at(-1)).toBe('Mood for today (2024-06-01): 🙂 4/5.');
    // Only the five seeded entries: no command became one.
    expect(await t.temp.db.selectFrom('entry').select('id').execute()).toHaveLength(5);
  });

  it('/mood clear, /mood alone, and what is not a mood or a day', async () => {
    await t.send(textUpdate('/mood 🙁'));
    await t.send(textUpdate('/mood'));
    await t.send(textUpdate('/mood clear'));
    await t.send(textUpdate('/mood clear'));
    await t.send(textUpdate('/mood 7'));
    await t.send(textUpdate('/mood 2024-02-30 3'));
    await t.send(textUpdate('/mood 2024-06-02 3'));
    expect(replies()).toEqual([
      'Mood for today (2024-06-01): 🙁 2/5.',
      'Mood for today (2024-06-01): 🙁 2/5.',
      'Mood for today (2024-06-01) cleared.',
      'There was no mood for today (2024-06-01).',
      expect.stringMatching(/^"7" is not a mood\. Use \/mood 1 to 5/),
      expect.stringMatching(/^2024-02-30 is not a calendar day\./),
      expect.stringMatching(/^2024-06-02 has not come yet\./),
    ]);
    expect(await moods()).toEqual([]);
  });

  it('a mood button sets that day', async () => {
    await t.send({
      callback_query: {
        id: 'cb1',
        chat_instance: '1',
        data: 'mood:2024-05-31:4',
        from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
        message: {
          message_id: 900,
          date: 0,
          chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' },
          text: 'A few lines for today?',
        },
      },
    });
    expect(await moods()).toEqual([[OWNER_ID, '2024-05-31', 4]]);
    expect(t.api.callsTo('answerCallbackQuery').map((c) => c.payload.text)).toEqual(['Mood for 2024-05-31: 🙂 4/5']);
  });

  it('getAverageMood, getMoodByDay and getMoodByTag are exact on views, and analyzeObject describes them', async () => {
    await sixDays();
    await seedEntries(t.temp.db, 42, [['2024-03-04T07:00:00Z', 'Another owner #run']]);
    await t.temp.db
      .insertInto('mood')
      .values({ owner_id: 42, local_day: '2024-03-04', mood: 1, set_at: now.toISOString() })
      .execute();
    const o = ops();
    const six = objId(
      await o.invokeMethod('journal', 'getDateRangeView', { startDate: '2024-03-04', endDate: '2024-03-09' }),
    );
    expect(await value(await o.invokeMethod(six, 'getAverageMood', {}))).toBeCloseTo((5 + 3 + 4 + 2 + 1 + 5) / 6, 12);
    const three = objId(
      await o.invokeMethod('journal', 'getDateRangeView', { startDate: '2024-03-04', endDate: '2024-03-06' }),
    );
    expect(await value(await o.invokeMethod(three, 'getMoodByDay', {}))).toEqual([
      { date: '2024-03-04', mood: 5 },
      { date: '2024-03-05', mood: 3 },
      { date: '2024-03-06', mood: 4 },
    ]);
    const byTag = (await value(await o.invokeMethod(six, 'getMoodByTag', {}))) as {
      tags: { tag: string; days: number; averageMood: number; averageMoodWithout: number | null }[];
      moodDays: number;
    };
    expect(byTag.moodDays).toBe(6);
    expect(byTag.tags.map((r) => r.tag)).toEqual(['run', 'work']);
    const run = byTag.tags[0]!;
    expect(run.days).toBe(3);
    expect(run.averageMood).toBeCloseTo((5 + 4 + 1) / 3, 12);
    expect(run.averageMoodWithout).toBeCloseTo((3 + 2 + 5) / 3, 12);
    const work = byTag.tags[1]!;
    expect([work.days, work.averageMood, work.averageMoodWithout]).toEqual([2, 3, 3.5]);

    // A view narrowed by entries counts only the days it has entries on.
    const ran = objId(await o.invokeMethod('journal', 'tagged', { tag: 'run' }));
    expect(await value(await o.invokeMethod(ran, 'getMoodByDay', {}))).toEqual([
      { date: '2024-03-04', mood: 5 },
      { date: '2024-03-06', mood: 4 },
      { date: '2024-03-08', mood: 1 },
    ]);
    const rain = objId(await o.invokeMethod('journal', 'search', { query: 'rain' }));
    expect(await value(await o.invokeMethod(rain, 'getAverageMood', {}))).toBe(3);
    const empty = objId(
      await o.invokeMethod('journal', 'getDateRangeView', { startDate: '2023-01-01', endDate: '2023-01-31' }),
    );
    expect(await value(await o.invokeMethod(empty, 'getAverageMood', {}))).toBeNull();
    expect(await value(await o.invokeMethod(empty, 'getMoodByDay', {}))).toEqual([]);
    expect(await value(await o.invokeMethod(empty, 'getMoodByTag', {}))).toEqual({ tags: [], moodDays: 0 });

    const described = await o.analyzeObject('journal');
    const methods = described.methods.map((m) => m.signature);
    expect(methods).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^getMoodByDay\(\)/),
        expect.stringMatching(/^getAverageMood\(\)/),
        expect.stringMatching(/^getMoodByTag\(/),
      ]),
    );
  });

  it('/forget everything takes the moods with it', async () => {
    await t.send(textUpdate('/mood 3'));
    await t.temp.db
      .insertInto('mood')
      .values({ owner_id: 42, local_day: '2024-03-04', mood: 1, set_at: now.toISOString() })
      .execute();
    await forgetOwner(t.temp.db, OWNER_ID, now);
    expect(await moods()).toEqual([[42, '2024-03-04', 1]]);
  });
});
