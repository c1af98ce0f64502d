// The MCP App over stdio, through the official client spawning `npm run -s mcp` on a demo journal (with a few moods):
// every tool has a title and its hints; showCalendar names a ui:// page of the MCP Apps type that loads nothing from
// outside and fits the size a host takes; and showCalendar's structuredContent is the journal's days, equal to SQL.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JOURNAL, buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { externalReferences } from '../helpers/external-references.ts';

const OWNER = 1000;
const SPAWN_TIMEOUT = 90_000;
const MOODS: [string, number][] = [
  ['2024-04-02', 4],
  ['2024-05-10', 2],
];
let temp: TempDb;
let client: Client;

/** The official client over stdio; `pin` makes it speak the stateless 2026-07-28 revision (server/discover, no initialize). */
async function connect(pin?: string): Promise<Client> {
  const env = { DATABASE_PATH: temp.file, JOURNAL_TIMEZONE: 'UTC', ALLOWED_USER_IDS: '' };
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['--prefix', REPO_ROOT, 'run', '-s', 'mcp', '--', '--owner', String(OWNER)],
    cwd: temp.dir,
    env,
    stderr: 'pipe',
  });
  const connected = new Client(
    { name: 'journal-app-test', version: '1.0.0' },
    pin ? { versionNegotiation: { mode: { pin } } } : {},
  );
  await connected.connect(transport);
  return connected;
}

beforeAll(async () => {
  temp = await createTempDb();
  await buildGeneratedJournal(temp.db, { ownerId: OWNER, ...DEMO_JOURNAL, timeZone: 'UTC' });
  for (const [day, mood] of MOODS) await setMood(temp.db, OWNER, day, mood, new Date('2024-07-01T00:00:00Z'));
  client = await connect();
}, SPAWN_TIMEOUT);
afterAll(async () => {
  await client?.close();
  await temp?.cleanup();
});

describe('the MCP App over stdio (npm run -s mcp)', () => {
  it('gives every tool a title and read-only hints, and showCalendar a ui:// page with a fixed output shape', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.title, tool.name).toMatch(/\w/);
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
    const calendar = tools.find((t) => t.name === 'showCalendar')!;
    expect(calendar._meta).toMatchObject({ ui: { resourceUri: 'ui://journal/calendar.html' } });
    expect(calendar.outputSchema?.required).toEqual(expect.arrayContaining(['objId', 'description', 'range', 'days']));
  });

  it('serves the page as one self-contained text/html;profile=mcp-app file under 500 KB', async () => {
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({ uri: 'ui://journal/calendar.html', mimeType: 'text/html;profile=mcp-app' }),
    );
    const { contents } = await client.readResource({ uri: 'ui://journal/calendar.html' });
    expect(contents).toHaveLength(1);
    const page = contents[0] as { mimeType?: string; text?: string };
    expect(page.mimeType).toBe('text/html;profile=mcp-app');
    expect(page.text).toMatch(/^<!doctype html>/i);
    expect(page.text).toContain('journal-calendar'); // the bundled App is inline, not referenced
    expect(Buffer.byteLength(page.text ?? '')).toBeLessThan(500 * 1024);
    expect(externalReferences(page.text ?? '')).toEqual([]);
  });

  it('the reference check itself finds what a page would load', () => {
    const page =
      '<link href="https://cdn.example/x.css"><img src=//cdn.example/a.png><style>b{background:url(https://e.example/b.png)}</style><script>import("https://e.example/m.js")</script><a href="#top"><img src="data:image/png;base64,AA">';
    expect(externalReferences(page)).toEqual([
      'https://cdn.example/x.css',
      '//cdn.example/a.png',
      'https://e.example/b.png',
      'https://e.example/m.js',
    ]);
  });

  it("returns the demo journal's days, counts and moods as structuredContent, equal to SQL", async () => {
    const result = await client.callTool({ name: 'showCalendar', arguments: { objId: 'journal' } });
    expect(result.isError).toBeFalsy();
    const calendar = result.structuredContent as {
      objId: string;
      range: { first: string; last: string };
      description: string;
      days: { date: string; count: number; mood: number | null }[];
    };
    const rows = await temp.db
      .selectFrom('entry')
      .select((eb) => ['local_day', eb.fn.countAll<number>().as('n')])
      .where('owner_id', '=', OWNER)
      .groupBy('local_day')
      .orderBy('local_day')
      .execute();
    // Every written day with its count, and every day with a mood (written or not) with it.
    const expected = new Map(
      rows.map((r) => [r.local_day, { date: r.local_day, count: Number(r.n), mood: null as number | null }]),
    );
    for (const [date, mood] of MOODS) expected.set(date, { date, count: expected.get(date)?.count ?? 0, mood });
    expect(calendar.days).toEqual([...expected.values()].sort((a, b) => a.date.localeCompare(b.date)));
    expect(calendar.range).toEqual({ first: rows[0]!.local_day, last: rows.at(-1)!.local_day });
    expect(calendar.objId).toBe('journal');
    expect(calendar.description).toMatch(/^The whole journal: \d+ days, 700 entries/);
    // The text block says the same for a client that reads only text.
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(calendar);
  });

  it('answers a handle without a calendar as a tool error the model can act on', async () => {
    const result = await client.callTool({ name: 'showCalendar', arguments: { objId: 'no-such-handle' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(/no-such-handle|journal/);
  });

  it(
    'speaks the 2025-11-25 handshake by default, and the stateless 2026-07-28 revision to a client that asks for it',
    async () => {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      const modern = await connect('2026-07-28');
      try {
        expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        expect((await modern.listTools()).tools.find((t) => t.name === 'showCalendar')?.title).toBe(
          'Show the calendar',
        );
        const result = await modern.callTool({ name: 'showCalendar', arguments: { objId: 'journal' } });
        expect((result.structuredContent as { days: unknown[] }).days.length).toBeGreaterThan(0);
      } finally {
        await modern.close();
      }
    },
    SPAWN_TIMEOUT,
  );
});
