// The bot keeps every owner message as an entry, exactly once, and never loses an edited text.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countEntries } from '../../src/journal/views/entry-queries.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { editUpdate, OWNER_ID, photoUpdate, textUpdate } from '../helpers/updates.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('capture', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const entries = () => t.temp.db.selectFrom('entry').selectAll().orderBy('id').execute();

  describe('capture', () => {
    it('stores a text message as an entry with title, content, instant and local day', async () => {
      await t.send(
        textUpdate('Morning walk\nSaw the river flooding.', {
          messageId: 7,
          date: Date.UTC(2024, 3, 15, 9, 30) / 1000,
        }),
      );
      const [entry] = await entries();
      expect(entry).toMatchObject({
        owner_id: OWNER_ID,
        source: 'live',
        chat_id: OWNER_ID,
        message_id: 7,
        title: 'Morning walk',
        content: 'Morning walk\nSaw the river flooding.',
        written_at: '2024-04-15T09:30:00.000Z',
        local_day: '2024-04-15',
        local_time: '09:30',
        edited_at: null,
      });
    });

    it('a long first line with an emoji at the cut is stored with a whole emoji in its title (no U+FFFD)', async () => {
      await t.send(textUpdate(`${'a'.repeat(118)}😀😀 rest of the line`, { messageId: 6 }));
      const [entry] = await entries();
      expect(entry!.title).toBe(`${'a'.repeat(118)}😀…`);
      expect(entry!.title).not.toContain('\uFFFD');
    });

    it('acknowledges with a reaction, not a reply', async () => {
      await t.send(textUpdate('hello', { messageId: 8 }));
      expect(t.api.callsTo('setMessageReaction')).toHaveLength(1);
      expect(t.api.callsTo('setMessageReaction')[0]!.payload).toMatchObject({
        message_id: 8,
        reaction: [{ type: 'emoji', emoji: '✍' }],
      });
      expect(t.api.callsTo('sendMessage')).toHaveLength(0);
    });

    it('still stores the entry when the reaction fails, and does not apologise', async () => {
      t.api.fail('setMessageReaction', { error_code: 400, description: 'Bad Request: REACTION_INVALID' });
      await t.send(textUpdate('kept anyway'));
      expect(await entries()).toHaveLength(1);
      expect(t.api.callsTo('sendMessage')).toHaveLength(0);
      expect(t.logger.lines.some((l) => l.includes('entry.reaction_failed'))).toBe(true);
    });

    it('stores the caption of a photo, and a bare photo as [photo]', async () => {
      await t.send(photoUpdate('Sunset at the lake'));
      await t.send(photoUpdate(undefined));
      const rows = await entries();
      expect(rows.map((r) => r.content)).toEqual(['Sunset at the lake', '[photo]']);
      expect(t.api.callsTo('sendMessage')).toHaveLength(0);
    });

    it('stores the same message delivered twice only once', async () => {
      const update = textUpdate('only once', { messageId: 21 });
      await t.send(update);
      await t.send(update);
      expect(await entries()).toHaveLength(1);
      expect(t.api.callsTo('setMessageReaction')).toHaveLength(1);
    });

    it('an edit updates the entry and keeps the earlier text as a revision', async () => {
      await t.send(textUpdate('First draft', { messageId: 30 }));
      await t.send(editUpdate('Second draft', 30, { editDate: Date.UTC(2024, 3, 15, 10) / 1000 }));
      await t.send(editUpdate('Final text', 30, { editDate: Date.UTC(2024, 3, 15, 11) / 1000 }));
      const [entry] = await entries();
      expect(entry).toMatchObject({
        content: 'Final text',
        title: 'Final text',
        edited_at: '2024-04-15T11:00:00.000Z',
      });
      const revisions = await t.temp.db.selectFrom('entry_revision').selectAll().orderBy('id').execute();
      expect(revisions.map((r) => r.content)).toEqual(['First draft', 'Second draft']);
      expect(revisions.every((r) => r.entry_id === entry!.id)).toBe(true);
    });

    it('keeps the full-text index in sync with edits', async () => {
      await t.send(textUpdate('about apples', { messageId: 40 }));
      await t.send(editUpdate('about pears', 40));
      // Through the store's own search (FTS5 on SQLite, the tsvector on PostgreSQL).
      const hits = (q: string) => countEntries(t.temp.db, OWNER_ID, { search: [q] });
      expect(await hits('apples')).toBe(0);
      expect(await hits('pears')).toBe(1);
    });

    it('uses the local day of JOURNAL_TIMEZONE: 23:30 UTC on Jan 31 is Feb 1 in Asia/Tokyo', async () => {
      await t.close();
      t = await createTestApp({ JOURNAL_TIMEZONE: 'Asia/Tokyo' });
      await t.send(textUpdate('late night', { date: Date.UTC(2024, 0, 31, 23, 30) / 1000 }));
      const [entry] = await entries();
      expect(entry).toMatchObject({
        written_at: '2024-01-31T23:30:00.000Z',
        local_day: '2024-02-01',
        local_time: '08:30',
      });
    });

    it('logs one line per event with no message text and no token', async () => {
      await t.send(textUpdate('a very private sentence'));
      const log = t.logger.lines.join('');
      expect(log).not.toContain('private sentence');
      expect(log).not.toContain('TEST-token');
      expect(t.logger.lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    });
  });
});
