// Handle states are stored as canonical JSON: keys in code-unit order whatever the locale, so equal states match.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson, createHandleStore } from '../../src/db/handle-store.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('handle store', () => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
  });
  afterEach(() => temp.cleanup());

  describe('handle store', () => {
    it('sorts keys by code unit at every depth (upper case before lower case, unlike localeCompare)', () => {
      expect(canonicalJson({ b: 1, B: { z: [{ y: 1, Y: 2 }], a: null }, é: 2, a: 3 })).toBe(
        '{"B":{"a":null,"z":[{"Y":2,"y":1}]},"a":3,"b":1,"é":2}',
      );
    });

    it('finds a stored handle by a state written with its keys in another order', async () => {
      const store = createHandleStore(temp.db);
      await store.put(1, {
        id: 'h1',
        kind: 'k',
        state: { to: '2024-04-30', from: '2024-04-01' },
        createdAt: '2024-06-01T00:00:00.000Z',
      });
      expect((await store.findByState(1, 'k', { from: '2024-04-01', to: '2024-04-30' }))?.id).toBe('h1');
      expect(await store.findByState(2, 'k', { from: '2024-04-01', to: '2024-04-30' })).toBeUndefined();
    });

    it('a handle whose stored state is not JSON is an error naming the handle', async () => {
      const store = createHandleStore(temp.db);
      await store.put(1, { id: 'h1', kind: 'k', state: {}, createdAt: '2024-06-01T00:00:00.000Z' });
      await temp.db.updateTable('object_handle').set({ state: '{"from":' }).where('id', '=', 'h1').execute();
      await expect(store.get(1, 'h1')).rejects.toThrow('object handle h1: state is not valid JSON');
    });
  });
});
