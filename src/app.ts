/** Builds the whole app from its dependencies: used by main.ts and by tests, so both run the same wiring. */
import type { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from './config.ts';
import type { JournalDb } from './db/open-database.ts';
import type { Logger } from './logger.ts';
import { applyEdit, saveEntry } from './journal/entry-store.ts';
import type { BotContext } from './telegram/context.ts';
import { createBot } from './telegram/create-bot.ts';

export interface AppDeps {
  config: Config;
  db: JournalDb;
  logger: Logger;
  clock: () => Date;
  botInfo?: UserFromGetMe;
}

export function createApp(token: string, deps: AppDeps): { bot: Bot<BotContext> } {
  const { config, db, clock } = deps;
  const zone = config.journalTimezone;
  const bot = createBot(
    token,
    {
      allowedUserIds: config.allowedUserIds,
      logger: deps.logger,
      capture: {
        save: (draft) => saveEntry(db, draft, zone, clock()),
        edit: (draft, editedAt) => applyEdit(db, draft, editedAt, zone, clock()),
      },
    },
    { apiRoot: config.telegramApiRoot, botInfo: deps.botInfo },
  );
  return { bot };
}
