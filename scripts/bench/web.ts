/**
 * Benchmark: the web view (npm run web, the Mini App) at a small and a large journal showing the same entries.
 * Each generated journal gets the same planted entries (a day of 200 entries in a year the generator leaves empty,
 * whose month-day holds nothing else in any year), so the day, month, calendar, search and on-this-day pages of both
 * sizes show exactly the same content; what differs is only how many other entries the journal holds. Pages are
 * fetched over real HTTP from the app's own web view (createJournalWebView, startWebServer), the two sizes
 * interleaved, medians compared. The /stats picture (last 12 months, streaks) is timed the same way.
 */
import { createHash } from 'node:crypto';
import { createJournalWebView } from '../../src/wiring/journal-web-view.ts';
import { parseConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { saveEntry } from '../../src/journal/entries/entry-store.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { statsPicture } from '../../src/stats/stats-picture.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import type { Aim } from './aims.ts';
import { BENCH_OWNER_ID, type JournalCache } from './journal-db.ts';
import { ms, num, table, times } from './markdown.ts';
import { median, samplePair, type PairOptions } from './timing.ts';

/** Every page within this of its time at the smallest size; the stats picture within STATS_AIM. */
export const WEB_PAGE_AIM = 1.5;
export const WEB_STATS_AIM = 2;

/** The planted day: in a year the generated journals (2016 on, at most ten years) leave empty. */
const PLANT_DAY = '2026-06-15';
const PLANTED = 200;
/** A word only the planted entries hold; a tag only they carry; a tag nobody carries. */
const PLANT_WORD = 'zephyrine';
const PLANT_TAG = 'benchday';
const NO_SUCH_TAG = 'nosuchtagatall';
/** "Today" for the pages and the picture: the planted year, after the planted day. */
const NOW = new Date('2026-06-30T12:00:00Z');

export interface WebPageTiming {
  page: string;
  path: string;
  /** Median milliseconds per size, in the order of WebResult.sizes. */
  ms: number[];
  /** Largest size over smallest. */
  ratio: number;
  /** Whether every size answered 200 with the same page (same bytes): the same entries shown. */
  samePage: boolean;
  /** Whether the page is held to WEB_PAGE_AIM (a common word's search shows other entries at each size). */
  aimed: boolean;
  runs: number;
}

export interface WebResult {
  sizes: number[];
  pages: WebPageTiming[];
  stats: { ms: number[]; ratio: number; runs: number };
}

const PAGES: { page: string; path: string; aimed: boolean }[] = [
  { page: 'day (200 entries)', path: `/day/${PLANT_DAY}`, aimed: true },
  { page: 'month', path: `/month/${PLANT_DAY.slice(0, 7)}`, aimed: true },
  { page: 'calendar (a year)', path: `/?year=${PLANT_DAY.slice(0, 4)}`, aimed: true },
  { page: 'tag page, no entries', path: `/tags/${NO_SUCH_TAG}`, aimed: true },
  { page: 'tag page, 200 entries', path: `/tags/${PLANT_TAG}`, aimed: true },
  { page: 'search, first page of 200', path: `/search?q=${PLANT_WORD}`, aimed: true },
  { page: 'on this day', path: `/onthisday?date=${PLANT_DAY}`, aimed: true },
  { page: 'search, a common word, first page', path: '/search?q=walk', aimed: false },
];

/** Plants the shared entries (once: a kept journal has them already) and clears the planted month-day elsewhere. */
async function plant(db: JournalDb): Promise<void> {
  const planted = await db
    .selectFrom('entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', BENCH_OWNER_ID)
    .where('local_day', '=', PLANT_DAY)
    .executeTakeFirstOrThrow();
  if (Number(planted.n) > 0) return;
  await db
    .deleteFrom('entry')
    .where('owner_id', '=', BENCH_OWNER_ID)
    .where('local_day', 'like', `%${PLANT_DAY.slice(4)}`)
    .execute();
  for (let i = 0; i < PLANTED; i++) {
    const minutes = 6 * 60 + i * 4;
    const at = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const text = `Planted note ${i + 1} of the day: the ${PLANT_WORD} garden, a **walk** by the river and tea. #${PLANT_TAG}`;
    await saveEntry(
      db,
      {
        ownerId: BENCH_OWNER_ID,
        source: 'live',
        chatId: BENCH_OWNER_ID,
        messageId: 900_000_000 + i,
        writtenAt: new Date(`${PLANT_DAY}T${at}:00Z`),
        text,
      },
      { timeZone: 'UTC', now: NOW },
    );
  }
}

interface Served {
  server: WebServer;
  db: JournalDb;
  get(path: string): Promise<{ status: number; body: string }>;
}

async function serve(file: string): Promise<Served> {
  const db = openDatabase(file);
  await plant(db);
  const config = parseConfig({ JOURNAL_TIMEZONE: 'UTC', DATABASE_PATH: file });
  const view = createJournalWebView({
    config,
    db,
    clock: () => NOW,
    logger: createMemoryLogger(),
    botToken: null,
    surface: 'local',
  });
  const server = await startWebServer(view, { port: 0, host: '127.0.0.1', logger: createMemoryLogger() });
  const base = `http://127.0.0.1:${server.port}`;
  const login = await fetch(`${base}${await view.loginPath(BENCH_OWNER_ID)}`, { redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  return {
    server,
    db,
    async get(path) {
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      return { status: res.status, body: await res.text() };
    },
  };
}

/** A page's HTML without its entry ids (the planted entries' ids differ by size: they come after the generated ones). */
const digest = (text: string) =>
  createHash('sha256')
    .update(text.replace(/entry[-/]\d+/g, 'entry-id'))
    .digest('hex');

export async function runWebBench(
  journals: JournalCache,
  sizes: number[],
  light: PairOptions,
  log: (line: string) => void,
): Promise<WebResult> {
  const served: Served[] = [];
  try {
    for (const size of sizes) served.push(await serve(await journals.file(size)));
    const pages: WebPageTiming[] = [];
    for (const p of PAGES) {
      const answers = await Promise.all(served.map((s) => s.get(p.path)));
      const bad = answers.find((a) => a.status !== 200);
      if (bad) throw new Error(`${p.path} answered ${bad.status}: ${bad.body.slice(0, 300)}`);
      const samePage = new Set(answers.map((a) => digest(a.body))).size === 1;
      if (p.aimed && !samePage)
        throw new Error(`${p.path} differs between the sizes: the planted entries are not what it shows`);
      const small = served[0]!;
      const timings = [Number.NaN];
      let runs = 0;
      for (const large of served.slice(1)) {
        const pair = await samplePair(
          () => large.get(p.path),
          () => small.get(p.path),
          light,
        );
        timings[0] = median(pair.baseline);
        timings.push(median(pair.subject));
        runs = pair.subject.length;
      }
      const ratio = timings.at(-1)! / timings[0]!;
      pages.push({ ...p, ms: timings, ratio, samePage, runs });
      log(`web ${p.page}: ${timings.map((t) => `${t.toFixed(1)} ms`).join(' → ')} (${ratio.toFixed(2)}×)`);
    }
    const picture = (s: Served) =>
      statsPicture(s.db, BENCH_OWNER_ID, { kind: 'last-12-months' }, { today: '2026-06-30' });
    const statsMs = [Number.NaN];
    let statsRuns = 0;
    for (const large of served.slice(1)) {
      const pair = await samplePair(
        () => picture(large),
        () => picture(served[0]!),
        { ...light, minRuns: Math.min(light.minRuns, 5) },
      );
      statsMs[0] = median(pair.baseline);
      statsMs.push(median(pair.subject));
      statsRuns = pair.subject.length;
    }
    const statsRatio = statsMs.at(-1)! / statsMs[0]!;
    log(`web stats picture: ${statsMs.map((t) => `${t.toFixed(1)} ms`).join(' → ')} (${statsRatio.toFixed(2)}×)`);
    return { sizes, pages, stats: { ms: statsMs, ratio: statsRatio, runs: statsRuns } };
  } finally {
    for (const s of served) {
      await s.server.close();
      await s.db.destroy();
    }
  }
}

export function webSection(r: WebResult): string {
  const head = ['page', 'path', ...r.sizes.map((s) => `${num(s)} entries`), 'ratio', 'same page', 'runs'];
  const rows = r.pages.map((p) => [
    p.page,
    `\`${p.path}\``,
    ...p.ms.map(ms),
    times(p.ratio),
    p.samePage ? 'yes' : 'no (other entries)',
    num(p.runs),
  ]);
  rows.push([
    '/stats picture (last 12 months)',
    '—',
    ...r.stats.ms.map(ms),
    times(r.stats.ratio),
    'no (other counts)',
    num(r.stats.runs),
  ]);
  return [
    `## Web view at ${r.sizes.map((s) => num(s)).join(' and ')} entries`,
    '',
    "Each page fetched over HTTP from the app's web view (`createJournalWebView` on `startWebServer`, signed in with a session cookie), " +
      `from generated journals that all hold the same ${PLANTED} planted entries on ${PLANT_DAY} (a year the generator leaves empty; ` +
      'that month-day is cleared in every other year), so each page shows the same entries at every size: "same page" checks the HTML is identical but for entry ids. ' +
      'The sizes are interleaved; medians. The stats picture is `statsPicture` (the PNG /stats sends) for the last 12 months, whose counts differ by size. ' +
      "A common word's first page is shown for what it costs, with no aim: it shows other entries at each size, and its total (counted up to 1,000) still has the text index list every match, a list that grows with the journal.",
    '',
    table(head, rows),
  ].join('\n');
}

export function webAims(r: WebResult): Aim[] {
  const largest = num(r.sizes.at(-1)!);
  const smallest = num(r.sizes[0]!);
  const pages = r.pages.filter((p) => p.aimed);
  const worst = pages.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  return [
    {
      aim: `every page at ${largest} entries within ${WEB_PAGE_AIM}× of ${smallest}, same entries shown`,
      measured: `worst ${times(worst.ratio)} (${worst.page})`,
      met: pages.every((p) => p.ratio <= WEB_PAGE_AIM),
    },
    {
      aim: `/stats picture at ${largest} within ${WEB_STATS_AIM}× of ${smallest}`,
      measured: times(r.stats.ratio),
      met: r.stats.ratio <= WEB_STATS_AIM,
    },
  ];
}
