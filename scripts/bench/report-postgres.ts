/** The postgres part's BENCHMARKS.md section and aims: methods and import on a real PostgreSQL server. */
import { METHOD_RATIO_AIM, type Aim } from './aims.ts';
import { mb, ms, num, percent, table, times } from './markdown.ts';
import type { PostgresResult } from './postgres.ts';

export function postgresSection(p: PostgresResult): string {
  const m = p.methods;
  const over = m.timings.filter((t) => t.ratio > METHOD_RATIO_AIM);
  const rows = m.timings.map((t) => [
    t.view,
    t.method,
    ms(t.methodMs),
    ms(t.sqlMs),
    times(t.ratio),
    num(t.runs),
    num(t.statements),
    t.fullScan ? '**Seq Scan on entry**' : 'index',
    t.sqlShape,
    t.agrees ? 'yes' : '**no**',
  ]);
  const i = p.import;
  return [
    `## PostgreSQL: methods at ${num(p.size)} entries, import`,
    '',
    `A throwaway PostgreSQL ${p.version} server started by the part itself (\`scripts/bench/postgres-server.ts\`: initdb and pg_ctl in a temp dir, loopback, a free port, fsync off; stopped and deleted afterwards, also on failure), on the same machine as the client. ` +
      `The generated journal (src/demo, the same rows as the SQLite sections) was loaded with INSERT … SELECT FROM unnest(column arrays), 20,000 rows a statement, the GIN index built afterwards: ${num(p.size)} entries in ${num(p.loadSeconds)} s (setup, not measured).` +
      (p.size < 1_000_000
        ? ' The aim is set at 1,000,000 entries; this run loaded fewer to fit the time it had (the load grows about linearly with the size), so the ratios at 1,000,000 are not measured here.'
        : ''),
    '',
    `**Methods.** Each method through the real operations on a \`DATABASE_URL\` store (\`openPostgresDatabase\`: kysely's PostgresDialect over a \`pg\` pool; handle lookup, validation, kysely, result bounding) on the root, a month view (${m.month}) and a search view ("${m.search}"), ` +
      'against hand-written SQL answering the same question on a plain `pg` client to the same database: named prepared statements filtering `entry` directly (`owner_id`, a `local_day` range, `search_vector @@ tsquery`) so the planner picks the date index or the GIN index itself; for the overview, grouping rows or days, the faster. ' +
      'Method and SQL runs alternate; medians over the runs shown. "Entries read by" is from `EXPLAIN` of the statements the method ran (kysely\'s query log).',
    '',
    table(
      [
        'view',
        'method',
        'method (median)',
        'SQL (median)',
        'ratio',
        'runs',
        'statements a call',
        'entries read by',
        'fastest SQL shape',
        'same answer',
      ],
      rows,
    ),
    '',
    over.length === 0 ? `Every call is within ${times(METHOD_RATIO_AIM, 0)} of the hand-written SQL.` : overAim(p),
    ...(i
      ? [
          '',
          `**Import.** \`npm run import\` of a generated single-chat export (${num(i.messages)} messages, ${mb(i.fileBytes)}) with \`DATABASE_URL\` set, into an empty database (the CLI migrates it), timed end to end (npm and tsx start-up included; "importer alone" is the time its summary line reports). ` +
            `Raw limit, in the same run, the same rows (read back from the imported database) into a fresh database with the same migrations (UNIQUE key, indexes, generated tsvector, GIN index), one transaction: 500 rows a multi-row INSERT … VALUES (as the importer batches), and INSERT … SELECT FROM unnest(column arrays) with 10,000 rows a statement. COPY was not measured (the project has no COPY client library). Medians of ${num(i.runs)} run${i.runs === 1 ? '' : 's'}.`,
          '',
          table(
            [
              'messages',
              'npm run import (messages/s)',
              'importer alone',
              'raw VALUES, 500 rows (rows/s)',
              'raw unnest, 10,000 rows',
              'npm run import / raw best',
              'importer alone / raw best',
            ],
            [
              [
                num(i.messages),
                num(i.importPerSecond),
                num(i.importerPerSecond),
                num(i.valuesPerSecond),
                num(i.unnestPerSecond),
                percent(i.importPerSecond / i.rawBestPerSecond, 0),
                percent(i.importerPerSecond / i.rawBestPerSecond, 0),
              ],
            ],
          ),
        ]
      : []),
  ].join('\n');
}

/** The calls over the aim with the plan of the statements they ran: where the time goes. */
function overAim(p: PostgresResult): string {
  const over = p.methods.timings.filter((t) => t.ratio > METHOD_RATIO_AIM);
  return [
    `Over ${times(METHOD_RATIO_AIM, 0)}:`,
    '',
    ...over.map(
      (t) =>
        `- ${t.view}.${t.method}: ${times(t.ratio)} (${ms(t.methodMs)} vs ${ms(t.sqlMs)}); plan: ${[...new Set(t.plan)].join(' · ') || '(no entry statement captured)'}`,
    ),
    '',
    'Why (the calls of a few milliseconds): the method runs no more statements than the hand-written SQL ("statements a call": handles are read once and kept, so a call on a view is its query; a call that returns a new view adds the handle\'s INSERT), ' +
      "so the difference is per-call cost outside reading the entries: kysely over the `pg` pool sends every statement unnamed, so PostgreSQL parses and plans it on each call, where the baseline's named prepared statement is parsed once (as better-sqlite3's prepared statements are on SQLite); " +
      'add the pool checkout, argument validation and result shaping. On a 1–3 ms call that fixed cost is the ratio; the plans read the entries through the same index as the SQL.',
  ].join('\n');
}

export function postgresAims(p: PostgresResult): Aim[] {
  const m = p.methods;
  const worst = [...m.timings].sort((a, b) => b.ratio - a.ratio)[0]!;
  const within = m.timings.filter((t) => t.ratio <= METHOD_RATIO_AIM).length;
  const aims: Aim[] = [
    {
      aim: `PostgreSQL: every method within ${times(METHOD_RATIO_AIM, 0)} of hand-written SQL at ${num(m.size)} entries`,
      measured: `${within} of ${m.timings.length}; worst ${worst.view}.${worst.method} ${times(worst.ratio)}${m.timings.every((t) => t.agrees) ? '' : '; some answers differ'}`,
      met: within === m.timings.length && m.timings.every((t) => t.agrees),
    },
  ];
  if (p.import) {
    aims.push({
      aim: 'PostgreSQL import vs raw inserts (no numeric aim set)',
      measured: `npm run import ${num(p.import.importPerSecond)} messages/s, importer alone ${num(p.import.importerPerSecond)}, raw ${p.import.rawBest} ${num(p.import.rawBestPerSecond)} rows/s (${percent(p.import.importerPerSecond / p.import.rawBestPerSecond, 0)})`,
      met: null,
    });
  }
  return aims;
}
