/** Hashtags: from Telegram's `hashtag` entities and `#word` in the text, stored lower case without '#'. */

/** `#word` not inside another word, URL fragment or HTML entity; letters, digits and `_`. */
const HASHTAG = /(?<![\p{L}\p{N}_&/#])#([\p{L}\p{N}_]+)/gu;
const HAS_LETTER = /[\p{L}_]/u;
const MAX_TAG_LENGTH = 64;

/** A tag as stored and asked for: `#Work` and `work` are both `work`; null when it is no tag. */
export function normalizeTag(tag: string): string | null {
  const bare = tag.trim().replace(/^#/, '').toLowerCase();
  // Telegram does not treat all-digit words (#2024) as hashtags.
  if (bare === '' || bare.length > MAX_TAG_LENGTH || !/^[\p{L}\p{N}_]+$/u.test(bare) || !HAS_LETTER.test(bare))
    return null;
  return bare;
}

/** The distinct tags of a text, in order of appearance, with those Telegram marked as entities. */
export function hashtagsOf(text: string, entityTags: readonly string[] = []): string[] {
  // Most texts have no '#' at all: no need to run the Unicode pattern over them (every imported row asks).
  if (entityTags.length === 0 && !text.includes('#')) return [];
  const found = [...entityTags, ...[...text.matchAll(HASHTAG)].map((m) => m[1]!)];
  return [...new Set(found.map(normalizeTag).filter((t): t is string => t !== null))];
}

/** The text of each `hashtag` entity (UTF-16 offsets, as Telegram and JavaScript count). */
export function hashtagEntities(
  text: string,
  entities: readonly { type: string; offset: number; length: number }[] | undefined,
): string[] {
  return (entities ?? []).filter((e) => e.type === 'hashtag').map((e) => text.slice(e.offset, e.offset + e.length));
}
