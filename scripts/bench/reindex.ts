/**
 * How long re-indexing an existing journal takes (issue 47: a 1,000,000-entry journal in minutes): a generated
 * journal loaded as the last release stored it (search_text null, what the migration 2026_12_05_000100 leaves), then
 * the app's re-index (src/db/search/search-reindex.ts) timed, with search checked before and after.
 *   node --import tsx scripts/bench/reindex.ts [entries = 1000000] [--keep]
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { reindexSearchText } from '../../src/db/search/search-reindex.ts';
import { countEntries } from '../../src/journal/views/entry-queries.ts';
import { BENCH_OWNER_ID, bulkLoad, createMigratedFile, journalOptions } from './journal-db.ts';

const entries = Number(process.argv[2] ?? 1_000_000);
const dir = path.join('data', 'bench');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `reindex-${entries}.sqlite`);
await createMigratedFile(file);
let started = performance.now();
bulkLoad(file, journalOptions(entries), 50_000, { words: false });
console.log(
  `loaded ${entries.toLocaleString('en')} entries without search_text in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const db = openDatabase(file);
try {
  const view = { search: ['coffee walk'] };
  console.log(`matches before: ${await countEntries(db, BENCH_OWNER_ID, view)}`);
  started = performance.now();
  let last = started;
  const done = await reindexSearchText(db, ({ done, total }) => {
    const now = performance.now();
    if (now - last > 10_000 || done === total) {
      last = now;
      console.log(
        `  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} after ${((now - started) / 1000).toFixed(1)} s`,
      );
    }
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `re-indexed ${done.toLocaleString('en')} entries in ${seconds.toFixed(1)} s (${Math.round(done / seconds).toLocaleString('en')} entries/s)`,
  );
  console.log(`matches after: ${await countEntries(db, BENCH_OWNER_ID, view)}`);
} finally {
  await db.destroy();
  if (!process.argv.includes('--keep'))
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}
