/** A rich message (sendRichMessage's `rich_message`) as terminal text, for npm run try: its words, tables as rows. */
type Loose = Record<string, unknown>;

/** RichText as its plain words: a string, a list of them, or an object whose `text` holds more. */
function plain(text: unknown): string {
  if (typeof text === 'string') return text;
  if (Array.isArray(text)) return text.map(plain).join('');
  if (text && typeof text === 'object') return plain((text as Loose).text);
  return '';
}

function blockText(block: Loose): string {
  switch (block.type) {
    case 'table':
      return ((block.cells as Loose[][] | undefined) ?? [])
        .map((row) => row.map((c) => plain(c.text)).join(' | '))
        .join('\n');
    case 'collage':
      return `[${((block.blocks as unknown[] | undefined) ?? []).length} photo(s)]`;
    case 'details':
      return [
        `▸ ${plain(block.summary)}`,
        ...blocksText(block.blocks)
          .split('\n')
          .map((l) => `  ${l}`),
      ].join('\n');
    default:
      return plain(block.text);
  }
}

function blocksText(blocks: unknown): string {
  return ((blocks as Loose[] | undefined) ?? []).map(blockText).filter(Boolean).join('\n');
}

export function richMessageText(message: unknown): string {
  const rich = (message ?? {}) as Loose;
  return blocksText(rich.blocks) || String(rich.markdown ?? rich.html ?? '');
}
