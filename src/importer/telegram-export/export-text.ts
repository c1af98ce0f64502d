/**
 * An export's formatted text (`text` or `text_entities`: strings and `{type, text, href?, language?}` parts) as the
 * Markdown an entry keeps, through the same entity-markdown.ts capture uses: each part's offset is where the
 * joined text has reached, in UTF-16 units, as Telegram counts. Exports keep no nesting (an entity inside another is
 * dropped by Telegram Desktop), so parts follow each other.
 */
import { markdownOf, type TextEntity } from '../../journal/entries/entity-markdown.ts';

type Reader = (value: unknown) => string | null;

/**
 * The Markdown of an export's `text`, or null when it is not text. `readText` reads what is not a plain part (a
 * rich object's nested text) as its plain words.
 */
export function exportMarkdown(value: unknown, readText: Reader): string | null {
  if (!Array.isArray(value)) {
    const plain = readText(value);
    return plain === null ? null : markdownOf(plain, []);
  }
  let text = '';
  const entities: TextEntity[] = [];
  for (const part of value) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    const { type, text: words, href, language } = (part ?? {}) as Record<string, unknown>;
    const plain = typeof words === 'string' ? words : readText(part);
    if (plain === null) return null;
    if (typeof type === 'string' && plain !== '')
      entities.push({
        type,
        offset: text.length,
        length: plain.length,
        ...(typeof href === 'string' ? { url: href } : {}),
        ...(typeof language === 'string' ? { language } : {}),
      });
    text += plain;
  }
  return markdownOf(text, entities);
}
