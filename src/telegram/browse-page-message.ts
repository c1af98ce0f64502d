/**
 * A page of a journal view as a chat message, with ◀ ▶ buttons to page. A button's data is the view's handle and the
 * page's offset; a press is resolved for the presser only, so a handle that is not theirs shows nothing.
 */
import { InlineKeyboard } from 'grammy';
import type { BrowseOrder, BrowsePage } from '../journal/browse.ts';
import { plural } from '../journal/plural.ts';
import { TELEGRAM_TEXT_LIMIT } from './reply.ts';

/** Entries per message: a few, so each can show a good part of its text. */
export const PAGE_SIZE = 5;
/** Characters of an entry shown in a list; /day and /search are for finding, the rest is a tap on ▶ or a question away. */
const ENTRY_CHARS = 600;

/** `p:b:<handle>:<offset>`: best first (b), newest first (n) or oldest first (o). At most 64 bytes, as Telegram allows. */
export const PAGE_DATA = /^p:([bno]):([0-9a-z-]{1,40}):(\d{1,9})$/;

export const pageData = (order: BrowseOrder, handle: string, offset: number) => `p:${order[0]}:${handle}:${offset}`;
export const orderOf = (code: string): BrowseOrder => (code === 'b' ? 'best' : code === 'n' ? 'newest' : 'oldest');

function cut(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= ENTRY_CHARS) return trimmed;
  const code = trimmed.charCodeAt(ENTRY_CHARS - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? ENTRY_CHARS - 1 : ENTRY_CHARS;
  return `${trimmed.slice(0, end)}… (${trimmed.length} characters)`;
}

/** The message text of a page: what the view holds, which entries these are, then each with its day, time and id. */
export function pageText(page: BrowsePage, empty: string): string {
  if (page.total === 0) return empty;
  const first = page.offset + 1;
  const last = page.offset + page.entries.length;
  const head = `${page.description}: ${plural(page.total, 'entry', 'entries')}${page.total > 1 ? `, ${page.order === 'best' ? 'best matches' : page.order} first` : ''}${page.total > page.entries.length ? ` (${first}–${last})` : ''}`;
  const body = page.entries.map((e) => `${e.date} ${e.time} · #${e.id}\n${cut(e.content)}`);
  return `${head}\n\n${body.join('\n\n')}`.slice(0, TELEGRAM_TEXT_LIMIT);
}

/** ◀ for the page before, ▶ for the page after; none when everything fits one page. */
export function pageKeyboard(page: BrowsePage, size = PAGE_SIZE): InlineKeyboard | undefined {
  const keyboard = new InlineKeyboard();
  const before = page.offset > 0;
  const after = page.offset + page.entries.length < page.total;
  if (before) keyboard.text('◀', pageData(page.order, page.handle, Math.max(0, page.offset - size)));
  if (after) keyboard.text('▶', pageData(page.order, page.handle, page.offset + page.entries.length));
  return before || after ? keyboard : undefined;
}
