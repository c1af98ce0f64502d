// After importing an app's several journals there is no empty "Main" beside them, and /journal default <name> sends
// what the owner writes outside topics to the journal they name ("Main" goes back to the main journal).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveEntry } from '../../src/journal/entries/entry-store.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  // Two journals, as a Day One zip of two journals imports them: nothing in the main one.
  const at = new Date('2024-05-01T09:00:00Z');
  for (const [i, journal] of ['Travel', 'Dreams'].entries()) {
    await saveEntry(
      t.temp.db,
      {
        ownerId: OWNER_ID,
        source: 'import',
        chatId: OWNER_ID,
        messageId: 500 + i,
        writtenAt: at,
        text: `From ${journal}`,
        journal,
      },
      { timeZone: 'UTC', now: at },
    );
  }
});
afterEach(() => t.close());

const lastReply = () => t.api.callsTo('sendMessage').at(-1)!.payload.text as string;
const journalOf = async (text: string) =>
  (await t.temp.db.selectFrom('entry').select('journal').where('content', '=', text).executeTakeFirstOrThrow()).journal;

describe('/journal default', () => {
  it('lists no empty Main beside imported journals, and sends new messages to the journal named', async () => {
    await t.send(textUpdate('/journals'));
    expect(lastReply()).toMatch(/^Your journals \(2\):\n• Dreams: 1 entry\n• Travel: 1 entry\n/);

    await t.send(textUpdate('/journal default travel'));
    expect(lastReply()).toBe('Messages you send outside topics now go to "Travel".');
    await t.send(textUpdate('On the train again'));
    expect(await journalOf('On the train again')).toBe('Travel');

    await t.send(textUpdate('/journal default Nowhere'));
    expect(lastReply()).toBe('You have no journal "Nowhere". Your journals: Dreams, Travel.');

    await t.send(textUpdate('/journal default Main'));
    expect(lastReply()).toBe('Messages you send outside topics now go to Main.');
    await t.send(textUpdate('Back home'));
    expect(await journalOf('Back home')).toBe('');
    // The main journal has an entry again, so it is listed again.
    await t.send(textUpdate('/journals'));
    expect(lastReply()).toMatch(/^Your journals \(3\):\n• Main: 1 entry\n/);
  });
});
