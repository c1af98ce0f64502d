/**
 * The Obsidian vault `npm run export -- --format obsidian` writes (export/obsidian-export.ts) and the notes importer
 * reads back as the entries it was written from (importer/sources/vault-notes.ts): the marks, front matter fields,
 * entry headings and folders both sides name. Any other vault's notes are read as plain daily notes.
 */

/** The front matter line that marks a note of our vault. */
export const VAULT_MARK = 'exported_by: "journal-objects"';

/** Opens the last line of an entry: the tags its text does not carry (an HTML comment, hidden when Obsidian renders). */
export const TAGS_MARK = '<!-- tags --> ';

/** A daily note's front matter fields beside `date`, `mood`, `place` and `tags` (Obsidian's properties), JSON-quoted. */
export const VAULT_FIELDS = { journal: 'journal', timeZone: 'time_zone', dayStartsAt: 'day_starts_at' } as const;

/** The folder of the media, named `<sha256>.<ext>`; notes embed them as `![[attachments/…]]`. */
export const ATTACHMENTS_FOLDER = 'attachments';

/** An entry's heading: `## HH:mm`, with the entry's own zone when it was written in another than the note's. */
export const entryHeading = (time: string, zone?: string): string => `## ${time}${zone ? ` (${zone})` : ''}`;
/** entryHeading read back: the time, and the zone when one is named. */
export const ENTRY_HEADING = /^## (\d{2}:\d{2})(?: \(([\w+-]+(?:\/[\w+-]+)*)\))?$/;

/** The kind of medium an attachment of a given MIME type is: photos, audio and video by theirs; anything else a file. */
export function attachmentKindOf(mimeType: string): 'photo' | 'audio' | 'video' | 'file' {
  if (mimeType.startsWith('image/')) return 'photo';
  if (mimeType.startsWith('audio/')) return 'audio';
  return mimeType.startsWith('video/') ? 'video' : 'file';
}
