// No update can crash the bot: a failing handler is logged with its update id and the chat gets one apology.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APOLOGY_TEXT } from '../../src/telegram/error-handler.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { textUpdate } from '../helpers/updates.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('error boundary', () => {
  it('a throwing handler is logged with the update id, apologised for once, and the next update still works', async () => {
    // A real SQLite failure on the real insert path, not a mock of our own code.
    await sql`CREATE TRIGGER refuse BEFORE INSERT ON entry BEGIN SELECT RAISE(ABORT, 'disk says no'); END`.execute(
      t.temp.db,
    );
    await t.bot.handleUpdate({ update_id: 777, ...textUpdate('this one fails') } as any);
    const apologies = t.api.callsTo('sendMessage').filter((c) => c.payload.text === APOLOGY_TEXT);
    expect(apologies).toHaveLength(1);
    const failure = t.logger.lines.find((l) => l.includes('update.failed'));
    expect(failure).toBeDefined();
    expect(JSON.parse(failure!)).toMatchObject({ update_id: 777, level: 'error' });
    expect(failure).toContain('disk says no');
    expect(failure).not.toContain('this one fails');

    await sql`DROP TRIGGER refuse`.execute(t.temp.db);
    await t.send(textUpdate('this one is kept'));
    const rows = await t.temp.db.selectFrom('entry').select('content').execute();
    expect(rows.map((r) => r.content)).toEqual(['this one is kept']);
  });

  it('an apology that cannot be sent is logged, not thrown', async () => {
    await sql`CREATE TRIGGER refuse BEFORE INSERT ON entry BEGIN SELECT RAISE(ABORT, 'nope'); END`.execute(t.temp.db);
    t.api.fail('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await expect(t.send(textUpdate('x'))).resolves.toBeUndefined();
    expect(t.logger.lines.some((l) => l.includes('update.apology_failed'))).toBe(true);
  });
});
