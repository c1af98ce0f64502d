// Hostile method arguments never cost the owner a handle: checked before anything is stored, and a stored handle
// that can no longer be read is reported beside the list, never fatal for the others.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatUnreadableLine } from '../../src/objects/format-interface.ts';
import type { HandleStore, StoredHandle } from '../../src/objects/handle-store-port.ts';
import { defineKind } from '../../src/objects/kind.ts';
import { KindRegistry } from '../../src/objects/kind-registry.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import { createObjectOperations } from '../../src/objects/operations.ts';

const BOX = 'so.idyllic.test#Box';

/** A kind whose instances fail to describe themselves when their label is "broken": a view that cannot be evaluated. */
const boxKind = defineKind<{ label: string }>({
  kind: BOX,
  description: 'A labelled box.',
  interpretation: 'Labels are text.',
  fields: [],
  state: z.strictObject({ label: z.string().refine((l) => l !== 'forbidden', 'label "forbidden" is not allowed') }),
  describeInstance: async ({ label }) => {
    if (label === 'broken') throw new Error('cannot evaluate this box');
    return `Box ${label}`;
  },
  methods: [
    {
      name: 'relabel',
      signature: 'relabel(label: string) -> Box',
      description: 'a new box.',
      args: z.strictObject({ label: z.string() }),
      run: async (_s, { label }: { label: string }) => ({ object: { kind: BOX, state: { label } } }),
    },
    {
      name: 'echo',
      signature: 'echo(text: string) -> string',
      description: 'the text.',
      args: z.strictObject({ text: z.string() }),
      run: async (_s, a: { text: string }) => ({ value: a.text }),
    },
  ],
});

function memoryStore(): HandleStore & { rows: StoredHandle[] } {
  const rows: StoredHandle[] = [];
  return {
    rows,
    get: async (_o, id) => rows.find((h) => h.id === id),
    findByState: async (_o, kind, state) =>
      rows.find((h) => h.kind === kind && JSON.stringify(h.state) === JSON.stringify(state)),
    put: async (_o, handle) => void rows.push(handle),
    listRecent: async (_o, limit) => [...rows].reverse().slice(0, limit),
    count: async () => rows.length,
  };
}

function setup() {
  const handles = memoryStore();
  let next = 0;
  const ops = createObjectOperations({
    kinds: new KindRegistry([boxKind]),
    handles,
    roots: [{ id: 'root', kind: BOX, state: { label: 'root' } }],
    ownerId: 1,
    newId: () => `h${++next}`,
  });
  return { ops, handles };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected an ObjectError'),
    (e: unknown) => (expect(e).toBeInstanceOf(ObjectError), (e as Error).message),
  );

describe('hostile arguments', () => {
  it('control characters in any argument are refused with where they are, and nothing is stored', async () => {
    const { ops, handles } = setup();
    expect(await failure(ops.invokeMethod('root', 'relabel', { label: 'walk\u0000river' }))).toContain(
      'args.label contains the control character U+0000 at position 4',
    );
    expect(await failure(ops.invokeMethod('root', 'echo', '{"text":"a\\u001bb"}'))).toContain(
      'args.text contains the control character U+001B',
    );
    expect(handles.rows).toEqual([]);
    // Tabs and line breaks are text, not damage.
    expect(await ops.invokeMethod('root', 'echo', { text: 'a\tb\nc' })).toEqual({ type: 'value', value: 'a\tb\nc' });
  });

  it('a new object is evaluated before it is stored: one that cannot be is an error and leaves no handle', async () => {
    const { ops, handles } = setup();
    await expect(ops.invokeMethod('root', 'relabel', { label: 'broken' })).rejects.toThrow('cannot evaluate this box');
    expect(handles.rows).toEqual([]);
    expect(await ops.invokeMethod('root', 'relabel', { label: 'fine' })).toMatchObject({
      type: 'object',
      objId: 'h1',
      description: 'Box fine',
    });
  });

  it('a stored handle that cannot be read is reported beside the list, and using it is an error the model can fix', async () => {
    const { ops, handles } = setup();
    await ops.invokeMethod('root', 'relabel', { label: 'a' });
    // Stored by an older version, before the checks: an invalid state, an unknown kind, one that fails to evaluate.
    handles.rows.push({ id: 'old1', kind: BOX, state: { label: 'forbidden' }, createdAt: '2026-01-01T00:00:00Z' });
    handles.rows.push({ id: 'old2', kind: 'so.idyllic.test#Gone', state: {}, createdAt: '2026-01-01T00:00:00Z' });
    handles.rows.push({ id: 'old3', kind: BOX, state: { label: 'broken' }, createdAt: '2026-01-01T00:00:00Z' });
    await ops.invokeMethod('root', 'relabel', { label: 'b' });
    const { objects, unreadable } = await ops.listObjects();
    expect(objects.map((o) => o.objId)).toEqual(['root', 'h2', 'h1']);
    expect(unreadable.map((u) => u.objId)).toEqual(['old3', 'old2', 'old1']);
    expect(formatUnreadableLine(unreadable[2]!)).toBe(
      '(left out, cannot be read) old1 (so.idyllic.test#Box): its stored state is not valid: label "forbidden" is not allowed',
    );
    expect(unreadable[1]!.problem).toContain('Unknown kind "so.idyllic.test#Gone"');
    expect(unreadable[0]!.problem).toBe('cannot evaluate this box');
    expect(await failure(ops.invokeMethod('old1', 'echo', { text: 'x' }))).toMatch(
      /^Handle old1 cannot be used: its stored state is not valid .*Handles you can use: root, /,
    );
  });
});
