/**
 * Every feature of the bot, in the order the menu and /help show them. Where each runs is its own declaration
 * (phase, before/after in feature.ts), so a new feature goes where it reads best here.
 */
import { listFacts, menuCommands, type BotFeature } from '../feature.ts';
import { feature as access } from './access.ts';
import { feature as stopGeneration } from './stop-generation.ts';
import { feature as start, helpText } from './start.ts';
import { feature as entry } from './entry.ts';
import { feature as question } from './question.ts';
import { feature as trace } from './trace.ts';
import { feature as entryLink } from './entry-link.ts';
import { feature as reflect } from './reflect.ts';
import { feature as sent } from './sent.ts';
import { feature as onThisDay } from './on-this-day.ts';
import { feature as stats } from './stats.ts';
import { feature as review } from './review.ts';
import { feature as digest } from './digest.ts';
import { feature as mood } from './mood.ts';
import { feature as prompts } from './prompts.ts';
import { feature as remind } from './remind.ts';
import { feature as exportJournal } from './export.ts';
import { feature as importExport } from './import.ts';
import { feature as search } from './search.ts';
import { feature as day } from './day.ts';
import { feature as forget } from './forget.ts';
import { feature as connections } from './connections.ts';
import { feature as webLink } from './web-link.ts';
import { feature as journals } from './journals.ts';
import { feature as browsePages } from './browse-pages.ts';
import { feature as retry } from './retry.ts';
import { feature as jobRetry } from './job-retry.ts';
import { feature as unknownCommand } from './unknown-command.ts';
import { feature as unhandled } from './unhandled.ts';

export const FEATURES: readonly BotFeature[] = [
  access,
  stopGeneration,
  start,
  entry,
  question,
  trace,
  entryLink,
  sent,
  onThisDay,
  stats,
  reflect,
  review,
  digest,
  mood,
  prompts,
  remind,
  exportJournal,
  importExport,
  search,
  day,
  forget,
  connections,
  webLink,
  journals,
  browsePages,
  retry,
  jobRetry,
  unknownCommand,
  unhandled,
];

/** The menu main.ts sets (setMyCommands). */
export const MENU_COMMANDS = menuCommands(FEATURES);

/** What /start and /help answer. */
export const HELP_TEXT = helpText(listFacts(FEATURES).helpParagraphs);
