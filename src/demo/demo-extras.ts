/**
 * What makes the demo journal look lived in, beyond its generated text: a second journal (a week's trip), places,
 * photos with real bytes, a mood for most days, and two writing prompts of the owner's own. Deterministic, as the
 * entries are.
 */
import type { JournalDb } from '../db/journal-database.ts';
import type { NewEntryRow } from '../db/schema.ts';
import { keepMediaBytes } from '../journal/media/imported-media.ts';
import { insertEntryMedia } from '../journal/media/entry-media.ts';
import { setMood } from '../journal/mood/mood.ts';
import { addOwnerPrompt } from '../journal/prompts/prompt-store.ts';
import { DEMO_PHOTO_SIZE, demoPhotos } from './demo-photos.ts';
import { seededRandom } from './demo-text.ts';

/** The demo's second journal: the entries of a week in May, written on a trip. */
export const DEMO_TRIP = { journal: 'Travel', from: '2024-05-12', to: '2024-05-19' } as const;

const HOME = { name: 'Home', locality: 'Leipzig', country: 'Germany', latitude: 51.3397, longitude: 12.3731 };
const TRIP_PLACES = [
  { name: 'Alfama', locality: 'Lisbon', country: 'Portugal', latitude: 38.7118, longitude: -9.1304 },
  { name: 'Praia da Ursa', locality: 'Sintra', country: 'Portugal', latitude: 38.7869, longitude: -9.4936 },
  { name: 'Ribeira', locality: 'Porto', country: 'Portugal', latitude: 41.1407, longitude: -8.6131 },
];

/** How many entries get a photo: a few dozen, small (about 15 KB each). */
export const DEMO_PHOTO_COUNT = 36;

const PROMPTS = ['What made you laugh today?', 'Which small thing went better than expected?'];

/** The trip's entries go to the Travel journal with its places; every seventh of the rest was written at home. */
export function* withJournalsAndPlaces(rows: Iterable<NewEntryRow>): Generator<NewEntryRow> {
  let n = 0;
  for (const row of rows) {
    n += 1;
    if (row.local_day >= DEMO_TRIP.from && row.local_day <= DEMO_TRIP.to) {
      yield {
        ...row,
        journal: DEMO_TRIP.journal,
        metadata: JSON.stringify({ place: TRIP_PLACES[n % TRIP_PLACES.length] }),
      };
    } else yield n % 7 === 0 ? { ...row, metadata: JSON.stringify({ place: HOME }) } : row;
  }
}

/** Photos on evenly spaced entries, moods on most days, and the owner's prompts. */
export async function addDemoExtras(db: JournalDb, ownerId: number, now: Date, seed: number): Promise<void> {
  const entries = await db
    .selectFrom('entry')
    .select(['id', 'local_day', 'journal'])
    .where('owner_id', '=', ownerId)
    .orderBy('written_at')
    .orderBy('id')
    .execute();
  const photos = await demoPhotos(DEMO_PHOTO_COUNT, seed);
  const step = Math.max(1, Math.floor(entries.length / DEMO_PHOTO_COUNT));
  const withPhoto = entries.filter((_, i) => i % step === 0).slice(0, DEMO_PHOTO_COUNT);
  await db.transaction().execute(async (trx) => {
    for (const [i, entry] of withPhoto.entries()) {
      const bytes = photos[i]!;
      const fileName = `demo-${String(i + 1).padStart(2, '0')}.jpg`;
      // sourcePath marks bytes that come with the entry (no Telegram download); they are written just below.
      await insertEntryMedia(
        trx,
        { id: entry.id, ownerId },
        [
          {
            kind: 'photo',
            fileId: null,
            fileName,
            durationSeconds: null,
            fileSize: bytes.length,
            mimeType: 'image/jpeg',
            ...DEMO_PHOTO_SIZE,
            sourcePath: fileName,
          },
        ],
        0,
        { now },
      );
      const row = await trx
        .selectFrom('entry_media')
        .select('id')
        .where('entry_id', '=', entry.id)
        .where('position', '=', 0)
        .executeTakeFirstOrThrow();
      await keepMediaBytes(trx, row.id, [bytes], now);
    }
  });
  const random = seededRandom(seed + 1);
  for (const day of new Set(entries.map((e) => e.local_day))) {
    if (random() < 0.8) await setMood(db, ownerId, day, 1 + Math.min(4, Math.floor(random() * 3 + random() * 3)), now);
  }
  for (const text of PROMPTS) await addOwnerPrompt(db, ownerId, text, now);
}
