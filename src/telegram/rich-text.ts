/**
 * Our formatted text (text + entities, as send-formatted.ts sends it) as a rich message's RichText (Bot API 10.1), so
 * an answer reads the same in a rich message as in a plain one. Entities inside another entity keep their text only.
 */
import type { FormattedString } from '@grammyjs/parse-mode';
import type { InputRichBlock, MessageEntity, RichText } from 'grammy/types';

/** One entity's span as rich text, or the span plain where rich text has no counterpart. */
function richSpan(entity: MessageEntity, text: string): RichText {
  switch (entity.type) {
    case 'bold':
    case 'italic':
    case 'underline':
    case 'strikethrough':
    case 'spoiler':
    case 'code':
      return { type: entity.type, text };
    case 'pre':
      return { type: 'code', text };
    case 'text_link':
      return { type: 'url', text, url: entity.url };
    case 'url':
      return { type: 'url', text, url: text };
    case 'bot_command':
      return { type: 'bot_command', text, bot_command: text };
    default:
      return text;
  }
}

export function richTextOf(formatted: Pick<FormattedString, 'text' | 'entities'>): RichText {
  const { text } = formatted;
  const entities = [...formatted.entities].sort((a, b) => a.offset - b.offset || b.length - a.length);
  const parts: RichText[] = [];
  let at = 0;
  for (const entity of entities) {
    if (entity.offset < at) continue; // inside the previous one
    if (entity.offset > at) parts.push(text.slice(at, entity.offset));
    parts.push(richSpan(entity, text.slice(entity.offset, entity.offset + entity.length)));
    at = entity.offset + entity.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts.length === 1 ? parts[0]! : parts;
}

/** Formatted chunks as paragraphs. */
export const paragraphsOf = (chunks: readonly Pick<FormattedString, 'text' | 'entities'>[]): InputRichBlock[] =>
  chunks.filter((c) => c.text.trim()).map((c) => ({ type: 'paragraph', text: richTextOf(c) }));

/** A table cell; `header` for the first row. */
export const cell = (text: string, header = false) => ({
  text,
  align: 'left' as const,
  valign: 'top' as const,
  ...(header ? { is_header: true as const } : {}),
});

/** Up to ten photos (Telegram file ids) side by side, or nothing. */
export function collageOf(fileIds: readonly string[], caption: string): InputRichBlock[] {
  if (fileIds.length === 0) return [];
  return [
    {
      type: 'collage',
      blocks: fileIds.slice(0, 10).map((id) => ({ type: 'photo', photo: { type: 'photo', media: id } })),
      caption: { text: caption },
    },
  ];
}
