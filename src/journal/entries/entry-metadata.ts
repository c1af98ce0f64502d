/**
 * What an app knew about an entry besides its text: starred, place, weather, the zone it was written in, its media.
 * Stored as JSON in `entry.metadata`, validated on read; getEntry shows it.
 */
import { z } from 'zod';
import { MEDIA_KINDS, type MediaKind } from '../media/media.ts';

const finite = z.number().finite();

export const entryMetadataSchema = z.strictObject({
  starred: z.boolean().optional(),
  pinned: z.boolean().optional(),
  /** The IANA zone the entry was written in, when the app recorded one (Day One); its local day follows it. */
  time_zone: z.string().optional(),
  /**
   * The app's own spelling of tags the journal had to store otherwise (stored tag → as the app wrote it: Day One's
   * `dev-testing-tag` is stored `dev_testing_tag`), so an export to that app writes them back as they were.
   */
  tag_spellings: z.record(z.string(), z.string()).optional(),
  /** The app's journal (notebook) it belonged to. */
  journal: z.string().optional(),
  place: z
    .strictObject({
      name: z.string().optional(),
      locality: z.string().optional(),
      area: z.string().optional(),
      country: z.string().optional(),
      latitude: finite.optional(),
      longitude: finite.optional(),
    })
    .optional(),
  weather: z.strictObject({ description: z.string().optional(), temperature_c: finite.optional() }).optional(),
  /** Every media item of the entry (the entry's media columns hold the first). */
  media: z
    .array(
      z.strictObject({
        kind: z.enum(MEDIA_KINDS as unknown as [MediaKind, ...MediaKind[]]),
        file_name: z.string().nullable(),
      }),
    )
    .optional(),
});

export type EntryMetadata = z.infer<typeof entryMetadataSchema>;

/** Stored text → metadata; a row that is not metadata is an error naming the entry. */
export function readMetadata(text: string | null, entryId: number): EntryMetadata | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`entry ${entryId}: its metadata is not JSON`);
  }
  const parsed = entryMetadataSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(`entry ${entryId}: its metadata does not fit: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  return parsed.data;
}

/** "Uncle's Tavern, Alice Springs, NT, Australia (-23.70069, 133.88130)". */
export function placeText(place: NonNullable<EntryMetadata['place']>): string {
  const names = [place.name, place.locality, place.area, place.country].filter(
    (p): p is string => !!p && p.trim() !== '',
  );
  const unique = names.filter((n, i) => names.indexOf(n) === i);
  const at =
    place.latitude !== undefined && place.longitude !== undefined
      ? `(${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)})`
      : '';
  return [unique.join(', '), at].filter(Boolean).join(' ');
}

/** "Partly Cloudy, 34 °C". */
export function weatherText(weather: NonNullable<EntryMetadata['weather']>): string {
  const temperature = weather.temperature_c !== undefined ? `${Math.round(weather.temperature_c * 10) / 10} °C` : '';
  return [weather.description, temperature].filter(Boolean).join(', ');
}

/** The readable fields getEntry adds for an entry with metadata. */
export function metadataFields(metadata: EntryMetadata | null): {
  starred?: true;
  place?: string;
  weather?: string;
  timeZone?: string;
  media?: string[];
} {
  if (!metadata) return {};
  const place = metadata.place ? placeText(metadata.place) : '';
  const weather = metadata.weather ? weatherText(metadata.weather) : '';
  return {
    ...(metadata.starred || metadata.pinned ? { starred: true as const } : {}),
    ...(place ? { place } : {}),
    ...(weather ? { weather } : {}),
    ...(metadata.time_zone ? { timeZone: metadata.time_zone } : {}),
    ...(metadata.media && metadata.media.length > 1
      ? { media: metadata.media.map((m) => (m.file_name ? `${m.kind} ${m.file_name}` : m.kind)) }
      : {}),
  };
}
