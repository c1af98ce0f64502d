/**
 * npm run chat -- [--owner <telegram user id>]: the question loop in a terminal, for use without Telegram.
 * Each line is a question in the current conversation; answers go to stdout, everything else to stderr. In a
 * terminal the answer appears as it is written (live-answer.ts).
 */
import { createInterface } from 'node:readline';
import { fixableErrorMessage, parseCommandLine, UsageError } from './command-line.ts';
import { createLiveAnswer } from './live-answer.ts';
import { citedEntries } from '../journal/views/cited-entries.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { resolveOwner } from './resolve-owner.ts';
import { createJournalQuestions } from '../wiring/app.ts';
import { parseConfig } from '../config/config.ts';
import { openExistingJournal, storeLabel } from '../db/open-journal.ts';
import type { JournalDb } from '../db/journal-database.ts';
import type { AskOutcome, Questions } from '../llm/ask.ts';
import { stripAskCommand } from '../llm/mentions.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { errorMessage } from '../log/error-message.ts';

const USAGE = `Usage: npm run chat -- [--owner <telegram user id>]
  Questions about the journal at DATABASE_PATH or DATABASE_URL (it must exist), one per line; needs ANTHROPIC_API_KEY.`;

export const CHAT_HELP = [
  'Ask about your journal, e.g. "@journal how many days did I write in April?". Each line continues the conversation.',
  'Commands: /new starts a fresh conversation, /trace shows how the last answer was found, /retry asks a failed question again, /quit (or Ctrl-D) ends.',
].join('\n');

export const NO_KEY_TEXT =
  'ANTHROPIC_API_KEY is not set. Create a key in the Anthropic Console and put it in .env as ANTHROPIC_API_KEY=<key> ' +
  '(ANTHROPIC_MODEL and ANTHROPIC_BASE_URL are optional), then run npm run chat again.';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Reads questions line by line until EOF or /quit; the conversation carries over between lines. Returns how many
 * questions stayed unanswered (refused, failed, or waiting for a /retry that never came), so a script sees it.
 */
async function converse(
  questions: Questions,
  ownerId: number,
  sourcesLine: (outcome: AskOutcome) => Promise<string>,
): Promise<number> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  const live = createLiveAnswer(process.stdout);
  const options = live ? { onText: live.show } : {};
  const print = (text: string) => {
    live?.clear();
    process.stdout.write(`${text}\n\n`);
  };
  let conversationId: number | undefined;
  let failed: number | undefined;
  let unanswered = 0;
  const show = async (outcome: AskOutcome) => {
    if (outcome.type === 'rejected') unanswered += 1;
    else conversationId = outcome.conversationId;
    failed = outcome.type === 'unavailable' ? outcome.conversationId : undefined;
    print(
      outcome.type === 'unavailable'
        ? `${outcome.text} Type /retry to ask again.`
        : `${outcome.text}${await sourcesLine(outcome)}`,
    );
  };
  for await (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    if (line === '/quit' || line === '/exit') break;
    try {
      if (line === '/new') {
        conversationId = undefined;
        print('(A new conversation.)');
      } else if (line === '/trace') print(await questions.trace(ownerId));
      else if (line === '/help') print(CHAT_HELP);
      else if (line === '/retry' && failed === undefined) print('Nothing to retry.');
      else if (line === '/retry' && failed !== undefined) await show(await questions.retry(ownerId, failed, options));
      else await show(await questions.ask(ownerId, stripAskCommand(line), conversationId, options));
    } catch (error) {
      live?.clear();
      // A fault of ours (the database, a bug): the question is kept as failed, the session goes on.
      console.error(`Something went wrong: ${errorMessage(error)}`);
      unanswered += 1;
    }
  }
  // A terminal's stdin stays open after /quit (only a pipe ends): let it go, or the process would wait on it.
  lines.close();
  process.stdin.destroy();
  return unanswered + (failed === undefined ? 0 : 1);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv, USAGE, { owner: { type: 'string' } });
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument "${positionals[0]}": type questions after it starts.\n${USAGE}`);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  if (config.journalAi === 'off')
    fail(
      'JOURNAL_AI=off: the AI is turned off, so npm run chat sends nothing to any model. Set JOURNAL_AI=on to use it.',
    );
  if (!config.anthropicApiKey) fail(NO_KEY_TEXT);
  // Questions only read the journal: a mistyped DATABASE_PATH must not create an empty one.
  const db: JournalDb = await openExistingJournal(config);
  try {
    const ownerId = await resolveOwner(db, values.owner, config.allowedUserIds);
    // Log lines would interleave with the conversation; API failures reach the user as answers anyway.
    const questions = createJournalQuestions({ config, db, logger: createMemoryLogger(), clock: () => new Date() })!;
    console.error(`Journal of ${ownerId} (${storeLabel(config)}), model ${config.anthropicModel}.\n${CHAT_HELP}\n`);
    // The entries an answer cites, as the bot's "From:" line shows them: date and time, and the entry's id.
    const sourcesLine = async (outcome: AskOutcome) => {
      const cited =
        outcome.type === 'answer'
          ? await citedEntries(
              db,
              ownerId,
              outcome.citations.map((c) => c.source),
            )
          : [];
      return cited.length ? `\n\nFrom: ${cited.map((e) => `${e.date} ${e.time} (entry ${e.id})`).join(' · ')}` : '';
    };
    const unanswered = await converse(questions, ownerId, sourcesLine);
    // Piped into a script, a question that failed must fail the command too.
    if (unanswered > 0) {
      console.error(`${unanswered} question${unanswered === 1 ? '' : 's'} stayed unanswered.`);
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  fail(fixableErrorMessage(error) ?? `npm run chat stopped: ${errorMessage(error)}`);
});
