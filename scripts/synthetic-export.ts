/**
 * Writes a synthetic Telegram Desktop export of any size, streamed to disk, in tdesktop's own layout
 * (one-space indentation, `date` + `date_unixtime`, `text` as a string or an array of parts).
 * Used by the importer tests and by the benchmark:
 *   tsx scripts/synthetic-export.ts <out.json> <messages> [single|full] [--mix]
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zonelessWallClock } from '../src/journal/dates/instant-format.ts';
import { fromUnixSeconds } from '../src/journal/dates/local-moment.ts';

export interface SyntheticExportOptions {
  messages: number;
  /** `single` (default): one Saved Messages chat. `full`: a full-account export whose default choice holds every message. */
  shape?: 'single' | 'full';
  ownerId?: number;
  /** Also write service messages, stickers, forwards and a chat with someone else, as real exports have. */
  mix?: boolean;
  /** Unix seconds of the first message (default 2020-01-01T00:00:00Z); one message every 7 minutes. */
  startUnix?: number;
}

export interface SyntheticExport {
  file: string;
  /** Message objects written. */
  messages: number;
  /** How many of them the importer should store with its default choice of chats. */
  entries: number;
  bytes: number;
}

const WORDS = (
  'morning walk river coffee rain quiet train work meeting idea book garden market sister call ' +
  'tired happy bread evening letter music window spring winter project plan dinner friend café naïve'
).split(' ');

