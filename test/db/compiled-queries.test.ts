// Queries compiled once per shape: the values a caller supplies per run replace the stand-ins they were compiled
// with, and a query that binds them anywhere but at the end is refused when it is compiled, not run with wrong values.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompiledQueries } from '../../src/db/compiled-queries.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
  await temp.db
    .insertInto('object_handle')
    .values(
      ['a', 'b', 'c', 'd'].map((id, i) => ({
        owner_id: i < 3 ? 1 : 2,
        id,
        kind: 'k',
        state: '{}',
        created_at: `2024-01-0${i + 1}`,
      })),
    )
    .execute();
});
afterEach(() => temp.cleanup());

const page = (owner: number) => (limit: number, offset: number) =>
  temp.db
    .selectFrom('object_handle')
    .select('id')
    .where('owner_id', '=', owner)
    .orderBy('id')
    .limit(limit)
    .offset(offset);

describe('CompiledQueries', () => {
  it('compiles once per key and runs with the values of each call', async () => {
    const queries = new CompiledQueries();
    let builds = 0;
    const run = async (owner: number, limit: number, offset: number) => {
      const compiled = queries.get(`page ${owner}`, [limit, offset], (l, o) => (builds++, page(owner)(l, o)));
      return (await temp.db.executeQuery<{ id: string }>(compiled)).rows.map((r) => r.id);
    };
    expect(await run(1, 2, 0)).toEqual(['a', 'b']);
    expect(await run(1, 2, 2)).toEqual(['c']);
    expect(await run(1, 1, 1)).toEqual(['b']);
    expect(builds).toBe(1);
    expect(await run(2, 5, 0)).toEqual(['d']);
    expect(builds).toBe(2);
  });

  it('refuses a query whose values are not its last parameters', () => {
    const queries = new CompiledQueries();
    const early = (l: number, o: number) =>
      temp.db.selectFrom('object_handle').select('id').where('owner_id', '=', l).where('kind', '=', 'k').limit(o);
    expect(() => queries.get('early', [2, 0], (l, o) => early(l, o))).toThrow(
      'does not bind its 2 values as its last parameters',
    );
    const unused = () => temp.db.selectFrom('object_handle').select('id').limit(5);
    expect(() => queries.get('unused', [2], () => unused())).toThrow('does not bind');
  });

  it('keeps at most its bound of shapes', () => {
    const queries = new CompiledQueries(8);
    for (let owner = 0; owner < 20; owner++) queries.get(`page ${owner}`, [1, 0], (l, o) => page(owner)(l, o));
    expect(queries.size).toBeLessThanOrEqual(8);
  });
});
