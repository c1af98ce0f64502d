/** The reads the chat shows without a model (/onthisday, /day, /mood's today, the digest) and /stats pictures. */
import { readOnThisDay, wroteOn } from '../journal/memories.ts';
import { statsPicture } from '../stats/stats-picture.ts';
import type { JournalReads, StatsPictures } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

export function journalReadsOf({ db, today }: Wiring): JournalReads {
  return {
    today,
    onThisDay: (ownerId, date) => readOnThisDay(db, ownerId, date),
    wroteOn: (ownerId, day) => wroteOn(db, ownerId, day),
  };
}

export function statsPicturesOf({ db, today }: Wiring): StatsPictures {
  return { picture: (ownerId, period, only) => statsPicture(db, ownerId, period, { today: today(), journal: only }) };
}
