// The model can look: a question whose model calls viewMedia gets the photo as an image block in its tool_result
// (scaled, JPEG), the ledger says a photo was sent (/sent), getEntry lists media without bytes, and with
// JOURNAL_AI=off nothing is sent at all.
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetEntry } from '../../src/journal/forget/forget.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { IMAGE_LONG_EDGE } from '../../src/journal/media/view-media-method.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { toolResultsOf } from '../stand-ins/messages-api.ts';
import { mediaUpdate, OWNER_ID, textUpdate } from '../helpers/updates.ts';

let t: TestApp;
afterEach(() => t.close());

/** A 3000×2000 JPEG: larger than the model's best size, so it is scaled. */
const bigPhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

async function capturePhoto(bytes: Buffer): Promise<number> {
  t.api.addFile('table-photo', bytes);
  await t.send(
    mediaUpdate({
      photo: [{ file_id: 'table-photo', file_unique_id: 'tp', width: 3000, height: 2000, file_size: bytes.length }],
      caption: 'Lisbon dinner',
    }),
  );
  await t.app.mediaDownloads.runDue();
  return (await t.temp.db.selectFrom('entry').select('id').executeTakeFirstOrThrow()).id;
}

describe('viewMedia', () => {
  it('puts the photo into the tool_result as an image block, and the ledger (/sent) says a photo was sent', async () => {
    t = await createTestApp({}, undefined, { messagesApi: true });
    const id = await capturePhoto(await bigPhoto());
    t.llm!.script(
      { tools: [{ name: 'invokeMethod', input: { objId: 'journal', methodName: 'getEntry', args: { id } } }] },
      {
        tools: [
          {
            name: 'invokeMethod',
            input: { objId: 'journal', methodName: 'viewMedia', args: { entryId: id, index: 0 } },
          },
        ],
      },
      { text: 'A table with plates of grilled sardines.' },
    );
    await t.send(textUpdate('/ask what was on the table in Lisbon?'));
    const [, afterGetEntry, afterView] = t.llm!.requests;
    const listed = JSON.parse((toolResultsOf(afterGetEntry!)[0]!.content as { text: string }[])[0]!.text);
    expect(listed.value.media).toEqual([
      { index: 0, kind: 'photo', size: expect.stringMatching(/kB$/), dimensions: '3000×2000', kept: true },
    ]);
    const result = toolResultsOf(afterView!)[0]!;
    expect(result.is_error).toBeUndefined();
    const [text, image] = result.content as any[];
    expect(JSON.parse(text.text).value).toMatchObject({
      entryId: id,
      kind: 'photo',
      width: IMAGE_LONG_EDGE,
      height: 1045,
    });
    expect(image).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/jpeg' } });
    const decoded = await sharp(Buffer.from(image.source.data, 'base64')).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['jpeg', IMAGE_LONG_EDGE, 1045]);
    expect(Buffer.from(image.source.data, 'base64').length).toBeLessThan(5 * 1024 * 1024);

    await t.send(textUpdate('/sent'));
    expect(String(t.api.callsTo('sendMessage').at(-1)!.payload.text)).toMatch(/1 entry and 1 photo →/);
  });

  it(
    'makes the picture once through the same gate and cache as the thumbnails, and refuses one over the budget',
    { timeout: 60_000 },
    async () => {
      t = await createTestApp();
      const id = await capturePhoto(await bigPhoto());
      const ops = createJournalOperations(t.temp.db, OWNER_ID);
      const first = await ops.invokeMethod('journal', 'viewMedia', { entryId: id });
      expect(first).toMatchObject({ type: 'value', value: { width: IMAGE_LONG_EDGE } });
      const kept = await t.temp.db.selectFrom('media_thumbnail').select(['variant', 'mime_type', 'width']).execute();
      expect(kept).toEqual([{ variant: `jpeg:${IMAGE_LONG_EDGE}`, mime_type: 'image/jpeg', width: IMAGE_LONG_EDGE }]);
      // The original's bytes changed under the cache (as a hostile picture would be): the kept picture is what is read.
      await t.temp.db.deleteFrom('media_chunk').execute();
      expect(await ops.invokeMethod('journal', 'viewMedia', { entryId: id })).toMatchObject({
        type: 'value',
        value: { width: IMAGE_LONG_EDGE },
      });

      // A 16-bit interlaced picture past the whole-decode budget: refused from its header, and the refusal kept.
      await t.temp.db.deleteFrom('media_thumbnail').execute();
      const hostile = await sharp({ create: { width: 4200, height: 4200, channels: 3, background: '#000' } })
        .toColourspace('rgb16')
        .png({ progressive: true, compressionLevel: 1 })
        .toBuffer();
      const sha256 = (await t.temp.db.selectFrom('entry_media').select('sha256').executeTakeFirstOrThrow()).sha256!;
      await t.temp.db.insertInto('media_chunk').values({ blob: sha256, seq: 0, data: hostile }).execute();
      await expect(ops.invokeMethod('journal', 'viewMedia', { entryId: id })).rejects.toThrow(
        /^This photo is too large to look at/,
      );
      expect(await t.temp.db.selectFrom('media_thumbnail').select(['variant', 'data']).execute()).toEqual([
        { variant: `jpeg:${IMAGE_LONG_EDGE}`, data: null },
      ]);
      // Forgetting the entry takes its photo's bytes and every picture made from them.
      await forgetEntry(t.temp.db, OWNER_ID, id);
      expect(await t.temp.db.selectFrom('media_thumbnail').selectAll().execute()).toEqual([]);
    },
  );

  it('a voice note gives its transcript when there is one; other media are refused with a reason', async () => {
    t = await createTestApp();
    await t.send(mediaUpdate({ voice: { file_id: 'v', file_unique_id: 'v', duration: 3 } }));
    const ops = createJournalOperations(t.temp.db, OWNER_ID);
    expect(await ops.invokeMethod('journal', 'viewMedia', { entryId: 1 })).toEqual({
      type: 'value',
      value: { entryId: 1, index: 0, kind: 'voice_note', transcript: null, note: 'No transcript of it is kept.' },
    });
    await t.temp.db
      .updateTable('entry')
      .set({ content: 'the words of it', transcribed_at: '2024-06-01T12:00:00.000Z' })
      .execute();
    expect(await ops.invokeMethod('journal', 'viewMedia', { entryId: 1 })).toEqual({
      type: 'value',
      value: { entryId: 1, index: 0, kind: 'voice_note', transcript: 'the words of it' },
    });
    await expect(ops.invokeMethod('journal', 'viewMedia', { entryId: 1, index: 1 })).rejects.toThrow(
      'Entry 1 has no medium at index 1; getEntry(1) lists its media.',
    );
  });

  it('with JOURNAL_AI=off no question reaches a model, so no photo is sent', async () => {
    t = await createTestApp({ JOURNAL_AI: 'off' }, undefined, { messagesApi: true });
    await capturePhoto(await bigPhoto());
    await t.send(textUpdate('/ask what was on the table?'));
    expect(t.llm!.requests).toEqual([]);
    expect(await t.temp.db.selectFrom('sent_ledger').selectAll().execute()).toEqual([]);
  });
});
