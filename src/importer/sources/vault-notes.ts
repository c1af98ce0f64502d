/**
 * A daily note of the Obsidian vault `npm run export -- --format obsidian` writes (front matter `exported_by:
 * "journal-objects"`): one entry per `## HH:mm` heading (`## HH:mm (Zone)` for an entry written in a zone of its
 * own), dated by the note's day and that time, so the vault imports back as the entries it was written from, into
 * the journal its front matter names (`journal: "Travel"`; none: the main one). Any other daily note is one entry
 * (markdown-notes.ts). The marks both sides name are formats/obsidian-vault.ts.
 */
import { addDays } from '../../journal/dates/calendar-day.ts';
import { instantFromLocal } from '../../journal/dates/local-moment.ts';
import { isTimeZone } from '../../journal/dates/zone-offset.ts';
import type { EntryMedia } from '../../journal/media/media.ts';
import { cleanJournalName, journalNameProblem } from '../../journal/journal-names.ts';
import { ENTRY_HEADING, TAGS_MARK, VAULT_FIELDS, VAULT_MARK } from '../../formats/obsidian-vault.ts';
import { inDateRange, type SourceItem } from './source-item.ts';

/** A front matter field written as JSON (`time_zone: "Europe/Berlin"`), or undefined. */
function field(front: string, name: string): string | undefined {
  const m = new RegExp(`^${name}: "([^"\\n]*)"$`, 'm').exec(front);
  return m?.[1];
}

/** The journal a note's front matter names (`journal: "Travel"`, JSON-quoted), as stored; '' for none or no name. */
function journalOf(front: string): string {
  const m = new RegExp(`^${VAULT_FIELDS.journal}: (".*")$`, 'm').exec(front);
  if (!m) return '';
  try {
    const name: unknown = JSON.parse(m[1]!);
    return typeof name === 'string' && journalNameProblem(name) === null ? cleanJournalName(name) : '';
  } catch {
    return '';
  }
}

/** A daily note read from a vault, split at its front matter, and how its sections' embeds and tags are read. */
export interface VaultNote {
  /** Its journal day, from its file name. */
  day: string;
  /** Its path in the vault, for what is skipped. */
  relative: string;
  front: string;
  body: string;
  /** The zone the import was asked for; the note's own `timeZone` field wins. */
  importZone: string;
  media: (text: string) => { text: string; media: EntryMedia[] };
  tagsOf: (text: string) => string[];
}

/** The note's sections as entries; null when it is not a note of our vault. `media` turns a section's embeds into media. */
export function vaultNoteItems({
  day,
  relative,
  front,
  body,
  importZone,
  media,
  tagsOf,
}: VaultNote): SourceItem[] | null {
  if (!front.split(/\r?\n/).includes(VAULT_MARK)) return null;
  const zone = field(front, VAULT_FIELDS.timeZone) ?? importZone;
  const dayStartsAt = field(front, VAULT_FIELDS.dayStartsAt) ?? '00:00';
  const journal = journalOf(front);
  // A named journal's notes share days and times with the main one's: its name keeps their ids apart.
  const idPrefix = journal === '' ? 'obsidian' : `obsidian:${journal}`;
  const items: SourceItem[] = [];
  let current: { time: string; zone: string; lines: string[] } | null = null;
  const close = () => {
    if (!current) return;
    const at = instantFromLocal(
      `${current.time < dayStartsAt ? addDays(day, 1) : day}T${current.time}:00`,
      current.zone,
    );
    const id = `${relative}#${items.length + 1}`;
    if (!at || !inDateRange(at)) items.push({ skip: 'bad-date', id });
    else {
      // The entry's tags its text does not carry, on a last line after `<!-- tags -->` (hidden when Obsidian renders it).
      const lines = [...current.lines];
      while (lines.length > 0 && lines.at(-1) === '') lines.pop();
      const tagLine = lines.at(-1)?.startsWith(TAGS_MARK) ? lines.pop()!.slice(TAGS_MARK.length) : '';
      const { text, media: found } = media(lines.join('\n'));
      const words = text.replace(/^\n+|\n+$/g, '');
      const tags = [...new Set([...tagsOf(words), ...tagsOf(tagLine)])];
      items.push({
        ...(journal === '' ? {} : { journal }),
        entry: {
          ...(journal === '' ? {} : { journal }),
          sourceId: `${idPrefix}:${day}:${current.time}:${items.length + 1}`,
          writtenAt: at,
          ...(current.zone !== zone ? { timeZone: current.zone } : {}),
          text: words,
          tags,
          media: found,
          metadata: null,
        },
      });
    }
  };
  for (const line of body.split('\n')) {
    const heading = ENTRY_HEADING.exec(line);
    if (heading && (heading[2] === undefined || isTimeZone(heading[2]))) {
      close();
      current = { time: heading[1]!, zone: heading[2] ?? zone, lines: [] };
    } else current?.lines.push(line);
  }
  close();
  return items;
}
