/** /start and /help: what the bot does, in a few lines. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';

export const COMMANDS = [
  { command: 'start', description: 'What this bot does' },
  { command: 'help', description: 'How to write, ask and import' },
  { command: 'ask', description: 'Ask a question about your journal' },
  { command: 'trace', description: 'Show how the last answer was found' },
  { command: 'export', description: 'Get the whole journal as a file (JSON, or /export md)' },
];

export const HELP_TEXT = [
  'This is your private journal.',
  '',
  '• Write anything: every message is saved as an entry, and so are voice notes, video notes, photos and files ([voice note 0:42], or the caption). Edits are kept, with the earlier text. #hashtags are kept per entry. With transcription set up, a voice note’s words become its text.',
  '• Ask about it: mention @journal in a question, e.g. "@journal how many days did I write in April?", or start with /ask. Reply to an answer to follow up; /trace shows how it was found.',
  '• Import history: send a Telegram Desktop export (result.json) as a file.',
  '• Take it with you: /export sends the whole journal as JSON (re-importable with npm run import), /export md as Markdown, one file per year.',
].join('\n');

export function startFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command(['start', 'help'], (ctx) => ctx.reply(HELP_TEXT));
  return composer;
}
