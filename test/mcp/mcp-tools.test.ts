// What the MCP server serves beyond the shared object tools is declared (src/mcp/tools/, mcp-tool.ts McpTool) and
// listed once (MCP_TOOLS). Pinned through the official client over stdio (`npm run -s mcp`, the build, as clients run
// it): tools/list is the object tools then every listed tool, each App's tool names its page, resources/list serves
// every declared App's page as built by scripts/build.mjs, whose list of Apps is the declared one.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/tools/index.ts';
import { OBJECT_TOOLS } from '../../src/objects/object-tools.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const SPAWN_TIMEOUT = 90_000;
const APPS = MCP_TOOLS.flatMap((t) => (t.app ? [t.app] : []));
let temp: TempDb;
let client: Client;

beforeAll(async () => {
  temp = await createTempDb();
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['--prefix', REPO_ROOT, 'run', '-s', 'mcp', '--', '--owner', '1000'],
    cwd: temp.dir,
    env: { DATABASE_PATH: temp.file, JOURNAL_TIMEZONE: 'UTC', ALLOWED_USER_IDS: '' },
    stderr: 'pipe',
  });
  client = new Client({ name: 'journal-tools-test', version: '1.0.0' });
  await client.connect(transport);
}, SPAWN_TIMEOUT);
afterAll(async () => {
  await client?.close();
  await temp?.cleanup();
});

describe('the declared MCP tools and Apps (MCP_TOOLS)', () => {
  it('lists the object tools, then every declared tool in MCP_TOOLS order, each once', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...OBJECT_TOOLS, ...MCP_TOOLS.map((t) => t.tool)].map((t) => t.name));
  });

  it("gives each App's tool its page's ui:// address, and no other tool one", async () => {
    const { tools } = await client.listTools();
    for (const declared of MCP_TOOLS) {
      const listed = tools.find((t) => t.name === declared.tool.name)!;
      expect(listed._meta?.ui, declared.tool.name).toEqual(
        declared.app ? { resourceUri: declared.app.uri } : undefined,
      );
    }
    for (const tool of OBJECT_TOOLS) expect(tools.find((t) => t.name === tool.name)?._meta?.ui).toBeUndefined();
  });

  it("serves every declared App's built page in resources/list, and nothing else", async () => {
    expect(APPS.length).toBeGreaterThan(0);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(APPS.map((a) => a.uri).sort());
    for (const app of APPS) {
      expect(resources.find((r) => r.uri === app.uri)).toMatchObject({ name: app.name, description: app.description });
      const { contents } = await client.readResource({ uri: app.uri });
      const page = contents[0] as { text?: string };
      expect(page.text, app.page).toMatch(/^<!doctype html>/i);
      expect(page.text, app.page).not.toContain('/*APP_SCRIPT*/'); // the bundled code is inlined
    }
  });

  it('builds exactly the declared Apps (scripts/build.mjs finds them by their page names)', async () => {
    // build.mjs is plain JavaScript with no types: its list is read as what it is.
    const buildScript = '../../scripts/build.mjs';
    const { MCP_APPS } = (await import(buildScript)) as { MCP_APPS: { out: string }[] };
    expect(MCP_APPS.map((a) => a.out).sort()).toEqual(APPS.map((a) => `mcp/app/${a.page}.html`).sort());
  });
});
