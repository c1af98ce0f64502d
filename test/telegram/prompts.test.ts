// Writing prompts: /prompts add, /prompts, /prompts remove, /prompt; a reply to a prompt is an entry that keeps it
// (getEntry shows it); memory prompts quote the first line of what was written on this day in an earlier year.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROMPTS, firstLine, memoryPrompts, pickPrompt } from '../../src/journal/prompts/writing-prompts.ts';
import { addOwnerPrompt } from '../../src/journal/prompts/prompt-store.ts';
import { appPerTest } from '../helpers/app-per-test.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('writing prompts', () => {
  const now = new Date('2024-06-01T12:00:00Z');
  const { t, replies, ops } = appPerTest(now);

  it('/prompts add then /prompts lists it; /prompts remove takes it away; none of it is an entry', async () => {
    await t.send(textUpdate('/prompts'));
    await t.send(textUpdate('/prompts add What did the dog do today?'));
    await t.send(textUpdate('/prompts add Which song is stuck in your head?'));
    await t.send(textUpdate('/prompts'));
    await t.send(textUpdate('/prompts remove 1'));
    await t.send(textUpdate('/prompts remove 5'));
    await t.send(textUpdate('/prompts'));
    expect(replies()).toEqual([
      expect.stringMatching(/^You have no prompts of your own yet/),
      'Added: "What did the dog do today?". /prompts lists yours.',
      'Added: "Which song is stuck in your head?". /prompts lists yours.',
      expect.stringMatching(
        /^Your prompts:\n1\. What did the dog do today\?\n2\. Which song is stuck in your head\?\n\n/,
      ),
      'Removed: "What did the dog do today?".',
      'There is no prompt 5; /prompts lists yours.',
      expect.stringMatching(/^Your prompts:\n1\. Which song is stuck in your head\?\n\n/),
    ]);
    expect(await t.temp.db.selectFrom('entry').select('id').execute()).toEqual([]);
  });

  it('/prompt sends a question; a reply to it is an entry whose getEntry shows the question', async () => {
    await t.send(textUpdate('/prompt'));
    const [asked] = t.api.callsTo('sendMessage');
    const question = String(asked!.payload.text).split('\n')[0]!;
    expect(BUILT_IN_PROMPTS).toContain(question);
    const stored = await t.temp.db
      .selectFrom('prompt_message')
      .select(['message_id', 'prompt'])
      .executeTakeFirstOrThrow();
    expect(stored.prompt).toBe(question);
    const reply = textUpdate('The market, and a long lunch', { date: Date.parse('2024-06-01T13:00:00Z') / 1000 });
    await t.send({
      message: {
        ...reply.message,
        reply_to_message: {
          message_id: Number(stored.message_id),
          date: 0,
          chat: reply.message.chat,
          text: asked!.payload.text,
        },
      },
    });
    // A reply to any other message is a plain entry.
    const other = textUpdate('Unrelated', { date: Date.parse('2024-06-01T14:00:00Z') / 1000 });
    await t.send({
      message: {
        ...other.message,
        reply_to_message: { message_id: 4242, date: 0, chat: other.message.chat, text: 'x' },
      },
    });
    const entries = await t.temp.db.selectFrom('entry').select(['id', 'content']).orderBy('id').execute();
    expect(entries.map((e) => e.content)).toEqual(['The market, and a long lunch', 'Unrelated']);
    const answered = await ops().invokeMethod('journal', 'getEntry', { id: Number(entries[0]!.id) });
    expect(answered).toMatchObject({
      type: 'value',
      value: { content: 'The market, and a long lunch', prompt: question },
    });
    const plain = await ops().invokeMethod('journal', 'getEntry', { id: Number(entries[1]!.id) });
    expect(plain.type === 'value' && 'prompt' in (plain.value as object)).toBe(false);
  });

  describe('picking', () => {
    it('memory prompts quote the first line of this day in earlier years', async () => {
      await seedEntries(t.temp.db, OWNER_ID, [
        ['2023-06-01T09:00:00Z', 'Moved into the new flat\nBoxes everywhere'],
        ['2021-06-01T09:00:00Z', 'Started the pottery class'],
        ['2024-06-01T09:00:00Z', 'Today, not a memory'],
      ]);
      expect(await memoryPrompts(t.temp.db, OWNER_ID, '2024-06-01')).toEqual([
        'A year ago you wrote: "Moved into the new flat" — how is that now?',
        '3 years ago you wrote: "Started the pottery class" — how is that now?',
      ]);
      // random() below 0.5 picks a memory; the first of them with 0.
      expect(await pickPrompt(t.temp.db, OWNER_ID, '2024-06-01', () => 0)).toBe(
        'A year ago you wrote: "Moved into the new flat" — how is that now?',
      );
      expect(firstLine(`${'long '.repeat(40)}\nsecond`)).toMatch(/…$/);
    });

    it("the owner's own prompts are among those picked", async () => {
      await addOwnerPrompt(t.temp.db, OWNER_ID, 'My own question?', now);
      const values = [0.99, 0.9999];
      expect(await pickPrompt(t.temp.db, OWNER_ID, '2024-06-01', () => values.shift() ?? 0.9999)).toBe(
        'My own question?',
      );
    });
  });
});
