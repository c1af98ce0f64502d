/**
 * Encryption at rest, encrypted vs plain on the same work in the same run (aim: within 1.3×): live capture (one
 * storeEntry per message, each its own transaction), import (the one bulk-write path, insertNewRows, as the importer
 * and the demo use it), and methods (a fixed set of JournalCollection calls on the imported journal, sampled in
 * alternation with the plain journal's). Both journals are built the same way: plain better-sqlite3, or
 * SQLite3 Multiple Ciphers with JOURNAL_KEY (SQLCipher 4 format).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import type { Aim } from './aims.ts';
import { median, nowMs, ratio, samplePair } from './timing.ts';

export const ENCRYPTION_AIM = 1.3;
const KEY = 'bench key: a passphrase as a user would set it';
const OWNER = 1000;

export interface EncryptionRow {
  what: string;
  plainMs: number;
  encryptedMs: number;
  ratio: number;
}

export interface EncryptionResult {
  entries: number;
  burst: number;
  rows: EncryptionRow[];
}

export interface EncryptionOptions {
  entries: number;
  burst: number;
  runs: number;
  methods: { minRuns: number; maxRuns: number; budgetMs: number };
}

function fresh(dir: string, name: string, key: string | null): { db: JournalDb; file: string } {
  const file = path.join(dir, name);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  return { db: openDatabase(file, { key }), file };
}

/** Milliseconds per captured message: `burst` messages, each stored as the bot stores one. */
async function captureMs(dir: string, key: string | null, burst: number, run: number): Promise<number> {
  const { db } = fresh(dir, `capture-${key ? 'encrypted' : 'plain'}-${run}.sqlite`, key);
  try {
    await migrateToLatest(db);
    const start = nowMs();
    for (let i = 0; i < burst; i++) {
      const writtenAt = new Date(new Date('2024-04-01T00:00:00Z').getTime() + i * 60_000);
      await storeEntry(
        db,
        {
          ownerId: OWNER,
          source: 'live',
          chatId: OWNER,
          messageId: i + 1,
          writtenAt,
          text: `Captured note ${i}: a walk, coffee, #bench`,
        },
        { timeZone: 'UTC', now: writtenAt },
      );
    }
    return (nowMs() - start) / burst;
  } finally {
    await db.destroy();
  }
}

/** Milliseconds to import `entries` generated entries through the bulk-write path; the journal is kept for methods. */
async function importMs(dir: string, key: string | null, entries: number): Promise<number> {
  const { db } = fresh(dir, `journal-${key ? 'encrypted' : 'plain'}.sqlite`, key);
  try {
    await migrateToLatest(db);
    const start = nowMs();
    await buildGeneratedJournal(db, { ownerId: OWNER, entries, from: '2020-01-01', seed: 7 });
    return nowMs() - start;
  } finally {
    await db.destroy();
  }
}

/** The calls a question typically makes: an overview, a search with its count, a page of entries, a day. */
const CALLS: readonly { what: string; run: (ops: ReturnType<typeof createJournalOperations>) => Promise<unknown> }[] = [
  { what: 'getOverview(month)', run: (ops) => ops.invokeMethod('journal', 'getOverview', { groupBy: 'month' }) },
  {
    what: 'search("walk") + getTotalEntryCount',
    run: async (ops) => {
      const view = await ops.invokeMethod('journal', 'search', { query: 'walk' });
      return view.type === 'object' ? ops.invokeMethod(view.objId, 'getTotalEntryCount', {}) : view;
    },
  },
  {
    what: 'getEntries(limit 20, offset 100)',
    run: (ops) => ops.invokeMethod('journal', 'getEntries', { limit: 20, offset: 100 }),
  },
  { what: 'getEntriesForDay', run: (ops) => ops.invokeMethod('journal', 'getEntriesForDay', { date: '2020-03-02' }) },
];

