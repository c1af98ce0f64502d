/**
 * `npm run journal -- inbox [retry]`: the updates the bot could not handle yet. `inbox` lists the parked ones (they
 * can never be handled as they stand) and the ones waiting for another try; `inbox retry` makes them all due now,
 * for the running bot's next sweep (within seconds) or its next start.
 */
import { createInboxStore, type TroubledUpdate } from '../db/inbox-store.ts';
import type { JournalDb } from '../db/journal-database.ts';
import { UsageError } from './command-line.ts';

function line(u: TroubledUpdate): string {
  const state =
    u.status === 'parked'
      ? 'parked'
      : `retrying (attempt ${u.attempts}${u.nextAttemptAt ? `, next at ${u.nextAttemptAt}` : ''})`;
  return `update ${u.updateId}  ${u.chatKey}  received ${u.receivedAt}  ${state}: ${u.lastError ?? 'no reason recorded'}`;
}

export async function inboxCommand(db: JournalDb, args: string[]): Promise<string> {
  const store = createInboxStore(db);
  if (args.length === 0) {
    const troubled = await store.troubled();
    if (troubled.length === 0) return 'No parked or retrying updates.';
    return troubled.map(line).join('\n');
  }
  if (args.length === 1 && args[0] === 'retry') {
    const count = await store.retryTroubled();
    return count === 0
      ? 'No parked or retrying updates.'
      : `${count} update${count === 1 ? '' : 's'} will be tried again: by the running bot within seconds, else at its next start.`;
  }
  throw new UsageError(`Expected "inbox" or "inbox retry" (got inbox ${args.join(' ')}).`);
}
