// An MCP server whose journal cannot be opened (no file at DATABASE_PATH, an unknown --owner) still answers
// initialize, as a client spawns it, and every tool call returns the reason as a tool error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { createTempDb } from '../helpers/temp-db.ts';
import { seedEntries } from '../helpers/seed-entries.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-mcp-unavailable-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function connect(env: Record<string, string>, args: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['--prefix', REPO_ROOT, 'run', '-s', 'mcp', ...(args.length ? ['--', ...args] : [])],
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ALLOWED_USER_IDS: '',
      DATABASE_URL: '',
      JOURNAL_TIMEZONE: 'UTC',
      ...env,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'journal-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const errorText = (result: Awaited<ReturnType<Client['callTool']>>) => ({
  isError: result.isError,
  text: (result.content as { type: string; text?: string }[])[0]?.text ?? '',
});

describe('npm run -s mcp without a journal it can open', { timeout: 120_000 }, () => {
  it('answers initialize and tools/list, and each call says why it cannot work', async () => {
    const missing = path.join(dir, 'no-such', 'journal.sqlite');
    const client = await connect({ DATABASE_PATH: missing });
    try {
      expect(client.getInstructions()).toMatch(
        /^The journal could not be opened: There is no database at .*; nothing was created\./,
      );
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
        'analyzeObject',
        'describeKind',
        'invokeMethod',
        'listKinds',
        'listObjects',
        'showCalendar',
      ]);
      const call = errorText(
        await client.callTool({
          name: 'invokeMethod',
          arguments: { objId: 'journal', methodName: 'getDayCount', args: {} },
        }),
      );
      expect(call.isError).toBe(true);
      expect(call.text).toContain('The journal could not be opened');
      expect(call.text).toContain(missing);
      expect(call.text).toContain('DATABASE_PATH');
    } finally {
      await client.close();
    }
  });

  it('an unknown --owner is the reason, naming the owners there are', async () => {
    const temp = await createTempDb();
    await seedEntries(temp.db, 111, [['2024-04-01T09:00:00Z', 'a note']]);
    await temp.db.destroy();
    const client = await connect({ DATABASE_PATH: temp.file }, ['--owner', '42']);
    try {
      const call = errorText(await client.callTool({ name: 'listObjects', arguments: {} }));
      expect(call).toEqual({
        isError: true,
        text: expect.stringContaining('--owner 42 has no journal here. The owners are: 111.'),
      });
    } finally {
      await client.close();
      await temp.cleanup();
    }
  });
});
