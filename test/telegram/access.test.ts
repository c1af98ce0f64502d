// Only owners in private chats are heard: strangers learn their id, groups get silence, nothing leaks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, STRANGER_ID, editUpdate, textUpdate } from '../helpers/updates.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const entryCount = async () => (await t.temp.db.selectFrom('entry').select('id').execute()).length;

describe('access', () => {
  it('answers a stranger with one line naming their user id, and stores nothing', async () => {
    await t.send(textUpdate('let me in', { from: STRANGER_ID }));
    await t.send(textUpdate('@journal what did the owner write?', { from: STRANGER_ID }));
    expect(await entryCount()).toBe(0);
    const replies = t.api.callsTo('sendMessage').map((c) => c.payload);
    expect(replies).toHaveLength(2);
    for (const r of replies) {
      expect(r.chat_id).toBe(STRANGER_ID);
      expect(r.text).toContain(String(STRANGER_ID));
      expect(r.text).toMatch(/private journal bot/);
      expect(r.text.split('\n')).toHaveLength(1);
    }
  });

  it('ignores a stranger editing a message without a reply', async () => {
    await t.send(editUpdate('changed', 5, { from: STRANGER_ID }));
    expect(await entryCount()).toBe(0);
    expect(t.api.calls).toHaveLength(0);
  });

  it('with ALLOWED_USER_IDS empty, everyone gets the stranger line', async () => {
    await t.close();
    t = await createTestApp({ ALLOWED_USER_IDS: '' });
    await t.send(textUpdate('hello', { from: OWNER_ID }));
    expect(await entryCount()).toBe(0);
    expect(t.api.callsTo('sendMessage')[0]!.payload.text).toContain(String(OWNER_ID));
  });

  it('stays silent in groups, even for an owner', async () => {
    await t.send(textUpdate('group chatter', { chatType: 'group' }));
    await t.send(textUpdate('/start', { chatType: 'supergroup' }));
    expect(await entryCount()).toBe(0);
    expect(t.api.calls).toHaveLength(0);
  });
});

describe('commands and questions', () => {
  it('/start and /help say what the bot does: write, export; /help also asking with @journal and importing', async () => {
    await t.send(textUpdate('/start'));
    await t.send(textUpdate('/help'));
    const texts = t.api.callsTo('sendMessage').map((c) => c.payload.text as string);
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toMatch(/saved as an entry/);
      expect(text).toMatch(/export/);
    }
    // This bot has no key: /start offers no questions (test/telegram/start.test.ts), the whole guide names them.
    expect(texts[0]).not.toContain('@journal');
    expect(texts[1]).toContain('@journal');
    expect(texts[1]).toMatch(/Import history/);
    expect(await entryCount()).toBe(0);
  });

  it('a message that mentions @journal, a handle id, or starts with /ask is a question, never an entry', async () => {
    await t.send(textUpdate('@journal how many days did I write in April?'));
    await t.send(textUpdate('what is in @1b4e28ba-2fa1-11d2-883f-0016d3cca427 ?'));
    await t.send(textUpdate('/ask what did I do last week?'));
    expect(await entryCount()).toBe(0);
    expect(t.api.callsTo('setMessageReaction')).toHaveLength(0);
  });

  it('an e-mail address or another @username is an ordinary entry', async () => {
    await t.send(textUpdate('wrote to anna@journal.example and @journalist_bob'));
    expect(await entryCount()).toBe(1);
  });
});
