/**
 * The "From:" line under an answer: one link per cited entry, date and time as its text, in the order cited, each once.
 * A link leads to the entry's page (the Mini App's or the web view's) or, without either, is the `/entry_<id>` command
 * that shows it in the chat. An answer citing exactly one entry captured in this chat points at its message instead.
 */
import { FormattedString as F } from '@grammyjs/parse-mode';
import type { CitedEntry } from '../journal/views/cited-entries.ts';

/** What the bot needs to link an answer's sources (bot-deps.ts). */
export interface CitationLinks {
  /** The owner's entries the sources name, in the order cited, each once (journal/views/cited-entries.ts). */
  entries(ownerId: number, sources: readonly string[]): Promise<CitedEntry[]>;
  /** The page of an entry (the Mini App's where MINI_APP_URL is set, else the web view's with PUBLIC_URL), or null. */
  entryUrl: ((id: number) => string) | null;
}

/** The command that shows an entry in the chat: `/entry_12` (a tappable command, as Telegram marks `/word_word`). */
export const entryCommand = (id: number) => `/entry_${id}`;

const label = (e: CitedEntry) => `${e.date} ${e.time}`;

/** The line itself; null when nothing is cited. */
export function fromLine(cited: readonly CitedEntry[], entryUrl: CitationLinks['entryUrl']): F | null {
  if (cited.length === 0) return null;
  const links = cited.map((e) =>
    entryUrl ? F.link(label(e), entryUrl(e.id)) : new F(`${label(e)} ${entryCommand(e.id)}`),
  );
  return F.join([new F('From: '), F.join(links, ' · ')]);
}

/** The one cited entry's own message in this chat, when the answer cites exactly one entry that was captured here. */
export function originalMessage(cited: readonly CitedEntry[], chatId: number): number | undefined {
  const only = cited.length === 1 ? cited[0]!.message : null;
  return only && only.chatId === chatId ? only.messageId : undefined;
}

/** An entry page's address under a base URL (the Mini App's or the web view's), e.g. https://x.example/app/entry/12. */
export function entryPageUrl(base: string): (id: number) => string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return (id) => new URL(`entry/${id}`, root).toString();
}
