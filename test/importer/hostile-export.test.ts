// Hostile exports, imported for real: one bad message is skipped, counted and named; every other message imports.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTelegramExport } from '../../src/importer/telegram-export/import-export.ts';
import { formatImportSummary } from '../../src/importer/telegram-export/import-summary.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';

const OWNER = 111;
const dir = mkdtempSync(path.join(tmpdir(), 'hostile-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const message = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'message',
  date: '2024-01-01T11:00:00',
  date_unixtime: String(1704103200 + id * 60),
  from: 'Me',
  from_id: `user${OWNER}`,
  text: `note ${id}`,
  ...extra,
});
const savedMessages = (messages: unknown[]) =>
  JSON.stringify({ name: 'Saved', type: 'saved_messages', id: OWNER, messages });

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

const run = (file: string) => importTelegramExport(temp.db, file, { ownerId: OWNER, timeZone: 'Europe/Berlin' });
const messageIds = async () =>
  (await temp.db.selectFrom('entry').select('message_id').orderBy('message_id').execute()).map((r) => r.message_id);

describe('hostile exports', { timeout: PROCESS_TEST_MS }, () => {
  it('1,000 messages with one date_unixtime of 1e20 at position 700: 999 imported, message 700 named', async () => {
    const messages = Array.from({ length: 1000 }, (_, i) => message(i + 1, i === 699 ? { date_unixtime: 1e20 } : {}));
    const report = await run(write('bad-date.json', savedMessages(messages)));
    expect(report.error).toBeNull();
    expect(report.imported).toBe(999);
    expect(report.skipped['bad-date']).toBe(1);
    expect(report.skippedIds['bad-date']).toEqual([700]);
    expect(formatImportSummary(report, 'x').join('\n')).toContain(
      '1 with an impossible or out-of-range date (years 1970–9999 only) (message 700)',
    );
    const ids = await messageIds();
    expect(ids).toHaveLength(999);
    expect(ids).not.toContain(700);
  });

  it('impossible dates are skipped, never shifted; many damaged messages are named by the first few, then counted', async () => {
    const zoneless = (id: number, date: string) => message(id, { date, date_unixtime: undefined });
    const bad = [
      zoneless(1, '2024-02-30T10:00:00'),
      zoneless(2, '0000-01-01T10:00:00'),
      zoneless(3, '2024-01-01T99:99:99'),
      message(4, { date_unixtime: '999999999999' }),
    ];
    const more = Array.from({ length: 6 }, (_, i) => message(10 + i, { date_unixtime: -1 }));
    const report = await run(write('dates.json', savedMessages([...bad, zoneless(5, '2024-02-29T10:00:00'), ...more])));
    expect(report.imported).toBe(1);
    expect(report.skipped['bad-date']).toBe(10);
    expect(report.skippedIds['bad-date']).toEqual([1, 2, 3, 4, 10]);
    expect(formatImportSummary(report, 'x').join('\n')).toContain('(messages 1, 2, 3, 4, 10 and 5 more)');
    const rows = await temp.db.selectFrom('entry').select(['message_id', 'local_day']).execute();
    expect(rows).toEqual([{ message_id: 5, local_day: '2024-02-29' }]);
  });

  it('text nested 50,000 and 1,000,000 arrays deep: that message is skipped as too deep, the others import', async () => {
    for (const depth of [50_000, 1_000_000]) {
      const json = savedMessages([message(1), message(2), message(3)]).replace(
        '"note 2"',
        '['.repeat(depth) + '"x"' + ']'.repeat(depth),
      );
      const report = await run(write(`deep-${depth}.json`, json));
      expect(report.error).toBeNull();
      expect(report.skipped['too-deep']).toBe(1);
      expect(report.skippedIds['too-deep']).toEqual([2]);
      expect(await messageIds()).toEqual([1, 3]);
    }
  });

  it('deep nesting outside the messages costs no message', async () => {
    const deep = '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000);
    const report = await run(
      write(
        'deep-elsewhere.json',
        savedMessages([message(1), message(2)]).replace('{"name"', `{"junk":${deep},"name"`),
      ),
    );
    expect(report.error).toBeNull();
    expect(report.imported).toBe(2);
  });

  it('messages that is not an array is not a Telegram export, through the whole import', async () => {
    const report = await run(write('not-export.json', '{"type":"saved_messages","id":111,"messages":{}}'));
    expect(report.error?.problem).toBe(
      'is JSON, but not a Telegram Desktop export: "messages" is an object, not an array.',
    );
    expect(report.imported).toBe(0);
  });

  it('npm run import on a non-export exits 1 with one line naming the file and the field', async () => {
    const file = write('saved.json', '{"type":"saved_messages","id":111,"messages":{}}');
    const databasePath = path.join(dir, 'cli.sqlite');
    const result = await runEntryPoint('src/cli/import.ts', [file], {
      cwd: dir,
      env: { DATABASE_PATH: databasePath, ALLOWED_USER_IDS: String(OWNER) },
    });
    expect(result.code).toBe(1);
    const [found, ...rest] = result.stderr.trim().split('\n');
    expect(found).toBe(`import: ${file} is a Telegram Desktop export.`);
    expect(rest).toEqual([
      `${file}: is JSON, but not a Telegram Desktop export: "messages" is an object, not an array.`,
    ]);
  });
});
