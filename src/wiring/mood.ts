/** /mood and the mood buttons: moods by journal day (journal/mood/mood.ts). */
import { clearMood, moodOn, setMood } from '../journal/mood/mood.ts';
import type { MoodSettings } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

export function moodsOf({ db, clock }: Wiring): MoodSettings {
  return {
    get: (ownerId, day) => moodOn(db, ownerId, day),
    set: (ownerId, day, mood) => setMood(db, ownerId, day, mood, clock()),
    clear: (ownerId, day) => clearMood(db, ownerId, day),
  };
}