export async function runEncryptionBench(
  cacheDir: string,
  o: EncryptionOptions,
  log: (line: string) => void,
): Promise<EncryptionResult> {
  const dir = path.join(cacheDir, 'encryption');
  mkdirSync(dir, { recursive: true });
  try {
    const rows: EncryptionRow[] = [];
    const add = (what: string, plainMs: number, encryptedMs: number) => {
      const r = row(what, plainMs, encryptedMs);
      rows.push(r);
      log(`encryption: ${r.what}: ${r.ratio.toFixed(2)}×`);
    };
    const capture = { plain: [] as number[], encrypted: [] as number[] };
    for (let run = 0; run < o.runs; run++) {
      // Alternating which goes first, so drift on a shared machine hits both alike.
      for (const side of run % 2 ? (['encrypted', 'plain'] as const) : (['plain', 'encrypted'] as const))
        capture[side].push(await captureMs(dir, side === 'encrypted' ? KEY : null, o.burst, run));
    }
    add(`capture (ms per message, ${o.burst} messages)`, median(capture.plain), median(capture.encrypted));

    const imports = { plain: [] as number[], encrypted: [] as number[] };
    for (let run = 0; run < o.runs; run++) {
      for (const side of run % 2 ? (['encrypted', 'plain'] as const) : (['plain', 'encrypted'] as const))
        imports[side].push(await importMs(dir, side === 'encrypted' ? KEY : null, o.entries));
    }
    add(
      `import (ms for ${o.entries.toLocaleString('en-US')} entries)`,
      median(imports.plain),
      median(imports.encrypted),
    );

    const plain = openDatabase(path.join(dir, 'journal-plain.sqlite'), { mustExist: true });
    const encrypted = openDatabase(path.join(dir, 'journal-encrypted.sqlite'), { mustExist: true, key: KEY });
    try {
      const [plainOps, encryptedOps] = [
        createJournalOperations(plain, OWNER, { timeZone: 'UTC' }),
        createJournalOperations(encrypted, OWNER, { timeZone: 'UTC' }),
      ];
      for (const call of CALLS) {
        const s = await samplePair(
          () => call.run(encryptedOps),
          () => call.run(plainOps),
          o.methods,
        );
        add(`${call.what} (ms per call)`, median(s.baseline), median(s.subject));
      }
    } finally {
      await plain.destroy();
      await encrypted.destroy();
    }
    return { entries: o.entries, burst: o.burst, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function row(what: string, plainMs: number, encryptedMs: number): EncryptionRow {
  return { what, plainMs, encryptedMs, ratio: ratio(encryptedMs, plainMs) };
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toFixed(3));

export function encryptionSection(r: EncryptionResult, runs: number): string {
  return [
    '## Encryption at rest: encrypted vs plain',
    '',
    `The same work on a plain journal (better-sqlite3) and an encrypted one (JOURNAL_KEY: SQLite3 Multiple Ciphers, SQLCipher 4 format), ` +
      `in the same run: capture as the bot stores each message, import through the bulk-write path (${r.entries.toLocaleString('en-US')} generated entries), ` +
      `and method calls on that journal sampled in alternation. Medians (capture and import of ${runs} runs). Aim: within ${ENCRYPTION_AIM}×.`,
    '',
    '| work | plain | encrypted | ratio |',
    '|---|---:|---:|---:|',
    ...r.rows.map((x) => `| ${x.what} | ${ms(x.plainMs)} | ${ms(x.encryptedMs)} | ${x.ratio.toFixed(2)}× |`),
  ].join('\n');
}

export function encryptionAims(r: EncryptionResult): Aim[] {
  const worst = r.rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  return [
    {
      aim: `Encrypted journal within ${ENCRYPTION_AIM}× of plain (capture, import, methods)`,
      measured: `worst ${worst.ratio.toFixed(2)}× (${worst.what})`,
      met: worst.ratio <= ENCRYPTION_AIM,
    },
  ];
}
