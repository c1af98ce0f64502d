/**
 * The bot's asking side, wired: citation links (cited entries read from the store, links to the Mini App's or web
 * view's entry page, /entry_<id>) and /reflect's settings and claims.
 */
import type { JournalDb } from '../db/journal-database.ts';
import type { Config } from '../config/config.ts';
import { citedEntries } from '../journal/views/cited-entries.ts';
import { findEntry } from '../journal/views/entry-queries.ts';
import {
  claimReflectQuestion,
  finishReflectQuestion,
  isReflectOn,
  setReflect,
} from '../journal/prompts/reflect-store.ts';
import type { BotDeps } from '../telegram/bot-deps.ts';
import { entryPageUrl } from '../telegram/entry-links.ts';

function citationLinks(
  db: JournalDb,
  config: Pick<Config, 'miniAppUrl' | 'publicUrl'>,
): NonNullable<BotDeps['citations']> {
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

function reflectSettings(db: JournalDb, clock: () => Date): NonNullable<BotDeps['reflect']> {
  return {
    isOn: (ownerId, journal) => isReflectOn(db, ownerId, journal),
    set: (ownerId, journal, on) => setReflect(db, ownerId, journal, on, clock()),
    claim: (ownerId, message) => claimReflectQuestion(db, ownerId, message, clock()),
    finish: (ownerId, entryId, status) => finishReflectQuestion(db, ownerId, entryId, status),
  };
}

export function askingDeps(
  db: JournalDb,
  config: Pick<Config, 'miniAppUrl' | 'publicUrl'>,
  clock: () => Date,
): Pick<BotDeps, 'citations' | 'reflect'> {
  return { citations: citationLinks(db, config), reflect: reflectSettings(db, clock) };
}
