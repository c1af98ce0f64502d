// What a line typed into npm run try means: a message to the bot, a reply to a numbered message (`>3 text`), the
// press of a button (`[2]` or its text), a picture or audio file to send (its path), or one of the terminal's own
// words (`:topic Dreams`, `/quit`).
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Button, ChatLog, LoggedMessage } from './chat-log.ts';

const PICTURES = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.heic', '.tif', '.tiff']);
const AUDIO_TYPES: Record<string, string> = {
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
};

export type TypedAction =
  | { kind: 'quit' }
  /** Nothing goes to the bot; the terminal says this. */
  | { kind: 'notice'; text: string }
  /** Into the topic of that name, or back to the chat outside topics (null). */
  | { kind: 'topic'; name: string | null }
  | { kind: 'press'; message: LoggedMessage; button: Button }
  | { kind: 'message'; text: string; replyTo?: LoggedMessage }
  | { kind: 'photo' | 'voice'; file: string; mimeType: string; replyTo?: LoggedMessage };

/** A path as a terminal hands it over (quoted, spaces escaped, a file:// URL, ~), or null when it is none. */
function pathOf(line: string, resolve: (file: string) => string): string | null {
  let text = line.trim();
  if (/^(['"]).*\1$/.test(text)) text = text.slice(1, -1);
  else text = text.replace(/\\ /g, ' ');
  if (text.startsWith('file://')) {
    try {
      text = fileURLToPath(text);
    } catch {
      return null;
    }
  }
  if (text.startsWith('~/')) text = path.join(homedir(), text.slice(2));
  if (/\s/.test(text) && !existsSync(resolve(text))) return null;
  return resolve(text);
}

/** A picture or an audio file the line names, or a notice when it names one that is not there. */
function fileAction(line: string, resolve: (file: string) => string, replyTo?: LoggedMessage): TypedAction | null {
  const file = pathOf(line, resolve);
  if (file === null) return null;
  const extension = path.extname(file).toLowerCase();
  const media = PICTURES.has(extension) ? 'photo' : AUDIO_TYPES[extension] ? 'voice' : null;
  if (media === null) return null;
  const isFile = existsSync(file) && statSync(file).isFile();
  // A sentence that ends in ".jpg" is still a message; a lone file name that is not there is a mistake to say.
  if (!isFile)
    return !/\s/.test(line.trim()) ? { kind: 'notice', text: `No file at ${file}: nothing was sent.` } : null;
  return {
    kind: media,
    file,
    mimeType: media === 'photo' ? `image/${extension.slice(1)}` : AUDIO_TYPES[extension]!,
    ...(replyTo ? { replyTo } : {}),
  };
}

function pressAction(line: string, log: ChatLog): TypedAction | null {
  const message = log.lastWithButtons();
  const numbered = /^\[(\d{1,3})\]$/.exec(line);
  if (!message) return numbered ? { kind: 'notice', text: 'No message has buttons to press.' } : null;
  const wanted = line
    .replace(/^\[(.*)\]$/, '$1')
    .trim()
    .toLowerCase();
  const button = numbered
    ? message.buttons[Number(numbered[1]) - 1]
    : message.buttons.find((b) => b.text.trim().toLowerCase() === wanted);
  if (!button)
    return numbered
      ? { kind: 'notice', text: `Message ${message.number} has buttons 1 to ${message.buttons.length}.` }
      : null;
  if (button.callbackData === undefined)
    return { kind: 'notice', text: `That button opens ${button.url ?? 'something'} outside this terminal.` };
  return { kind: 'press', message, button };
}

export function readTypedLine(line: string, log: ChatLog, resolve: (file: string) => string): TypedAction {
  if (line === '/quit' || line === '/exit') return { kind: 'quit' };
  const topic = /^:topic(?:\s+(.*))?$/.exec(line);
  if (topic) return { kind: 'topic', name: topic[1]?.trim() || null };
  const reply = /^>(\d{1,6})\s+([\s\S]+)$/.exec(line);
  if (reply) {
    const replyTo = log.byNumber(Number(reply[1]));
    if (!replyTo) return { kind: 'notice', text: `There is no message ${reply[1]} to reply to.` };
    const text = reply[2]!.trim();
    return fileAction(text, resolve, replyTo) ?? { kind: 'message', text, replyTo };
  }
  return pressAction(line, log) ?? fileAction(line, resolve) ?? { kind: 'message', text: line };
}
