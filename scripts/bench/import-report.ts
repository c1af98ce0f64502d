/** BENCHMARKS.md's import section (benchmark 2) from one run's results, and what bounds each size against the aim. */
import { IMPORT_AIM_MESSAGES, IMPORT_SHARE_AIM } from './aims.ts';
import type { ImportSize } from './import-speed.ts';
import { mb, num, percent, table, times } from './markdown.ts';
import { median } from './timing.ts';

/** The seconds each size's end-to-end time splits into (medians), and what the aim allows. */
function phases(i: ImportSize) {
  const total = median(i.runs.map((x) => x.seconds));
  const importer = median(i.runs.map((x) => x.importerSeconds));
  return {
    total,
    importer,
    start: i.startSeconds,
    // The one-message run's start includes its own tiny import and close: what the big run adds is at least nothing.
    rest: Math.max(0, total - importer - i.startSeconds),
    readParse: i.messages / i.readParsePerSecond,
    write: i.entries / i.writePathPerSecond,
    raw: i.entries / i.rawBestPerSecond,
    allowed: i.entries / i.rawBestPerSecond / IMPORT_SHARE_AIM,
  };
}

/** One sentence per size: met, or what stands in the way, from the figures themselves. */
function bound(i: ImportSize): string {
  const p = phases(i);
  const at = `At ${num(i.messages)}`;
  if (p.total <= p.allowed)
    return `${at} the aim is met: ${num(p.total, 1)} s end to end within ${num(p.allowed, 1)} s.`;
  if (p.start >= p.allowed) {
    return `${at} the process start bounds it: a one-message import alone takes ${num(p.start, 1)} s, more than the ${num(p.allowed, 1)} s the aim allows the whole run (raw needs ${num(p.raw, 2)} s), so no importer could meet it at this size.`;
  }
  const slower = Math.max(p.readParse, p.write);
  const startAllowed = p.allowed - p.importer - p.rest;
  const withStart =
    startAllowed > 0
      ? `With the import as it is, a start of ${num(startAllowed, 1)} s or less would meet the aim.`
      : 'The import alone takes longer than the aim allows the whole run.';
  return (
    `${at} it is missed by ${num(p.total - p.allowed, 1)} s (${num(p.total, 1)} s for ${num(p.allowed, 1)} s allowed): the start takes ${num(p.start, 1)} s, and the import ${num(p.importer, 1)} s, ` +
    `${num(p.importer - slower, 1)} s more than its slower thread alone (write path ${num(p.write, 1)} s against raw's ${num(p.raw, 1)} s; parse worker ${num(p.readParse, 1)} s): ` +
    `the cost of running both threads on this machine's 2 cores and handing rows between them. ${withStart}`
  );
}

export function importSection(imports: ImportSize[], runs: number): string {
  if (imports.length === 0) return '';
  const rows = imports.map((i) => [
    num(i.messages),
    mb(i.fileBytes),
    num(i.importPerSecond),
    num(i.importerPerSecond),
    num(i.rawPerSecond),
    num(i.rawMultiPerSecond),
    percent(i.importPerSecond / i.rawBestPerSecond, 0),
    percent(i.importerPerSecond / i.rawBestPerSecond, 0),
    mb(i.peakRssBytes),
  ]);
  return [
    '## 2. Import',
    '',
    '`npm run import -- <export> --owner <id>` of a generated single-chat export (`scripts/synthetic-export.ts`, every message a text entry), into a fresh migrated database, timed end to end with the peak RSS of the process tree from GNU time: npm and node start-up, migrations, ' +
      'the export read and parsed on a worker thread started while the journal opens (messages found whole and parsed by JSON.parse, `importer/telegram-export/message-scanner.ts`) and made into rows there, handed over a chunk at a time as one array of values (`importer/telegram-export/parse-wire.ts`), rows written 500 to a statement and committed 10,000 rows or 0.5 s at a time with the -wal checkpointed every 64 MB (`importer/batch-writer.ts`, `Store.beginBulkWrite`), the FTS5 trigger, and the last checkpoint at close. ' +
      '"importTelegramExport alone" is the time the CLI\'s summary line reports for the import itself (no start-up, no migrations, no close). ' +
      `Raw limit, measured in the same run on the same rows (every column the importer wrote, read back from the imported file), into a fresh database with the same migrations (indexes, UNIQUE key, FTS5 trigger), all in one transaction: one better-sqlite3 prepared statement per row, and 500 rows per statement (as the importer batches); ratios are against the faster of the two. Medians of ${runs} runs.`,
    '',
    table(
      [
        'messages',
        'export',
        'npm run import (messages/s)',
        'importTelegramExport alone',
        'raw, 1 row a statement (rows/s)',
        'raw, 500 rows a statement',
        'npm run import / raw',
        'importer alone / raw',
        'peak RSS',
      ],
      rows,
    ),
    '',
    "Where the time goes (messages/s, one in-process run of each of the importer's own pieces): the parse worker reads, parses and makes rows while the main thread writes the rows it was handed, so an import runs at about the pace of the slower of the two, plus the hand-over between threads.",
    '',
    table(
      [
        'messages',
        'parse worker alone (read, parse, rows: parseExportMessages)',
        'write path alone (batch writer: insertBatchRows, commits)',
        'raw, 500 rows a statement',
      ],
      imports.map((i) => [
        num(i.messages),
        num(i.readParsePerSecond),
        num(i.writePathPerSecond),
        num(i.rawMultiPerSecond),
      ]),
    ),
    '',
    "What stands between each size and the aim (seconds, medians): the start is a one-message `npm run import` into a fresh file (npm, node, loading the code, migrations, close); the importer's two threads overlap; the rest is what the big run adds after the import (the last checkpoint, exit).",
    '',
    table(
      [
        'messages',
        'aim: end to end within',
        'npm run import',
        'start (one message)',
        'importer',
        'rest',
        'parse worker alone',
        'write path alone',
        'raw, faster way',
        '',
      ],
      imports.map((i) => {
        const p = phases(i);
        return [
          num(i.messages),
          num(p.allowed, 1),
          num(p.total, 1),
          num(p.start, 1),
          num(p.importer, 1),
          num(p.rest, 1),
          num(p.readParse, 1),
          num(p.write, 1),
          num(p.raw, 1),
          p.total <= p.allowed ? 'met' : 'missed',
        ];
      }),
    ),
    '',
    ...imports.map(bound),
    '',
    `Memory stays flat: at most 8 chunks of 256 KB are parsed ahead of the writer and one batch is in hand (an open commit waits in the -wal, not in memory)${growth(imports)}.`,
  ].join('\n');
}

/** Peak RSS by size, and its growth from the aim's size up (a smaller run ends before the heap reaches its working size). */
function growth(imports: ImportSize[]): string {
  if (imports.length < 2) return '';
  const sorted = [...imports].sort((a, b) => a.messages - b.messages);
  const peaks = sorted.map((i) => `${mb(i.peakRssBytes)} at ${num(i.messages)}`).join(', ');
  const big = sorted.filter((i) => i.messages >= IMPORT_AIM_MESSAGES);
  const from =
    big.length > 1
      ? `; from ${num(big[0]!.messages)} up it grows ${times(big.at(-1)!.peakRssBytes / big[0]!.peakRssBytes)} for a ${times(big.at(-1)!.fileBytes / big[0]!.fileBytes, 0)} larger file`
      : '';
  return `; peak RSS ${peaks} messages${from}`;
}
