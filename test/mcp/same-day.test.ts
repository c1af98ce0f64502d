// The bot, the CLI and the MCP server open the journal one way (journalSettings + openJournalOperations), so "today"
// is the same day everywhere: asked in a zone far from the machine's, the CLI and the MCP server answer onThisDay()
// for the owner's local day, not the machine's.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPointArgs, PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedKnownJournal } from '../journal/known-journal.ts';

// UTC+14 and UTC−11: for ten hours of every day their dates differ from each other, and always one differs from UTC's.
const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const monthDayIn = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, month: '2-digit', day: '2-digit' }).format(new Date());
const env = (zone: string) => ({ DATABASE_PATH: temp.file, JOURNAL_TIMEZONE: zone, ALLOWED_USER_IDS: '' });

let temp: TempDb;
beforeAll(async () => {
  temp = await createTempDb();
  await seedKnownJournal(temp.db);
});
afterAll(() => temp.cleanup());

async function mcpOnThisDay(zone: string): Promise<string> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...entryPointArgs('src/cli/mcp.ts'), '--owner', String(OWNER)],
    cwd: temp.dir,
    env: { PATH: process.env.PATH ?? '', ...env(zone) },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'same-day-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = await client.callTool({
      name: 'invokeMethod',
      arguments: { objId: 'journal', methodName: 'onThisDay', args: {} },
    });
    return (result.content as { type: string; text: string }[])[0]!.text;
  } finally {
    await client.close();
  }
}

describe('onThisDay() in the owner zone', { timeout: PROCESS_TEST_MS }, () => {
  it.each(ZONES)('MCP and CLI name the same day in %s', async (zone) => {
    const expected = monthDayIn(zone);
    const cli = await runEntryPoint(
      'src/cli/journal.ts',
      ['invoke', 'journal', 'onThisDay', '--owner', String(OWNER)],
      { cwd: temp.dir, env: env(zone) },
    );
    expect(cli.code).toBe(0);
    const mcp = await mcpOnThisDay(zone);
    // The day may turn between the two processes: then both answers must still be one of the two days.
    const now = monthDayIn(zone);
    const days = [expected, now];
    const dayOf = (text: string) => /written on (\d{2}-\d{2})/.exec(text)?.[1];
    expect(days).toContain(dayOf(cli.stdout));
    expect(days).toContain(dayOf(mcp));
  });
});
