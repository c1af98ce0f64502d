/** A day's mood, 1 (😞) to 5 (😄): one per owner and journal day, the last set wins. Set by /mood and the buttons. */
import type { JournalDb } from '../../db/journal-database.ts';

export const MOOD_EMOJI = ['😞', '🙁', '😐', '🙂', '😄'] as const;

/** A mood from `1`…`5` or one of the five faces; null for anything else. */
export function parseMood(text: string): number | null {
  const t = text.trim();
  if (/^[1-5]$/.test(t)) return Number(t);
  // Emoji may arrive with a variation selector (U+FE0F) after them.
  const face = t.replace(/\uFE0F/g, '');
  const index = MOOD_EMOJI.findIndex((e) => e === face);
  return index === -1 ? null : index + 1;
}

/** The face of a mood 1…5. */
export function moodEmoji(mood: number): string {
  const face = MOOD_EMOJI[Math.round(mood) - 1];
  if (!face) throw new RangeError(`A mood is 1 to 5, not ${mood}`);
  return face;
}

/** Sets the owner's mood for a journal day (replacing one set before). */
export async function setMood(db: JournalDb, ownerId: number, day: string, mood: number, now: Date): Promise<void> {
  if (!Number.isInteger(mood) || mood < 1 || mood > 5)
    throw new RangeError(`A mood is a whole number from 1 to 5, not ${mood}`);
  const setAt = now.toISOString();
  await db
    .insertInto('mood')
    .values({ owner_id: ownerId, local_day: day, mood, set_at: setAt })
    .onConflict((oc) => oc.columns(['owner_id', 'local_day']).doUpdateSet({ mood, set_at: setAt }))
    .execute();
}

/** Clears the owner's mood for a day; true if there was one. */
export async function clearMood(db: JournalDb, ownerId: number, day: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mood')
    .where('owner_id', '=', ownerId)
    .where('local_day', '=', day)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The owner's mood on a day, or null. */
export async function moodOn(db: JournalDb, ownerId: number, day: string): Promise<number | null> {
  const row = await db
    .selectFrom('mood')
    .select('mood')
    .where('owner_id', '=', ownerId)
    .where('local_day', '=', day)
    .executeTakeFirst();
  return row ? Number(row.mood) : null;
}
