/** /start (what the bot does, in a few lines, naming only what works here) and /help (the whole guide). */
import { Composer } from 'grammy';
import type { BotDeps } from '../bot-deps.ts';
import type { BotContext } from '../context.ts';

export const COMMANDS = [
  { command: 'start', description: 'What this bot does' },
  { command: 'help', description: 'How to write, ask and import' },
  { command: 'ask', description: 'Ask a question about your journal' },
  { command: 'trace', description: 'Show how the last answer was found' },
  { command: 'sent', description: "Which entries' text was sent to a model, by day" },
  { command: 'onthisday', description: 'What you wrote on this day in other years' },
  { command: 'stats', description: 'A picture of your year: /stats, or /stats 2024' },
  { command: 'review', description: 'A review of your week or month: /review week, /review month' },
  { command: 'digest', description: 'A daily digest at a time you choose: /digest 08:00, /digest off' },
  { command: 'mood', description: "Today's mood, 1 to 5: /mood 4, /mood 2024-03-04 5, /mood clear" },
  { command: 'prompt', description: 'A question to write about (reply to answer it)' },
  { command: 'prompts', description: 'Your own prompts: /prompts add <text>, /prompts remove <n>' },
  { command: 'remind', description: 'A daily reminder to write: /remind 21:00, /remind off' },
  { command: 'export', description: 'Get the whole journal as a file (JSON, or /export md)' },
  { command: 'search', description: 'Find entries by words, no AI needed: /search walk' },
  { command: 'day', description: "A day's entries: /day, /day yesterday, /day 2024-04-01" },
  { command: 'forget', description: 'Forget an entry (reply /forget to it) or everything' },
  { command: 'connections', description: 'Apps connected to your journal (claude.ai…), and Revoke' },
  { command: 'journals', description: 'Your journals (one per topic) with their entry counts' },
  { command: 'journal', description: 'A journal in a topic: /journal new Dreams; /journal default Dreams' },
];

export const HELP_TEXT = [
  'This is your private journal.',
  '',
  '• Write anything: every message is saved as an entry, and so are voice notes, video notes, photos and files ([voice note 0:42], or the caption). Edits are kept, with the earlier text. #hashtags are kept per entry. With transcription set up, a voice note’s words become its text.',
  '• Ask about it: mention @journal in a question, e.g. "@journal how many days did I write in April?", or start with /ask. The answer appears as it is written, then arrives formatted. Reply to an answer to follow up; /trace shows how it was found, /sent which entries\' text was ever sent to a model.',
  '• On this day: /onthisday shows what you wrote on today\'s date in every year, newest first (or /onthisday 2024-04-01 for another day).',
  '• Stats: /stats sends a picture of the last 12 months (the days you wrote, streaks, months, tags); /stats 2024 one of a year.',
  '• Reviews: /review week looks back at the last 7 days, /review month at the last calendar month: days written, entries, and what stood out.',
  '• Daily digest: /digest 08:00 sends, every day at that time, what you wrote on that day in earlier years, a nudge if you wrote nothing the day before, and on Sundays an offer to review the week. /digest off stops it.',
  '• Mood and prompts: /mood 4 (1 to 5, or 😞 🙁 😐 🙂 😄) sets today\'s mood, /mood 2024-03-04 5 a past day\'s. /prompt sends a question to write about (reply to it); /prompts add <text> adds your own.',
  '• Reminder: /remind 21:00 sends one reminder with a question at that time on days you have not written yet, with buttons to snooze, skip or set your mood. /remind off stops it.',
  '• Import history: send a Telegram Desktop export (result.json) as a file.',
  '• Find without AI: /search walk river lists matching entries, newest first, with ◀ ▶ to page ("a phrase", walk OR run, -work, walk* work too). /day shows today, /day yesterday or /day 2024-04-01 another day.',
  '• Forget: reply /forget to one of your messages (or /forget <entry id>) to remove that entry and every copy the bot kept; /forget everything deletes the whole journal after you confirm.',
  '• Connections: when the bot is set up for it (PUBLIC_URL), claude.ai and Claude Code can read your journal after you tap Allow here; /connections lists them and revokes them.',
  '• Several journals: each topic of this chat is a journal. /journal new Dreams starts one, /journals lists them, /forget journal Dreams forgets one; /journal default Dreams sends what you write outside topics there. Questions and commands in a topic are about its journal.',
  '• Take it with you: /export sends the whole journal as JSON (re-importable with npm run import), /export md as Markdown, one file per year.',
].join('\n');

/** What /start may name: the parts of the bot that work only with some settings. */
export interface StartSettings {
  /** Questions and reviews (ANTHROPIC_API_KEY, and JOURNAL_AI not off). */
  questions: boolean;
  /** claude.ai and Claude Code connections (PUBLIC_URL). */
  connections: boolean;
}

/** The welcome: short (under 1,000 characters), each line a thing that works with these settings. */
export function startText(settings: StartSettings): string {
  return [
    'This is your private journal: every message you send is saved as an entry (photos, voice notes and files too). Edits keep the earlier text; #tags are kept.',
    '',
    '• /search walk finds entries, /day shows today\'s, /onthisday this date in earlier years.',
    settings.questions ? '• Ask: "@journal how many days did I write in April?"; /review week looks back.' : null,
    '• /stats draws your year; /mood 4 sets today\'s mood; /prompt gives a question to write about.',
    '• /digest 08:00 and /remind 21:00: a daily digest, or a nudge to write.',
    '• /journal new Dreams starts another journal, in a topic of its own.',
    settings.connections ? '• /connections: claude.ai and Claude Code read your journal once you allow them.' : null,
    '• /export sends the whole journal as a file; /forget removes an entry.',
    '',
    '/help has the whole guide.',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export function startFeature(deps: Pick<BotDeps, 'questions' | 'connections'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const welcome = startText({ questions: deps.questions !== undefined, connections: deps.connections !== undefined });
  composer.command('start', (ctx) => ctx.reply(welcome));
  composer.command('help', (ctx) => ctx.reply(HELP_TEXT));
  return composer;
}
