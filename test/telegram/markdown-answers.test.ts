// Answers that read well: the model's Markdown arrives as Telegram text + entities, cut between whole blocks, and
// plain when Telegram refuses the formatting. Through the real bot, SDK and both stand-ins.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMarkdown } from '../../src/telegram/markdown.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { textUpdate } from '../helpers/updates.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, undefined, { messagesApi: true });
});
afterEach(() => t.close());

const sent = () => t.api.callsTo('sendMessage').map((c) => c.payload);
const ANSWER = [
  '**April** was _busy_: you wrote on `3` days.',
  '',
  '- coffee with [Ana](https://example.com/ana)',
  '- a run of **5 km**',
  '',
  '```',
  'days = 3',
  '```',
].join('\n');

describe('Markdown answers', () => {
  it('arrive as formatted Telegram text: bold, italic, code, lists, links, code blocks', async () => {
    t.llm!.script({ text: ANSWER });
    await t.send(textUpdate('@journal how was April?', { messageId: 5 }));
    const [message] = sent();
    expect(message!.text).toBe(
      'April was busy: you wrote on 3 days.\n\n• coffee with Ana\n• a run of 5 km\n\ndays = 3',
    );
    expect(message!.parse_mode).toBeUndefined();
    expect(message!.entities).toEqual([
      { type: 'bold', offset: 0, length: 5 },
      { type: 'italic', offset: 10, length: 4 },
      { type: 'code', offset: 29, length: 1 },
      { type: 'text_link', url: 'https://example.com/ana', offset: 52, length: 3 },
      { type: 'bold', offset: 67, length: 4 },
      { type: 'pre', offset: 73, length: 8 },
    ]);
    expect(message!.reply_parameters).toMatchObject({ message_id: 5 });
  });

  it('fall back to the same text, plain, when Telegram cannot parse the entities', async () => {
    t.llm!.script({ text: ANSWER });
    t.api.fail('sendMessage', {
      error_code: 400,
      description: "Bad Request: can't parse entities: unsupported start tag",
    });
    await t.send(textUpdate('@journal how was April?'));
    const [refused, plain] = sent();
    expect(refused!.entities).toBeDefined();
    expect(plain!.text).toBe(refused!.text);
    expect(plain!.entities).toBeUndefined();
    expect(t.logger.lines.some((l) => l.includes('question.formatting_rejected'))).toBe(true);
    // The plain message is the answer the conversation continues from.
    expect(await t.temp.db.selectFrom('conversation_message').select('message_id').execute()).toHaveLength(1);
  });

  it('are cut between whole blocks, so a code block or list is never split across messages when it fits in one', async () => {
    const paragraph = (n: number) => `Paragraph ${n}: ${'word '.repeat(300).trim()}`;
    const code = `\`\`\`\n${'line of code\n'.repeat(100)}\`\`\``;
    t.llm!.script({ text: [paragraph(1), paragraph(2), code, paragraph(3), '- one\n- **two**'].join('\n\n') });
    await t.send(textUpdate('@journal everything'));
    const parts = sent();
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.text.length).toBeLessThanOrEqual(4096);
    const withCode = parts.filter((p) => (p.entities ?? []).some((e: any) => e.type === 'pre'));
    expect(withCode).toHaveLength(1);
    const pre = withCode[0]!.entities.find((e: any) => e.type === 'pre');
    expect(withCode[0]!.text.slice(pre.offset, pre.offset + pre.length)).toBe(
      `${'line of code\n'.repeat(99)}line of code`,
    );
    expect(parts.map((p) => p.text).join('\n\n')).toContain('• one\n• two');
  });

  it('cut inside a block only when the block alone is over the limit, keeping its formatting on each side', () => {
    const messages = formatMarkdown(`**${'bold '.repeat(1000).trim()}**`, 4096);
    expect(messages.length).toBe(2);
    for (const m of messages) {
      expect(m.text.length).toBeLessThanOrEqual(4096);
      expect(m.entities).toEqual([{ type: 'bold', offset: 0, length: m.text.length }]);
    }
    expect(messages.map((m) => m.text).join(' ')).toBe('bold '.repeat(1000).trim());
  });
});
