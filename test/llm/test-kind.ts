// A tiny kind of our own (numbers in a range) and an in-memory handle store, to drive the loop without the journal.
import { z } from 'zod';
import type { HandleStore, StoredHandle } from '../../src/objects/handle-store-port.ts';
import { defineKind, methodsFor } from '../../src/objects/kind.ts';
import { KindRegistry } from '../../src/objects/kind-registry.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import { createObjectOperations, type ObjectOperations } from '../../src/objects/operations.ts';

export const NUMBERS_KIND = 'so.idyllic.test#Numbers';

type Range = { from: number; to: number };
const method = methodsFor<Range>();

export const numbersKind = defineKind<Range>({
  kind: NUMBERS_KIND,
  description: 'Whole numbers in a range.',
  interpretation: 'Each number stands for itself.',
  fields: [{ name: 'n', type: 'number', description: 'a number in the range' }],
  methods: [
    method({
      name: 'count',
      signature: 'count() -> number',
      description: 'how many numbers.',
      args: z.strictObject({}),
      run: async (r) => ({ value: r.to - r.from + 1 }),
    }),
    method({
      name: 'range',
      signature: 'range(from: number, to: number) -> Numbers',
      description: 'a narrower view.',
      args: z.strictObject({ from: z.number().int(), to: z.number().int() }),
      run: async (r, a) => ({
        object: { kind: NUMBERS_KIND, state: { from: Math.max(r.from, a.from), to: Math.min(r.to, a.to) } },
      }),
    }),
    method({
      name: 'fail',
      signature: 'fail(kind: "fixable"|"bug") -> never',
      description: 'fails on purpose.',
      args: z.strictObject({ kind: z.enum(['fixable', 'bug']) }),
      run: async (_r, a) => {
        if (a.kind === 'fixable') throw new ObjectError('fixable: pass a smaller number');
        throw new Error('SQLITE_CORRUPT: database disk image is malformed');
      },
    }),
  ],
  state: z.object({ from: z.number(), to: z.number() }),
  describeInstance: async (r) => `numbers ${r.from}..${r.to}`,
});

export function memoryHandleStore(): HandleStore {
  const rows: { ownerId: number; h: StoredHandle }[] = [];
  const key = (v: unknown) => JSON.stringify(v);
  return {
    get: async (ownerId, id) => rows.find((r) => r.ownerId === ownerId && r.h.id === id)?.h,
    findByState: async (ownerId, kind, state) =>
      rows.find((r) => r.ownerId === ownerId && r.h.kind === kind && key(r.h.state) === key(state))?.h,
    put: async (ownerId, h) => void rows.push({ ownerId, h }),
    listRecent: async (ownerId, limit) =>
      rows
        .filter((r) => r.ownerId === ownerId)
        .map((r) => r.h)
        .reverse()
        .slice(0, limit),
    count: async (ownerId) => rows.filter((r) => r.ownerId === ownerId).length,
  };
}

/** Operations over one root, `numbers` (1..100). */
export function numbersOperations(ownerId = 1, handles = memoryHandleStore()): ObjectOperations {
  return createObjectOperations({
    kinds: new KindRegistry([numbersKind]),
    handles,
    roots: [{ id: 'numbers', kind: NUMBERS_KIND, state: { from: 1, to: 100 } }],
    ownerId,
  });
}
