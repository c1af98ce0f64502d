/**
 * Wires the web view of the journal (Mini App and npm run web) from its dependencies, as app.ts wires the bot. Its
 * own file so that a bot without MINI_APP_URL never loads the web code (main.ts imports it only when set).
 */
import type { AppDeps } from './app.ts';
import { journalSettings, publicOrigins } from '../config/derived-settings.ts';
import { readEntryDetails, readEntryRevisions } from '../journal/entries/entry-details.ts';
import { countEntriesUpTo, nearestEntryDays } from '../journal/views/entry-queries.ts';
import { forgetEntry } from '../journal/forget/forget.ts';
import { journalToday, openJournalOperations } from '../journal/journal-operations.ts';
import { createWebAuth, type LoginLinks } from '../web/web-auth.ts';
import { createLoginLink, redeemLoginLink } from '../db/login-link-store.ts';
import { createWebJournal, type WebJournal } from '../web/web-journal.ts';
import { ownerMediumBySha } from '../journal/media/entry-media.ts';
import { readBlob } from '../db/media-blobs.ts';
import { journalNames } from '../journal/journals/journal-queries.ts';
import { createDecodePool, DECODE_POOL_DEFAULTS } from '../journal/media/decode-pool.ts';
import { createPictures, type Pictures } from '../journal/media/picture-cache.ts';
import { listPhotos } from '../journal/media/photo-queries.ts';
import { errorMessage } from '../log/error-message.ts';
import { editEntry, writeEntry } from '../journal/entries/written-entries.ts';
import { clearMood, moodOn, setMood } from '../journal/mood/mood.ts';
import type { MediaBytes } from '../web/web-journal-port.ts';
import { createWebView, type WebView } from '../web/web-view.ts';

/**
 * The web view of the journal (Mini App and npm run web): pages read through the same JournalCollection methods
 * as the model; initData is checked with `botToken` (null: Telegram sign-in off, login links only). `surface` says
 * where it is served: `local` (npm run web: framed by nobody, loopback Host only) or `mini-app` (inside Telegram).
 */
export function createJournalWebView(
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'logger'> & {
    botToken: string | null;
    surface: 'local' | 'mini-app';
  },
): WebView {
  const { config, clock } = deps;
  return createWebView({
    auth: createWebAuth({
      botToken: deps.botToken,
      allowedUserIds: config.allowedUserIds,
      clock,
      links: webLoginLinks(deps.db, clock),
    }),
    logger: deps.logger,
    embedding: deps.surface === 'local' ? 'nobody' : 'telegram',
    publicOrigins: publicOrigins(config),
    loopbackOnly: deps.surface === 'local',
    journalFor: webJournalFor(deps),
  });
}

/** The web view's login links, in the journal's database: any process sharing it can make one. */
export function webLoginLinks(db: AppDeps['db'], clock: () => Date): LoginLinks {
  return {
    create: (ownerId) => createLoginLink(db, ownerId, clock()),
    redeem: (token) => redeemLoginLink(db, token, clock()),
  };
}

/** How a thumbnail is encoded: WebP (smaller than JPEG at the same look, and keeps a PNG's transparency). */
const THUMBNAIL_QUALITY = 75;

/**
 * One of the owner's kept media, for the web: its bytes streamed, or with `thumbnailEdge` a photo scaled to that long
 * edge (made in the decode pool's child processes, and kept). A photo that cannot be decoded within the budget, or a
 * medium that is no picture, is answered with its own bytes, never an error.
 */
async function ownerMedia(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  pictures: Pictures,
  ownerId: number,
  sha256: string,
  thumbnailEdge?: number,
): Promise<MediaBytes | null> {
  const { db } = deps;
  const medium = await ownerMediumBySha(db, ownerId, sha256);
  if (!medium || medium.state !== 'kept' || medium.size === null) return null;
  // readBlob reads lazily, chunk by chunk, as the answer is written: the whole photo is never held for it.
  const original = () => ({ mimeType: medium.mimeType, size: medium.size!, chunks: readBlob(db, sha256) });
  if (thumbnailEdge === undefined || !medium.mimeType?.startsWith('image/')) return original();
  try {
    const made = await pictures.picture(sha256, {
      variant: `webp:${thumbnailEdge}:${THUMBNAIL_QUALITY}`,
      mimeType: 'image/webp',
      job: { longEdge: thumbnailEdge, format: 'webp', qualities: [THUMBNAIL_QUALITY], maxBytes: null },
    });
    // Not decodable within the budget: the original as it is (tried once, remembered: never decoded again).
    if ('tooLarge' in made) return original();
    const { data } = made.picture;
    return {
      mimeType: 'image/webp',
      size: data.length,
      chunks: (async function* () {
        yield data;
      })(),
    };
  } catch (error) {
    deps.logger.info('web.thumbnail_failed', { sha256, error: errorMessage(error) });
    return original();
  }
}

/** The journal each owner's pages read, as the model reads it. */
export function webJournalFor(
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'logger'>,
): (ownerId: number) => WebJournal {
  const { config, db, clock } = deps;
  const settings = journalSettings(config, clock);
  const pictures = createPictures({
    db,
    clock,
    pool: createDecodePool({
      ...DECODE_POOL_DEFAULTS,
      onDecode: (lane) => deps.logger.info('web.thumbnail_decode', { lane }),
    }),
  });
  return (ownerId) =>
    createWebJournal({
      ownerId,
      operations: openJournalOperations(db, ownerId, settings, { pictures }),
      today: () => journalToday(settings),
      details: (ids) => readEntryDetails(db, ownerId, ids),
      revisions: (entryId) => readEntryRevisions(db, ownerId, entryId),
      media: (sha256) => ownerMedia(deps, pictures, ownerId, sha256),
      thumbnail: (sha256, longEdge) => ownerMedia(deps, pictures, ownerId, sha256, longEdge),
      journalNames: () => journalNames(db, ownerId),
      countUpTo: (view, cap) => countEntriesUpTo(db, ownerId, view, cap),
      nearestDays: (before, after, view) => nearestEntryDays(db, ownerId, before, after, view),
      photos: (journal, limit, offset) => listPhotos(db, ownerId, journal, limit, offset),
      write: (entry) => writeEntry(db, { ownerId, ...entry }, settings, clock()),
      edit: (entryId, text) => editEntry(db, ownerId, entryId, text, clock()),
      setMood: async (day, mood) =>
        void (mood === null ? await clearMood(db, ownerId, day) : await setMood(db, ownerId, day, mood, clock())),
      moodOn: (day) => moodOn(db, ownerId, day),
      forget: async (entryId) => {
        const result = await forgetEntry(db, ownerId, entryId);
        return result.type === 'forgotten' ? { day: result.day } : null;
      },
    });
}
