// Fuzz: hostile exports never crash the importer or cost a message. Every importable message becomes an entry with
// its exact text, every other one is a counted skip, a broken file is one clear ImportError, and the database and
// its full-text index stay intact. Bounded in npm test; `npm run fuzz` runs many more cases.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_REASONS } from '../../src/importer/telegram-export/export-format.ts';
import { ImportError } from '../../src/importer/import-error.ts';
import { importTelegramExport } from '../../src/importer/telegram-export/import-export.ts';
import { parseMessage, type MessageContext } from '../../src/importer/telegram-export/parse-message.ts';
import { readExport } from '../../src/importer/telegram-export/read-export.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { FUZZ_SEED, FuzzTally, runs } from './fuzz-budget.ts';
import { hostileExport, OWNER, toJson, type HostileExport } from './hostile-export-arbs.ts';
import { expectIntactDatabase } from './integrity.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fuzz-exports-'));
let temp: TempDb;
let fileCount = 0;
beforeAll(async () => {
  temp = await createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const writeExport = (text: string | Buffer) => {
  const file = path.join(dir, `export-${++fileCount}.json`);
  writeFileSync(file, text);
  return file;
};
const context: MessageContext = {
  ownerId: OWNER,
  chatId: OWNER,
  chatType: 'saved_messages',
  timeZone: 'Europe/Berlin',
};

/** The reader and the message rules in this thread, as the parse worker runs them: what each message became. */
async function readInProcess(
  file: string,
): Promise<{ drafts: Map<number, string>; skips: number; error: ImportError | null }> {
  const drafts = new Map<number, string>();
  let skips = 0;
  try {
    for await (const batch of readExport(file).batches) {
      for (const item of batch.items) {
        const result = item.tooDeep ? { skip: 'too-deep' } : parseMessage(item.raw, context);
        if ('draft' in result) drafts.set(result.draft.messageId, result.draft.text);
        else skips += 1;
      }
    }
    return { drafts, skips, error: null };
  } catch (error) {
    if (error instanceof ImportError) return { drafts, skips, error };
    throw error;
  }
}

const never = (): never => {
  throw new Error('unreachable: guard rethrows what it does not accept');
};

/** Small enough to cut at every byte. */
const smallExport = hostileExport(4).filter((e) => toJson(e).length < 3_000);

const importableOf = (e: HostileExport) => e.messages.filter((m) => m.expected !== null);

describe('fuzz: hostile exports', () => {
  it('read and parsed: every importable message comes out with its exact text, every other one is a skip', async () => {
    const tally = new FuzzTally('exports read and parsed');
    await tally.run(() =>
      fc.assert(
        fc.asyncProperty(hostileExport(12), async (e) => {
          tally.cases += 1;
          tally.items += e.messages.length;
          const { drafts, skips, error } = await tally
            .guard(
              () => readInProcess(writeExport(toJson(e))),
              () => false,
            )
            .then((r) => ('value' in r ? r.value : never()));
          tally.lost += importableOf(e).filter((m) => drafts.get(e.messages.indexOf(m) + 1) !== m.expected).length;
          expect(error).toBeNull();
          expect(skips).toBe(e.messages.length - importableOf(e).length);
          expect(drafts.size).toBe(importableOf(e).length);
          e.messages.forEach((m, i) => {
            if (m.expected !== null) expect(drafts.get(i + 1)).toBe(m.expected);
          });
        }),
        { numRuns: runs(40), seed: FUZZ_SEED },
      ),
    );
  });

  it('imported for real (parse worker, SQLite): nothing lost, all skips counted, database and FTS5 index intact', async () => {
    const tally = new FuzzTally('exports imported end to end');
    await tally.run(() =>
      fc.assert(
        fc.asyncProperty(hostileExport(40), async (e) => {
          tally.cases += 1;
          tally.items += e.messages.length;
          // Each case its own chat (a private channel is the owner's own), so cases never meet in the journal.
          const chatId = 1_000_000 + tally.cases;
          const json = toJson(e).replace(
            `"type":"saved_messages","id":${OWNER}`,
            `"type":"private_channel","id":${chatId}`,
          );
          const outcome = await tally.guard(
            () => importTelegramExport(temp.db, writeExport(json), { ownerId: OWNER, timeZone: 'Europe/Berlin' }),
            () => false,
          );
          const report = 'value' in outcome ? outcome.value : never();
          if (report.error) tally.crashes += 1;
          const rows = await temp.db
            .selectFrom('entry')
            .select(['message_id', 'content'])
            .where('chat_id', '=', chatId)
            .execute();
          const stored = new Map(rows.map((r) => [r.message_id, r.content]));
          tally.lost += e.messages.filter((m, i) => m.expected !== null && stored.get(i + 1) !== m.expected).length;
          expect(report.error).toBeNull();
          expect(report.imported).toBe(importableOf(e).length);
          expect(SKIP_REASONS.reduce((n, r) => n + report.skipped[r], 0)).toBe(
            e.messages.length - importableOf(e).length,
          );
          e.messages.forEach((m, i) => expect(stored.get(i + 1)).toBe(m.expected ?? undefined));
          await expectIntactDatabase(temp.db);
        }),
        { numRuns: runs(3), seed: FUZZ_SEED },
      ),
    );
  });

  it('cut at every byte: one clear ImportError, and the messages handed over before it are whole and in order', async () => {
    const tally = new FuzzTally('exports truncated at every byte');
    await tally.run(() =>
      fc.assert(
        fc.asyncProperty(smallExport, async (e) => {
          const whole = Buffer.from(toJson(e));
          const full = await readInProcess(writeExport(whole));
          let previous = 0;
          for (let at = 0; at < whole.length; at++) {
            tally.cases += 1;
            tally.items += 1;
            const outcome = await tally.guard(
              () => readInProcess(writeExport(whole.subarray(0, at))),
              () => false,
            );
            const cut = 'value' in outcome ? outcome.value : never();
            // A cut that reads as a whole file, or a message that comes out changed, is a crash and a loss.
            if (!(cut.error instanceof ImportError)) tally.crashes += 1;
            tally.lost += [...cut.drafts].filter(([id, text]) => text !== full.drafts.get(id)).length;
            expect(cut.error, `cut at ${at} of ${whole.length}`).toBeInstanceOf(ImportError);
            expect(cut.drafts.size).toBeGreaterThanOrEqual(previous);
            previous = cut.drafts.size;
            for (const [id, text] of cut.drafts) expect(text).toBe(full.drafts.get(id));
          }
        }),
        { numRuns: runs(2), seed: FUZZ_SEED },
      ),
    );
  });

  it('random bytes overwritten or inserted: an ImportError or a normal read, never anything else', async () => {
    const tally = new FuzzTally('exports with corrupted bytes');
    const edit = fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }), insert: fc.boolean() });
    await tally.run(() =>
      fc.assert(
        fc.asyncProperty(smallExport, fc.array(edit, { minLength: 1, maxLength: 6 }), async (e, edits) => {
          tally.cases += 1;
          tally.items += 1;
          let bytes = Buffer.from(toJson(e));
          for (const { at, byte, insert } of edits) {
            const i = at % bytes.length;
            bytes = insert
              ? Buffer.concat([bytes.subarray(0, i), Buffer.from([byte]), bytes.subarray(i)])
              : Buffer.from(bytes.map((b, j) => (j === i ? byte : b)));
          }
          // readInProcess returns an ImportError and throws anything else: a crash, counted, failing the property.
          await tally.guard(
            () => readInProcess(writeExport(bytes)),
            () => false,
          );
        }),
        { numRuns: runs(60), seed: FUZZ_SEED },
      ),
    );
  });
});
