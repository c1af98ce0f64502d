// The hand-written readers of an export message and a chat's keys agree with the zod schemas they replaced (kept
// here as the reference) on every value: what passes, what fails, and what comes out. (JSON.parse reads 1e400 as
// Infinity, which neither accepts as a number.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportChatOf, exportMessageOf } from '../../src/importer/telegram-export/export-format.ts';
import { FUZZ_SEED, runs } from '../fuzz/fuzz-budget.ts';
import { hostileExport } from '../fuzz/hostile-export-arbs.ts';

const peerId = z.union([z.string(), z.number()]);
const referenceMessage = z.object({
  id: z.number().int().optional(),
  type: z.string().optional(),
  date: z.string().optional(),
  date_unixtime: z.union([z.string(), z.number()]).optional(),
  edited_unixtime: z.union([z.string(), z.number()]).optional(),
  edited: z.string().optional().catch(undefined),
  poll: z.unknown().optional(),
  from_id: peerId.nullable().optional(),
  forwarded_from: z.string().nullable().optional(),
  saved_from: z.string().nullable().optional(),
  text: z.unknown().optional(),
  text_entities: z.unknown().optional(),
  photo: z.unknown().optional(),
  file: z.unknown().optional(),
  file_name: z.unknown().optional(),
  media_type: z.unknown().optional(),
  duration_seconds: z.unknown().optional(),
  file_size: z.unknown().optional(),
  photo_file_size: z.unknown().optional(),
});
const referenceChat = z.object({
  name: z.string().nullable().optional().catch(null),
  type: z.string().optional().catch(undefined),
  id: z.number().int().optional().catch(undefined),
});

/** Values of every kind JSON.parse can give, and the edge numbers (1e400 reads as Infinity). */
const jsonish = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -0,
    1.5,
    -7,
    2 ** 53,
    2 ** 53 - 1,
    Infinity,
    -Infinity,
    1e20,
    '',
    '123',
    'user111',
    [],
    {},
    ['a', { type: 'bold', text: 'b' }],
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);
const keys = [
  'id',
  'type',
  'date',
  'date_unixtime',
  'edited_unixtime',
  'edited',
  'poll',
  'from_id',
  'forwarded_from',
  'saved_from',
  'text',
  'text_entities',
  'photo',
  'file',
  'file_name',
  'media_type',
  'duration_seconds',
  'file_size',
  'photo_file_size',
  'name',
  'other',
  '__proto__',
];
const objectOf = fc
  .dictionary(fc.constantFrom(...keys), jsonish, { maxKeys: 8 })
  .map((o) => JSON.parse(JSON.stringify(o)) as Record<string, unknown>);

function expectSameMessage(raw: unknown) {
  const reference = referenceMessage.safeParse(raw);
  const read = exportMessageOf(raw);
  expect(read === null, JSON.stringify(raw)).toBe(!reference.success);
  if (reference.success) expect(read).toEqual(reference.data);
}

describe('export format readers', () => {
  it('read every message as the zod schema did: pass, fail and output', () => {
    fc.assert(fc.property(fc.oneof(objectOf, jsonish), expectSameMessage), { numRuns: runs(3_000), seed: FUZZ_SEED });
    fc.assert(
      fc.property(hostileExport(8), (e) => {
        for (const m of e.messages) expectSameMessage(JSON.parse(JSON.stringify(m.raw)));
      }),
      { numRuns: runs(200), seed: FUZZ_SEED },
    );
    for (const raw of [
      { id: Infinity },
      { date_unixtime: Infinity },
      { id: 2 ** 53 },
      { edited: 5 },
      { from_id: null },
      { forwarded_from: 7 },
      JSON.parse('{"__proto__": {"text": "x"}, "id": 1}'),
    ])
      expectSameMessage(raw);
  });

  it("read every chat's keys as the zod schema did", () => {
    fc.assert(
      fc.property(objectOf, (object) => {
        expect(exportChatOf(object)).toEqual(referenceChat.parse(object));
      }),
      { numRuns: runs(3_000), seed: FUZZ_SEED },
    );
  });
});
