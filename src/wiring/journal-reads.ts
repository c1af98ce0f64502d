/** The reads the chat shows without a model (/onthisday, /day, /mood's today, the digest) and /stats pictures. */
import { ON_THIS_DAY_READ_LIMIT, readOnThisDay, wroteOn } from '../journal/memories.ts';
import { findEntriesNewestDayFirst } from '../journal/views/entry-queries.ts';
import { telegramPhotoIds } from '../journal/media/photo-queries.ts';

/** A collage's photos at most (a rich message's collage shows ten). */
const RICH_PHOTOS = 10;
import { statsPicture } from '../stats/stats-picture.ts';
import type { JournalReads, StatsPictures } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

export function journalReadsOf({ db, today }: Wiring): JournalReads {
  return {
    today,
    onThisDay: (ownerId, date) => readOnThisDay(db, ownerId, date),
    wroteOn: (ownerId, day) => wroteOn(db, ownerId, day),
    between: (ownerId, from, to, journal) =>
      findEntriesNewestDayFirst(
        db,
        ownerId,
        { from, to, ...(journal !== undefined ? { journal } : {}) },
        ON_THIS_DAY_READ_LIMIT,
      ),
    photoIds: (ownerId, entryIds) => telegramPhotoIds(db, ownerId, entryIds, RICH_PHOTOS),
  };
}

export function statsPicturesOf({ db, today }: Wiring): StatsPictures {
  return { picture: (ownerId, period, only) => statsPicture(db, ownerId, period, { today: today(), journal: only }) };
}
