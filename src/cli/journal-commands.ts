/** The journal CLI's commands (cli/journal.ts), loaded once the command line asks for one. */
import { fixableErrorMessage, UsageError } from './command-line.ts';
import { USAGE } from './journal-usage.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { resolveOwner } from './resolve-owner.ts';
import { inboxCommand } from './inbox-command.ts';
import { mediaCommand, MediaUnavailableError } from './media-command.ts';
import { isCalendarDay } from '../journal/dates/calendar-day.ts';
import { parseConfig } from '../config/config.ts';
import { journalSettings } from '../config/derived-settings.ts';
import { openExistingJournal } from '../db/open-journal.ts';
import { createConversationStore } from '../db/conversation-store.ts';
import { storedConversationSchemas } from '../llm/conversation.ts';
import { openJournalOperations } from '../journal/journal-operations.ts';
import { formatUsage, tallyUsage } from '../llm/usage-tally.ts';
import { formatSentTotals } from '../llm/sent-ledger.ts';
import { createSentLedgerStore } from '../db/sent-ledger-store.ts';
import { formatInterface, formatObjectLine, formatUnreadableLine } from '../objects/format-interface.ts';
import { ObjectError } from '../objects/object-error.ts';
import type { ObjectOperations } from '../objects/operations.ts';
import { errorMessage } from '../log/error-message.ts';

function parseJsonArgs(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(
      `The method's args must be JSON: an object of named arguments, e.g. '{"date":"2024-04-01"}', or an array in the method's order, e.g. '["2024-04-01","2024-04-30"]' (got ${text}).`,
    );
  }
}

function need(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new UsageError(`Missing ${what}.\n${USAGE}`);
  return value;
}

async function run(ops: ObjectOperations, command: string, rest: string[]): Promise<string> {
  switch (command) {
    case 'objects': {
      const { objects, more, unreadable } = await ops.listObjects();
      return [
        ...objects.map(formatObjectLine),
        ...(more > 0 ? [`… and ${more} older handles`] : []),
        ...unreadable.map(formatUnreadableLine),
      ].join('\n');
    }
    case 'analyze':
      return formatInterface(await ops.analyzeObject(need(rest[0], 'objId')));
    case 'invoke': {
      const result = await ops.invokeMethod(
        need(rest[0], 'objId'),
        need(rest[1], 'methodName'),
        parseJsonArgs(rest[2]),
      );
      return JSON.stringify(result, null, 2);
    }
    case 'kinds':
      return ops
        .listKinds()
        .map((k) => `${k.kind}: ${k.about}`)
        .join('\n');
    case 'kind':
      return formatInterface(ops.describeKind(need(rest[0], 'kind')));
    default:
      throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  }
}

/** Runs one command of the journal CLI on the journal the configuration names; the command line is already checked. */
export async function runJournalCommand(
  command: string,
  rest: string[],
  values: { owner?: string; since?: string; index?: string },
): Promise<void> {
  if (values.index !== undefined && command !== 'media')
    throw new UsageError(`--index belongs to the media command.\n${USAGE}`);
  if (values.since !== undefined && (command !== 'sent' || !isCalendarDay(values.since))) {
    throw new UsageError(
      command === 'sent'
        ? `--since must be a day, YYYY-MM-DD (got "${values.since}").\n${USAGE}`
        : `--since belongs to the sent command.\n${USAGE}`,
    );
  }
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  // Every command only reads the journal: a mistyped DATABASE_PATH must not create (or migrate) one.
  const db = await openExistingJournal(config);
  try {
    if (command === 'inbox') return console.log(await inboxCommand(db, rest));
    const ownerId = await resolveOwner(db, values.owner, config.allowedUserIds);
    if (command === 'usage')
      console.log(
        formatUsage(tallyUsage(await createConversationStore(db, storedConversationSchemas).allMessages(ownerId))),
      );
    else if (command === 'media') await mediaCommand(db, ownerId, rest, values.index, process.stdout);
    else if (command === 'sent')
      console.log(formatSentTotals(await createSentLedgerStore(db).totals(ownerId, values.since), values.since));
    else console.log(await run(openJournalOperations(db, ownerId, journalSettings(config)), command, rest));
  } finally {
    await db.destroy();
  }
}

/** The one line to print for a failed command: the user's fix when there is one, else what went wrong. */
export function commandFailure(error: unknown): string {
  const fixable =
    error instanceof ObjectError || error instanceof MediaUnavailableError ? error.message : fixableErrorMessage(error);
  return fixable ?? `journal: ${errorMessage(error)}`;
}
