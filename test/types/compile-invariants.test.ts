// The invariants the compiler keeps (ARCHITECTURE.md): OWNER_ROWS says how every table's rows of an owner go, each
// adapter in db/ (and llm/'s reader) is its port without restating it, and methodsFor infers a method's arguments from
// its schema. tsc checks this file in npm test's typecheck (tsconfig.json includes test/): an `expectTypeOf` that no
// longer holds, or a `@ts-expect-error` line that starts compiling, fails the typecheck. The runtime checks beside them
// only keep vitest from reporting an empty file.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createHandleStore } from '../../src/db/handle-store.ts';
import { createInboxStore } from '../../src/db/inbox-store.ts';
import { createJobStore } from '../../src/db/job-store.ts';
import { postgresStore } from '../../src/db/postgres/postgres-store.ts';
import type { Database } from '../../src/db/schema.ts';
import { createSentLedgerStore } from '../../src/db/sent-ledger-store.ts';
import { sqliteStore } from '../../src/db/sqlite/sqlite-store.ts';
import type { Store } from '../../src/db/store.ts';
import { OWNER_ROWS } from '../../src/journal/forget/owner-rows.ts';
import type { EntryReader } from '../../src/journal/views/entry-reader-port.ts';
import { createEntryReader } from '../../src/llm/entry-reader.ts';
import type { SentLedger } from '../../src/llm/sent-ledger.ts';
import type { HandleStore } from '../../src/objects/handle-store-port.ts';
import { methodsFor, type MethodDefinition } from '../../src/objects/kind.ts';
import type { InboxStore } from '../../src/telegram/intake/inbox-store-port.ts';
import type { JobStore } from '../../src/telegram/jobs/job-store-port.ts';

describe('OWNER_ROWS', () => {
  it('names every table of Database, and a table left out does not compile', () => {
    expectTypeOf<keyof typeof OWNER_ROWS>().toEqualTypeOf<keyof Database>();
    const { entry: _entry, ...withoutEntry } = OWNER_ROWS;
    // @ts-expect-error entry's owner rows are missing: a new table does not compile until it says how its rows go
    const incomplete: typeof OWNER_ROWS = withoutEntry;
    expect(Object.keys(incomplete).length).toBe(Object.keys(OWNER_ROWS).length - 1);
  });
});

describe('ports and their adapters', () => {
  it('each adapter is its port, inferred from its code; one missing a member is not', () => {
    expectTypeOf<ReturnType<typeof createInboxStore>>().toExtend<InboxStore>();
    expectTypeOf<ReturnType<typeof createJobStore>>().toExtend<JobStore>();
    expectTypeOf<ReturnType<typeof createHandleStore>>().toExtend<HandleStore>();
    expectTypeOf<ReturnType<typeof createSentLedgerStore>>().toExtend<SentLedger>();
    expectTypeOf<ReturnType<typeof createEntryReader>>().toExtend<EntryReader>();
    expectTypeOf<Omit<ReturnType<typeof createInboxStore>, 'park'>>().not.toExtend<InboxStore>();
    expectTypeOf<Omit<ReturnType<typeof createJobStore>, 'claimNext'>>().not.toExtend<JobStore>();
    expect(typeof createInboxStore).toBe('function');
  });

  it('both engines are the store seam', () => {
    expectTypeOf(sqliteStore).returns.toExtend<Store>();
    expectTypeOf(postgresStore).returns.toEqualTypeOf<Store>();
    expectTypeOf<Omit<Store, 'insertEntryRows'>>().not.toExtend<Store>();
    expect(typeof postgresStore().insertEntryRows).toBe('function');
  });
});

describe('methodsFor', () => {
  it("infers run's arguments from the schema and its state from the builder", () => {
    const method = methodsFor<{ ownerDay: string }>();
    const defined = method({
      name: 'echo',
      signature: 'echo(times: number) -> string',
      description: 'Repeats the day.',
      args: z.object({ times: z.number().int().default(1) }),
      run: (state, args) => {
        expectTypeOf(state).toEqualTypeOf<{ ownerDay: string }>();
        expectTypeOf(args).toEqualTypeOf<{ times: number }>();
        // @ts-expect-error an argument the schema does not have
        void args.limit;
        // @ts-expect-error state is the builder's, not any
        void state.other;
        return Promise.resolve({ value: state.ownerDay.repeat(args.times) });
      },
    });
    expectTypeOf(defined).toEqualTypeOf<MethodDefinition<{ ownerDay: string }>>();
    method({
      name: 'wrong',
      signature: 'wrong() -> string',
      description: 'Reads an argument as another type.',
      args: z.object({ day: z.string() }),
      // @ts-expect-error run's args must be what the schema outputs ({ day: string }), not another shape
      run: (_state, args: { day: number }) => Promise.resolve({ value: args.day }),
    });
    expect(defined.name).toBe('echo');
  });
});
