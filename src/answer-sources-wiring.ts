/** The bot's citation links, wired: cited entries read from the store, links to the Mini App's or web view's entry page. */
import type { JournalDb } from './db/open-database.ts';
import type { Config } from './config.ts';
import { citedEntries } from './journal/cited-entries.ts';
import { findEntry } from './journal/entry-queries.ts';
import type { BotDeps } from './telegram/bot-deps.ts';
import { entryPageUrl } from './telegram/entry-links.ts';

export function citationLinks(db: JournalDb, config: Pick<Config, 'miniAppUrl' | 'publicUrl'>): NonNullable<BotDeps['citations']> {
  const base = config.miniAppUrl ?? config.publicUrl;
  return {
    entries: (ownerId, sources) => citedEntries(db, ownerId, sources),
    entryUrl: base === null ? null : entryPageUrl(base),
    async show(ownerId, id) {
      const entry = await findEntry(db, ownerId, {}, id);
      return entry && { date: entry.date, time: entry.time, content: entry.content };
    },
  };
}
