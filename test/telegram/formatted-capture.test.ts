// A message's formatting (Telegram entities) is kept as Markdown in its entry, on capture, on edit and in captions.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { editUpdate, photoUpdate, textUpdate } from '../helpers/updates.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('formatted capture', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const entries = () => t.temp.db.selectFrom('entry').selectAll().orderBy('id').execute();
  const withEntities = <T extends { message?: object; edited_message?: object }>(update: T, entities: object[]) => {
    const message = (update.message ?? update.edited_message) as Record<string, unknown>;
    message[message.caption === undefined ? 'entities' : 'caption_entities'] = entities;
    return update;
  };

  it('stores bold, italic, code, a link and strikethrough as Markdown, counting an emoji as Telegram does', async () => {
    const text = '🌊 River day: cold water, see map, ran ls, not tired';
    await t.send(
      withEntities(textUpdate(text, { messageId: 31 }), [
        { type: 'bold', offset: 3, length: 9 },
        { type: 'italic', offset: 14, length: 10 },
        { type: 'text_link', offset: 30, length: 3, url: 'https://maps.example/r' },
        { type: 'code', offset: 39, length: 2 },
        { type: 'strikethrough', offset: 43, length: 3 },
      ]),
    );
    const [entry] = await entries();
    expect(entry!.content).toBe(
      '🌊 **River day**: _cold water_, see [map](https://maps.example/r), ran `ls`, ~~not~~ tired',
    );
    expect(t.api.callsTo('setMessageReaction')).toHaveLength(1);
  });

  it('an edit keeps its new formatting, the earlier Markdown kept as the revision', async () => {
    await t.send(
      withEntities(textUpdate('plain then bold', { messageId: 32 }), [{ type: 'italic', offset: 0, length: 5 }]),
    );
    await t.send(withEntities(editUpdate('plain then bold', 32), [{ type: 'bold', offset: 11, length: 4 }]));
    const [entry] = await entries();
    expect(entry!.content).toBe('plain then **bold**');
    const revisions = await t.temp.db.selectFrom('entry_revision').select('content').execute();
    expect(revisions.map((r) => r.content)).toEqual(['_plain_ then bold']);
  });

  it('a photo’s caption keeps its formatting', async () => {
    await t.send(withEntities(photoUpdate('at the lake', { messageId: 33 }), [{ type: 'bold', offset: 7, length: 4 }]));
    const [entry] = await entries();
    expect(entry!.content).toBe('at the **lake**');
  });
});
