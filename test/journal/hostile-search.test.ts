// A NUL in a search query once broke the owner's handles for good. Now it is refused before anything is stored,
// and a handle stored that way by an older version is reported beside the list while every other handle still lists.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandleStore } from '../../src/db/handle-store.ts';
import { JOURNAL_COLLECTION_KIND } from '../../src/journal/journal-operations.ts';
import { createToolExecutor, outputText } from '../../src/objects/object-tools.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import type { ObjectOperations } from '../../src/objects/operations.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import type { TempDb } from '../helpers/temp-db.ts';
import { openKnownJournal, OWNER } from './known-journal.ts';

let temp: TempDb;
let ops: ObjectOperations;
beforeEach(async () => {
  ({ temp, ops } = await openKnownJournal());
});
afterEach(() => temp.cleanup());

const handleIds = async () => (await ops.listObjects()).objects.map((o) => o.objId);

describe('a NUL in a search', { timeout: PROCESS_TEST_MS }, () => {
  it('is refused with a clear message and stores no handle', async () => {
    const april = await ops.invokeMethod('journal', 'getDateRangeView', {
      startDate: '2024-04-01',
      endDate: '2024-04-30',
    });
    const before = await handleIds();
    const error = await ops.invokeMethod('journal', 'search', { query: 'walk\u0000river' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectError);
    expect((error as Error).message).toContain('args.query contains the control character U+0000 at position 4');
    expect(await handleIds()).toEqual(before);
    expect(before).toContain((april as { objId: string }).objId);
  });

  it('a handle an older version stored with one is reported, and objects, listObjects and the tool still list every other handle', async () => {
    const coffee = (await ops.invokeMethod('journal', 'search', { query: 'coffee' })) as { objId: string };
    await createHandleStore(temp.db).put(OWNER, {
      id: 'deadbeef-0000-4000-8000-000000000000',
      kind: JOURNAL_COLLECTION_KIND,
      state: { search: ['walk\u0000river'] },
      createdAt: '2026-12-01T00:00:00.000Z',
    });
    const listed = await ops.listObjects();
    expect(listed.objects.map((o) => o.objId)).toEqual(['journal', coffee.objId]);
    expect(listed.objects[1]!.description).toBe('Journal entries containing "coffee"'); // from the state alone: no counts per handle
    expect(listed.unreadable).toEqual([
      {
        objId: 'deadbeef-0000-4000-8000-000000000000',
        kind: JOURNAL_COLLECTION_KIND,
        problem: expect.stringContaining('control character U+0000'),
      },
    ]);

    const toolText = outputText(await createToolExecutor(ops)('listObjects', {}));
    expect(toolText.split('\n')).toHaveLength(3);
    expect(toolText).toContain(coffee.objId);
    expect(toolText).toContain('(left out, cannot be read) deadbeef-0000-4000-8000-000000000000');
    // Using it is an error the model can fix, naming the handles that work.
    await expect(ops.invokeMethod('deadbeef-0000-4000-8000-000000000000', 'getDayCount', {})).rejects.toThrow(
      /cannot be used: its stored state is not valid.*Handles you can use: journal/,
    );

    await temp.db.destroy();
    const cli = await runEntryPoint('src/cli/journal.ts', ['objects', '--owner', String(OWNER)], {
      cwd: temp.dir,
      env: { DATABASE_PATH: temp.file },
    });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`journal (${JOURNAL_COLLECTION_KIND}): The whole journal: 7 days, 8 entries`);
    expect(cli.stdout).toContain(`${coffee.objId} (${JOURNAL_COLLECTION_KIND}): Journal entries containing "coffee"`);
    expect(cli.stdout).toContain('(left out, cannot be read) deadbeef-0000-4000-8000-000000000000');
  });
});
