/**
 * The text of a model's answer: its text blocks concatenated as they are. With citations on, the API splits one
 * sentence into several blocks at each citation ("…met Jonas on April 1", a cited block, ", and again …"), so a
 * separator would break the sentence; thinking and tool_use blocks are not text.
 */
export function blockText(content: readonly { type: string; text?: string }[]): string {
  let text = '';
  for (const block of content) if (block.type === 'text' && typeof block.text === 'string') text += block.text;
  return text.trim();
}
