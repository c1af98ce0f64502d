// The generic runtime on a toy kind: handles, reuse, owner scoping, errors with a way forward, bounded values.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundResult } from '../../src/objects/bound-result.ts';
import { formatInterface, formatObjectLine } from '../../src/objects/format-interface.ts';
import type { HandleStore, StoredHandle } from '../../src/objects/handle-store-port.ts';
import { defineKind } from '../../src/objects/kind.ts';
import { KindRegistry } from '../../src/objects/kind-registry.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import { createObjectOperations } from '../../src/objects/operations.ts';

const COUNTER = 'so.idyllic.test#Counter';

const counterKind = defineKind<{ n: number }>({
  kind: COUNTER,
  description: 'A number.',
  interpretation: 'Plain integers.',
  fields: [{ name: 'n', type: 'number', description: 'the value' }],
  state: z.strictObject({ n: z.number().int() }),
  describeInstance: async ({ n }) => `The number ${n}`,
  methods: [
    {
      name: 'get',
      signature: 'get() -> number',
      description: 'the value.',
      args: z.strictObject({}),
      run: async ({ n }) => ({ value: n }),
    },
    {
      name: 'plus',
      signature: 'plus(k: integer) -> Counter',
      description: 'a new counter.',
      args: z.strictObject({ k: z.number({ error: 'k must be an integer' }).int() }),
      run: async ({ n }, { k }: { k: number }) => ({ object: { kind: COUNTER, state: { n: n + k } } }),
    },
    {
      name: 'upTo',
      signature: 'upTo() -> number[]',
      description: '0..n.',
      args: z.strictObject({}),
      pagingHint: 'Use a smaller counter.',
      run: async ({ n }) => ({ value: Array.from({ length: n + 1 }, (_, i) => i) }),
    },
  ],
});

/** One store shared by all owners, as the SQLite one is. */
function memoryStore(): HandleStore {
  const rows: (StoredHandle & { ownerId: number })[] = [];
  const mine = (ownerId: number) => rows.filter((r) => r.ownerId === ownerId);
  const strip = ({ ownerId: _o, ...h }: StoredHandle & { ownerId: number }) => h;
  return {
    get: async (ownerId, id) =>
      mine(ownerId)
        .map(strip)
        .find((h) => h.id === id),
    findByState: async (ownerId, kind, state) =>
      mine(ownerId)
        .map(strip)
        .find((h) => h.kind === kind && JSON.stringify(h.state) === JSON.stringify(state)),
    put: async (ownerId, handle) => void rows.push({ ownerId, ...handle }),
    listRecent: async (ownerId, limit) => mine(ownerId).map(strip).reverse().slice(0, limit),
    count: async (ownerId) => mine(ownerId).length,
  };
}

function setup(ownerId = 1, handles = memoryStore(), resultLimit?: number) {
  return createObjectOperations({
    kinds: new KindRegistry([counterKind]),
    handles,
    roots: [{ id: 'zero', kind: COUNTER, state: { n: 0 } }],
    ownerId,
    resultLimit,
  });
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected an ObjectError'),
    (e: unknown) => (expect(e).toBeInstanceOf(ObjectError), (e as Error).message),
  );

describe('object operations', () => {
  it('a method returning an object hands back a new handle with its own description', async () => {
    const ops = setup();
    const result = await ops.invokeMethod('zero', 'plus', { k: 5 });
    expect(result).toMatchObject({ type: 'object', kind: COUNTER, description: 'The number 5' });
    const id = (result as { objId: string }).objId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ops.invokeMethod(id, 'get', {})).toEqual({ type: 'value', value: 5 });
    expect(await ops.invokeMethod('zero', 'plus', { k: 5 })).toEqual(result);
  });

  it('listObjects shows roots and held handles, one line each', async () => {
    const ops = setup();
    await ops.invokeMethod('zero', 'plus', { k: 1 });
    const { objects, more } = await ops.listObjects();
    expect(objects.map(formatObjectLine)).toEqual([
      `zero (${COUNTER}): The number 0`,
      expect.stringMatching(/^[0-9a-f-]{36} \(so\.idyllic\.test#Counter\): The number 1$/),
    ]);
    expect(more).toBe(0);
  });

  it("another owner's handle is unknown, and the error names the handles that exist", async () => {
    const store = memoryStore();
    const id = ((await setup(1, store).invokeMethod('zero', 'plus', { k: 1 })) as { objId: string }).objId;
    expect(await failure(setup(2, store).invokeMethod(id, 'get', {}))).toBe(
      `Unknown handle "${id}". Handles you can use: zero.`,
    );
  });

  it('an unknown method lists the methods that exist', async () => {
    expect(await failure(setup().invokeMethod('zero', 'minus', {}))).toBe(
      `zero (${COUNTER}) has no method "minus". Its methods: get() -> number; plus(k: integer) -> Counter; upTo() -> number[].`,
    );
  });

  it('bad args name the method and what is expected; args may come as JSON text', async () => {
    const ops = setup();
    expect(await failure(ops.invokeMethod('zero', 'plus', { k: 'two' }))).toBe(
      'Bad args for plus(k: integer) -> Counter: k must be an integer.',
    );
    expect(await ops.invokeMethod('zero', 'plus', '{"k":2}')).toMatchObject({ description: 'The number 2' });
    expect(await ops.invokeMethod('zero', 'get', null)).toEqual({ type: 'value', value: 0 });
  });

  it('values past the result limit are cut with the paging hint', async () => {
    const ops = setup(1, memoryStore(), 500);
    const big = (await ops.invokeMethod(
      ((await ops.invokeMethod('zero', 'plus', { k: 1000 })) as { objId: string }).objId,
      'upTo',
      {},
    )) as { value: { truncated: boolean; note: string; items: number[] } };
    expect(big.value.truncated).toBe(true);
    expect(big.value.note).toContain('Use a smaller counter.');
    expect(JSON.stringify(big.value).length).toBeLessThanOrEqual(500);
  });

  it('analyzeObject and describeKind show the interface, never the implementation', async () => {
    const ops = setup();
    const text = formatInterface(await ops.analyzeObject('zero'));
    expect(text.split('\n')).toEqual([
      `Object zero, kind ${COUNTER}`,
      'The number 0',
      'About: A number.',
      'Reading the data: Plain integers.',
      'Data fields: n (number): the value',
      'Methods:',
      '- get() -> number: the value.',
      '- plus(k: integer) -> Counter: a new counter.',
      '- upTo() -> number[]: 0..n.',
    ]);
    expect(ops.describeKind('Counter').kind).toBe(COUNTER);
    expect(() => ops.describeKind('Nope')).toThrow(ObjectError);
  });
});

describe('kinds', () => {
  it('defineKind rejects an id without a namespace and a method defined twice', () => {
    expect(() => defineKind({ ...counterKind, kind: 'Counter' })).toThrow(/so\.idyllic\.prototype#Name/);
    expect(() => defineKind({ ...counterKind, methods: [counterKind.methods[0]!, counterKind.methods[0]!] })).toThrow(
      /defined twice/,
    );
    expect(() => new KindRegistry([counterKind, counterKind])).toThrow(/already registered/);
  });
});

describe('boundResult', () => {
  it('returns small values as they are and cuts long text with a note', () => {
    expect(boundResult({ a: 1 }, 100)).toEqual({ a: 1 });
    const cut = boundResult({ text: 'x'.repeat(1000) }, 500) as {
      truncated: boolean;
      partialJson: string;
      note: string;
    };
    expect(cut.truncated).toBe(true);
    expect(cut.note).toContain('Result cut to 500');
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(500);
  });
});
