/**
 * The rows outside an entry's own that hold its traces, found and deleted inside forgetEntry's transaction (forget.ts):
 * `ask` answers that read it, conversations that quote it, raw updates of its messages, finished jobs whose update
 * quotes it, and handles of views that searched for its words. What counts as a trace is entry-traces.ts's to say.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EntryTraces } from './entry-traces.ts';
import { chunks, deleted, PAGE } from './owner-rows.ts';

type Trx = Kysely<Database>;

/** `ask` answers that read the entry, and answers stored before reads were recorded (unknown: they may have). */
export async function answersThatRead(
  trx: Trx,
  ownerId: number,
  entryId: number,
): Promise<{ keys: string[]; answers: string[] }> {
  const rows = await trx
    .selectFrom('ask_cache as c')
    .select(['c.key', 'c.result'])
    .where('c.owner_id', '=', ownerId)
    .where(({ or, exists, not, selectFrom }) =>
      or([
        exists(
          selectFrom('ask_cache_read as r')
            .select('r.entry_id')
            .whereRef('r.owner_id', '=', 'c.owner_id')
            .whereRef('r.cache_key', '=', 'c.key')
            .where('r.entry_id', '=', entryId),
        ),
        not(
          exists(
            selectFrom('ask_cache_read as r')
              .select('r.entry_id')
              .whereRef('r.owner_id', '=', 'c.owner_id')
              .whereRef('r.cache_key', '=', 'c.key'),
          ),
        ),
      ]),
    )
    .execute();
  const answers = rows.map((r) => {
    try {
      const answer = (JSON.parse(r.result) as { answer?: unknown }).answer;
      return typeof answer === 'string' ? answer : '';
    } catch {
      return '';
    }
  });
  return { keys: rows.map((r) => r.key), answers };
}

export async function deleteAnswers(trx: Trx, ownerId: number, keys: readonly string[]): Promise<number> {
  let n = 0;
  for (const part of chunks(keys)) {
    await trx.deleteFrom('ask_cache_read').where('owner_id', '=', ownerId).where('cache_key', 'in', part).execute();
    n += deleted(
      await trx.deleteFrom('ask_cache').where('owner_id', '=', ownerId).where('key', 'in', part).executeTakeFirst(),
    );
  }
  return n;
}

/** Conversations whose turns or receipt hold a trace: dropped whole, so a follow-up to their answers starts fresh. */
export async function deleteConversations(
  trx: Trx,
  ownerId: number,
  traces: EntryTraces,
): Promise<{ conversations: number; messages: number }> {
  const hits: number[] = [];
  let after = 0;
  for (;;) {
    const rows = await trx
      .selectFrom('conversation')
      .select(['id', 'messages', 'receipt', 'pending_question'])
      .where('owner_id', '=', ownerId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      if (
        traces.inConversation(r.messages) ||
        (r.receipt !== null && traces.inConversation(r.receipt)) ||
        (r.pending_question !== null && traces.inConversation(JSON.stringify(r.pending_question)))
      )
        hits.push(r.id);
    }
    after = rows.at(-1)?.id ?? after;
  }
  let conversations = 0;
  let messages = 0;
  for (const part of chunks(hits)) {
    messages += deleted(
      await trx
        .deleteFrom('conversation_message')
        .where('owner_id', '=', ownerId)
        .where('conversation_id', 'in', part)
        .executeTakeFirst(),
    );
    conversations += deleted(
      await trx.deleteFrom('conversation').where('owner_id', '=', ownerId).where('id', 'in', part).executeTakeFirst(),
    );
  }
  return { conversations, messages };
}

/** Raw updates of the entry's chat and the owner's chat that hold its text or are about its message. */
export async function deleteInboxRows(
  trx: Trx,
  chatKeys: readonly string[],
  isTrace: (payload: string) => boolean,
): Promise<number> {
  const hits: number[] = [];
  let after = 0;
  for (;;) {
    const rows = await trx
      .selectFrom('update_inbox')
      .select(['seq', 'payload'])
      .where('chat_key', 'in', [...chatKeys])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) if (r.payload !== null && isTrace(r.payload)) hits.push(r.seq);
    after = rows.at(-1)?.seq ?? after;
  }
  let n = 0;
  for (const part of chunks(hits))
    n += deleted(await trx.deleteFrom('update_inbox').where('seq', 'in', part).executeTakeFirst());
  return n;
}

/**
 * Finished jobs whose stored update holds a trace (a question sent as a reply to the entry quotes it). A queued or
 * running job is left to finish: its update is the question being answered.
 */
export async function deleteFinishedJobs(trx: Trx, ownerId: number, traces: EntryTraces): Promise<number> {
  const rows = await trx
    .selectFrom('job')
    .select(['id', 'payload'])
    .where('owner_id', '=', ownerId)
    .where('status', 'in', ['done', 'failed'])
    .execute();
  const hits = rows.filter((r) => traces.inUpdate(r.payload)).map((r) => r.id);
  let n = 0;
  for (const part of chunks(hits)) n += deleted(await trx.deleteFrom('job').where('id', 'in', part).executeTakeFirst());
  return n;
}

/** Words of a text as the search finds them: lower case, letters and digits. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const SEARCH_OPERATORS = new Set(['or', 'and', 'not']);

/**
 * Handles whose view searches for words of the forgotten entry (a search typed to find it): their stored state holds
 * those words, so they go too. A word matches an entry's word it begins (searches match prefixes).
 */
export async function deleteHandlesThatSearchedFor(
  trx: Trx,
  ownerId: number,
  texts: readonly string[],
): Promise<number> {
  const entryWords = [...new Set(texts.flatMap(wordsOf))];
  const rows = await trx
    .selectFrom('object_handle')
    .select(['id', 'state'])
    .where('owner_id', '=', ownerId)
    .where('state', 'like', '%"search"%')
    .execute();
  const hits = rows
    .filter((row) => {
      let search: unknown;
      try {
        search = (JSON.parse(row.state) as { search?: unknown }).search;
      } catch {
        return false;
      }
      if (!Array.isArray(search)) return false;
      const typed = search
        .flatMap((q) => (typeof q === 'string' ? wordsOf(q) : []))
        .filter((w) => !SEARCH_OPERATORS.has(w));
      return typed.some((word) => entryWords.some((e) => e.startsWith(word)));
    })
    .map((row) => row.id);
  let n = 0;
  for (const part of chunks(hits))
    n += deleted(
      await trx.deleteFrom('object_handle').where('owner_id', '=', ownerId).where('id', 'in', part).executeTakeFirst(),
    );
  return n;
}
