// Generated journals are deterministic and look like a journal: exact size, gaps, busy days, varied length, local times.
import { describe, expect, it } from 'vitest';
import { buildGeneratedJournal, DEMO_JOURNAL, generateJournalRows } from '../../src/demo/demo-journal.ts';
import { createTempDb } from '../helpers/temp-db.ts';
import { localMoment } from '../../src/journal/dates/local-moment.ts';

const rows = (options: Parameters<typeof generateJournalRows>[0]) => [...generateJournalRows(options)];

describe('generated journals', () => {
  it('the same seed gives the same rows, another seed other rows', () => {
    const options = { ownerId: 1, ...DEMO_JOURNAL };
    expect(rows(options)).toEqual(rows(options));
    expect(rows({ ...options, seed: 2 })).not.toEqual(rows(options));
  });

  it('the demo journal has 700 entries from April to June 2024, with gaps and busy days', () => {
    const demo = rows({ ownerId: 1, ...DEMO_JOURNAL });
    expect(demo).toHaveLength(700);
    expect(demo[0]!.local_day).toBe('2024-04-01');
    expect(demo.at(-1)!.local_day).toBe('2024-06-30');
    const perDay = new Map<string, number>();
    for (const r of demo) perDay.set(r.local_day, (perDay.get(r.local_day) ?? 0) + 1);
    expect(perDay.size).toBeLessThan(91);
    expect(Math.max(...perDay.values())).toBeGreaterThan(5);
    const lengths = demo.map((r) => r.content.length);
    expect(Math.min(...lengths)).toBeLessThan(80);
    expect(Math.max(...lengths)).toBeGreaterThan(1000);
  });

  it('rows come in time order, and local day and time agree with written_at in the zone', () => {
    const berlin = rows({
      ownerId: 1,
      entries: 400,
      from: '2024-03-25',
      to: '2024-04-05',
      seed: 3,
      timeZone: 'Europe/Berlin',
    });
    expect(berlin.map((r) => r.written_at)).toEqual([...berlin.map((r) => r.written_at)].sort());
    for (const r of berlin)
      expect(localMoment(new Date(r.written_at), 'Europe/Berlin')).toEqual({ day: r.local_day, time: r.local_time });
    expect(new Set(berlin.map((r) => r.message_id)).size).toBe(400);
  });

  it('without an end day, 2,500 entries span several years', () => {
    const big = rows({ ownerId: 1, entries: 2500, from: '2020-01-01', seed: 4 });
    expect(big).toHaveLength(2500);
    expect(Number(big.at(-1)!.local_day.slice(0, 4)) - 2020).toBeGreaterThanOrEqual(2);
  });

  it('the demo journal has #tags, stored as tags, each the word its entries already hold', async () => {
    const temp = await createTempDb();
    try {
      await buildGeneratedJournal(temp.db, { ownerId: 1, ...DEMO_JOURNAL, timeZone: 'UTC' });
      const tags = await temp.db
        .selectFrom('entry_tag')
        .select(['tag', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('tag')
        .execute();
      expect(tags.length).toBeGreaterThanOrEqual(8);
      expect(tags.reduce((n, t) => n + Number(t.n), 0)).toBeGreaterThan(200);
      const walks = await temp.db
        .selectFrom('entry')
        .innerJoin('entry_tag', 'entry_tag.entry_id', 'entry.id')
        .select('content')
        .where('tag', '=', 'walk')
        .execute();
      for (const { content } of walks) expect(content).toContain('a walk');
    } finally {
      await temp.cleanup();
    }
  });
});