/** A small deterministic generator, so the same options always give the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sentence(next: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]!);
  const text = picked.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function localDate(unix: number): string {
  return zonelessWallClock(fromUnixSeconds(unix), 'UTC');
}

type Kind = 'text' | 'parts' | 'service' | 'sticker' | 'forward' | 'other';

function messageJson(
  id: number,
  unix: number,
  kind: Kind,
  ownerId: number,
  next: () => number,
  indent: string,
): string {
  const i2 = `${indent} `;
  const head = [
    `"id": ${id}`,
    `"type": "${kind === 'service' ? 'service' : 'message'}"`,
    `"date": "${localDate(unix)}"`,
    `"date_unixtime": "${unix}"`,
  ];
  const from =
    kind === 'other'
      ? ['"from": "Alice"', '"from_id": "user300000000"']
      : ['"from": "Owner"', `"from_id": "user${ownerId}"`];
  let body: string[];
  if (kind === 'service')
    body = [
      `"actor": "Owner"`,
      `"actor_id": "user${ownerId}"`,
      '"action": "pin_message"',
      `"message_id": ${id - 1}`,
      '"text": ""',
      '"text_entities": []',
    ];
  else if (kind === 'sticker')
    body = [
      ...from,
      '"file": "(File not included. Change data exporting settings to download.)"',
      '"media_type": "sticker"',
      '"sticker_emoji": "🙂"',
      '"text": ""',
      '"text_entities": []',
    ];
  else if (kind === 'parts') {
    const a = `${sentence(next, 4)} `;
    const b = sentence(next, 2);
    const c = `\n${sentence(next, 6)}`;
    const parts = `[\n${i2} ${JSON.stringify(a)},\n${i2} {\n${i2}  "type": "bold",\n${i2}  "text": ${JSON.stringify(b)}\n${i2} },\n${i2} ${JSON.stringify(c)}\n${i2}]`;
    body = [
      ...from,
      `"text": ${parts}`,
      `"text_entities": [{"type": "plain", "text": ${JSON.stringify(a)}}, {"type": "bold", "text": ${JSON.stringify(b)}}, {"type": "plain", "text": ${JSON.stringify(c)}}]`,
    ];
  } else {
    const text = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      sentence(next, 5 + Math.floor(next() * 20)),
    ).join(next() < 0.3 ? '\n' : ' ');
    const forwarded = kind === 'forward' ? ['"forwarded_from": "Some Channel"'] : [];
    body = [
      ...from,
      ...forwarded,
      `"text": ${JSON.stringify(text)}`,
      `"text_entities": [{"type": "plain", "text": ${JSON.stringify(text)}}]`,
    ];
  }
  return `${indent}{\n${[...head, ...body].map((line) => `${i2}${line}`).join(',\n')}\n${indent}}`;
}

function kindOf(index: number, mix: boolean): Kind {
  if (!mix) return index % 5 === 4 ? 'parts' : 'text';
  const slot = index % 20;
  return slot === 3 ? 'service' : slot === 7 ? 'sticker' : slot === 11 ? 'forward' : slot === 15 ? 'parts' : 'text';
}

interface ChatPlan {
  name: string | null;
  type: string;
  id: number;
  messages: number;
  importedByDefault: boolean;
}

function plan(options: Required<SyntheticExportOptions>): ChatPlan[] {
  const { messages, ownerId, shape, mix } = options;
  if (shape === 'single')
    return [{ name: null, type: 'saved_messages', id: ownerId, messages, importedByDefault: true }];
  const other = mix ? Math.floor(messages / 10) : 0;
  const diary = Math.floor((messages - other) / 3);
  return [
    { name: 'Alice', type: 'personal_chat', id: 300000000, messages: other, importedByDefault: false },
    { name: null, type: 'saved_messages', id: ownerId, messages: messages - other - diary, importedByDefault: true },
    { name: 'My diary', type: 'private_channel', id: 1500000001, messages: diary, importedByDefault: true },
  ];
}

export async function writeSyntheticExport(file: string, options: SyntheticExportOptions): Promise<SyntheticExport> {
  const full: Required<SyntheticExportOptions> = {
    shape: 'single',
    ownerId: 111,
    mix: false,
    startUnix: 1577836800,
    ...options,
  };
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const next = random(full.messages);
  let written = 0;
  let entries = 0;
  let id = 1000;
  let unix = full.startUnix;

  const writeChat = async (chat: ChatPlan, indent: string) => {
    const i2 = `${indent} `;
    const name = chat.name === null ? '' : `${i2}"name": ${JSON.stringify(chat.name)},\n`;
    await write(`${name}${i2}"type": "${chat.type}",\n${i2}"id": ${chat.id},\n${i2}"messages": [\n`);
    for (let i = 0; i < chat.messages; i++) {
      const kind = chat.type === 'personal_chat' && i % 2 === 1 ? 'other' : kindOf(i, full.mix);
      if (chat.importedByDefault && (kind === 'text' || kind === 'parts')) entries += 1;
      await write(
        `${messageJson(id++, (unix += 420), kind, full.ownerId, next, `${i2} `)}${i + 1 < chat.messages ? ',' : ''}\n`,
      );
      written += 1;
    }
    await write(`${i2}]\n`);
  };

  const chats = plan(full);
  if (full.shape === 'single') {
    await write('{\n');
    await writeChat(chats[0]!, '');
    await write('}\n');
  } else {
    await write(
      `{\n "about": "Here is the data you requested. Remember: Telegram is ad free, it doesn't use your data for ad targeting and doesn't sell it to others. Telegram only keeps the data it needs to function as a secure and feature-rich cloud service.",\n`,
    );
    await write(
      ` "personal_information": {\n  "user_id": ${full.ownerId},\n  "first_name": "Owner",\n  "last_name": "",\n  "phone_number": "+00 000 000 0000",\n  "bio": ""\n },\n`,
    );
    await write(' "chats": {\n  "about": "This page lists all chats from this export.",\n  "list": [\n');
    for (const [index, chat] of chats.entries()) {
      await write('   {\n');
      await writeChat(chat, '   ');
      await write(`   }${index + 1 < chats.length ? ',' : ''}\n`);
    }
    await write('  ]\n }\n}\n');
  }
  out.end();
  await once(out, 'finish');
  return { file, messages: written, entries, bytes: out.bytesWritten };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [file, count, shape] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!file || !count || !/^\d+$/.test(count) || (shape && shape !== 'single' && shape !== 'full')) {
    console.error('usage: tsx scripts/synthetic-export.ts <out.json> <messages> [single|full] [--mix]');
    process.exit(2);
  }
  const made = await writeSyntheticExport(file, {
    messages: Number(count),
    shape: (shape as 'single' | 'full' | undefined) ?? 'single',
    mix: process.argv.includes('--mix'),
  });
  console.log(
    `${made.file}: ${made.messages} messages, ${made.entries} entries expected, ${(made.bytes / 1e6).toFixed(1)} MB`,
  );
}
