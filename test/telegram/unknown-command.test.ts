// A mistyped command is answered with the nearest real one and kept nowhere; `//` keeps a slash-started entry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { textUpdate } from '../helpers/updates.ts';
import { describeStores } from '../helpers/stores.ts';
import { editDistance, nearestCommand } from '../../src/telegram/nearest-command.ts';
import { MENU_COMMANDS } from '../../src/telegram/features/index.ts';

const COMMANDS = MENU_COMMANDS.map((c) => c.command);

describe('nearestCommand', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('saerch', 'search')).toBe(1);
    expect(editDistance('serch', 'search')).toBe(1);
    expect(editDistance('', 'day')).toBe(3);
  });
  it('names the bot’s own command nearest to a typo, and none when nothing is near', () => {
    expect(nearestCommand('serch', COMMANDS)).toBe('search');
    expect(nearestCommand('Search', COMMANDS)).toBe('search');
    expect(nearestCommand('sats', COMMANDS)).toBe('stats');
    expect(nearestCommand('jour', COMMANDS)).toBe('journal');
    expect(nearestCommand('photo', COMMANDS)).toBeNull();
    expect(nearestCommand('xyzzyq', COMMANDS)).toBeNull();
  });
});

describeStores('a message that starts like a command', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const entries = () => t.temp.db.selectFrom('entry').selectAll().execute();
  const replies = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));

  it('/serch river names /search, stores no entry and gets no ✍, yet the update was kept in the inbox first', async () => {
    await t.send(textUpdate('/serch river'));
    expect(await entries()).toHaveLength(0);
    expect(t.api.callsTo('setMessageReaction')).toHaveLength(0);
    expect(replies()).toHaveLength(1);
    expect(replies()[0]).toContain('No command /serch — did you mean /search?');
    expect(replies()[0]).toContain('//serch');
    const inbox = await t.temp.db.selectFrom('update_inbox').selectAll().execute();
    expect(inbox.length).toBeGreaterThanOrEqual(1);
  });

  it('/photo, near no command, points to /help', async () => {
    await t.send(textUpdate('/photo'));
    expect(await entries()).toHaveLength(0);
    expect(replies()[0]).toMatch(/^No command \/photo\. See \/help for the commands\./);
  });

  it('a command of the bot still works, and one addressed to another bot is kept as before', async () => {
    await t.send(textUpdate('/help'));
    expect(replies()[0]).not.toContain('No command');
    await t.send(textUpdate('/stats@other_bot hello'));
    expect((await entries()).map((e) => e.content)).toEqual(['/stats@other_bot hello']);
  });

  it('//etc/hosts keeps the entry with one slash, its formatting still in place', async () => {
    const update = textUpdate('//etc/hosts is **odd**');
    update.message.entities = [{ type: 'bold', offset: 15, length: 3 }] as never;
    update.message.text = '//etc/hosts is odd';
    await t.send(update);
    expect((await entries()).map((e) => e.content)).toEqual(['/etc/hosts is **odd**']);
    expect(t.api.callsTo('setMessageReaction')).toHaveLength(1);
  });
});
