// What npm run try makes of a typed line: a file to send, a button to press, a reply, a topic, or a message.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createChatLog } from '../../src/try/chat-log.ts';
import { readTypedLine } from '../../src/try/typed-line.ts';
import { oggSeconds } from '../../src/try/file-message.ts';
import { startLocalBotApi, type BotCall } from '../../src/try/local-bot-api.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'typed-line-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const resolve = (file: string) => path.resolve(dir, file);

describe('readTypedLine', () => {
  const log = createChatLog();
  log.record({ messageId: 50, fromBot: false, text: 'my entry' });
  log.record({
    messageId: 10_000,
    fromBot: true,
    text: 'Mood?',
    buttons: [
      { text: '🙂', callbackData: 'mood:4' },
      { text: 'Open', url: 'https://example.org' },
    ],
  });

  it('sends a picture or audio file named by its path, quoted, with escaped spaces or as a file:// URL', () => {
    writeFileSync(path.join(dir, 'my lake.jpg'), 'x');
    writeFileSync(path.join(dir, 'note.ogg'), 'x');
    expect(readTypedLine('"my lake.jpg"', log, resolve)).toMatchObject({
      kind: 'photo',
      file: path.join(dir, 'my lake.jpg'),
    });
    expect(readTypedLine('my\\ lake.jpg', log, resolve)).toMatchObject({ kind: 'photo' });
    expect(readTypedLine(pathToFileURL(path.join(dir, 'note.ogg')).href, log, resolve)).toMatchObject({
      kind: 'voice',
      mimeType: 'audio/ogg',
    });
    expect(readTypedLine('I looked at old.jpg today', log, resolve)).toEqual({
      kind: 'message',
      text: 'I looked at old.jpg today',
    });
    expect(readTypedLine('gone.png', log, resolve)).toEqual({
      kind: 'notice',
      text: `No file at ${path.join(dir, 'gone.png')}: nothing was sent.`,
    });
  });

  it('presses a button by number or text; a link button says where it goes', () => {
    expect(readTypedLine('[1]', log, resolve)).toMatchObject({ kind: 'press', button: { callbackData: 'mood:4' } });
    expect(readTypedLine('🙂', log, resolve)).toMatchObject({ kind: 'press', message: { number: 2 } });
    expect(readTypedLine('[2]', log, resolve)).toEqual({
      kind: 'notice',
      text: 'That button opens https://example.org outside this terminal.',
    });
    expect(readTypedLine('[7]', log, resolve)).toEqual({ kind: 'notice', text: 'Message 2 has buttons 1 to 2.' });
  });

  it('replies to a numbered message, and says when there is none', () => {
    expect(readTypedLine('>1 /forget', log, resolve)).toMatchObject({
      kind: 'message',
      text: '/forget',
      replyTo: { messageId: 50 },
    });
    expect(readTypedLine('>9 hi', log, resolve)).toEqual({
      kind: 'notice',
      text: 'There is no message 9 to reply to.',
    });
  });

  it('reads :topic and /quit as the terminal’s own', () => {
    expect(readTypedLine(':topic Dreams', log, resolve)).toEqual({ kind: 'topic', name: 'Dreams' });
    expect(readTypedLine(':topic', log, resolve)).toEqual({ kind: 'topic', name: null });
    expect(readTypedLine('/quit', log, resolve)).toEqual({ kind: 'quit' });
  });
});

describe('the try stand-in', () => {
  it('answers createForumTopic with a ForumTopic, as Telegram does, not with true', async () => {
    const calls: BotCall[] = [];
    const api = await startLocalBotApi((call) => calls.push(call));
    try {
      const response = await fetch(`${api.url}/bot1:x/createForumTopic`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 1, name: 'Dreams' }),
      });
      const body = (await response.json()) as { result: unknown };
      expect(body.result).toEqual({ message_thread_id: 2, name: 'Dreams', icon_color: 7322096 });
      expect(calls[0]).toMatchObject({ method: 'createForumTopic', result: body.result });
    } finally {
      await api.close();
    }
  });

  it('reads a voice note’s length from its last Ogg page', () => {
    const page = Buffer.alloc(27);
    page.write('OggS', 0);
    page.writeBigUInt64LE(BigInt(48_000 * 42), 6);
    expect(oggSeconds(Buffer.concat([Buffer.from('junk'), page]))).toBe(42);
    expect(oggSeconds(Buffer.from('not ogg'))).toBe(0);
  });
});
