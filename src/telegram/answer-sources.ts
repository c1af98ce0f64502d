/** An answer's cited entries as the chat shows them: a "From:" line under the answer, or a reply to the one entry's message. */
import { FormattedString as F } from '@grammyjs/parse-mode';
import type { CitedSource } from '../llm/cited-sources.ts';
import { fromLine, originalMessage, type CitationLinks } from './entry-links.ts';
import { TELEGRAM_TEXT_LIMIT } from './reply.ts';

export interface AnswerSources {
  /** The "From:" line to put under the answer (none, or one). */
  chunks: F[];
  /** The one cited entry's message in this chat, and the line that replies to it. */
  original: { messageId: number; text: string } | undefined;
  /** The "From:" line even where `original` stands for it: one rich message holds its links, it quotes nothing. */
  linked: F[];
}

export async function answerSources(
  links: CitationLinks,
  place: { ownerId: number; chatId: number },
  citations: readonly CitedSource[],
): Promise<AnswerSources> {
  const cited = await links.entries(
    place.ownerId,
    citations.map((c) => c.source),
  );
  const line = fromLine(cited, links.entryUrl);
  const linked = line ? [line] : [];
  const messageId = originalMessage(cited, place.chatId);
  if (messageId !== undefined)
    return {
      chunks: [],
      original: { messageId, text: `From: this entry, ${cited[0]!.date} ${cited[0]!.time}` },
      linked,
    };
  return { chunks: linked, original: undefined, linked };
}

/** The answer's chunks with the line under the last one, or as a message of its own when it would not fit there. */
export function withFromLine(chunks: F[], line: F[]): F[] {
  const last = chunks.at(-1);
  if (line.length === 0 || !last) return [...chunks, ...line];
  if (last.text.length + 2 + line[0]!.text.length > TELEGRAM_TEXT_LIMIT) return [...chunks, ...line];
  return [...chunks.slice(0, -1), F.join([last, new F('\n\n'), line[0]!])];
}
