// Generators of hostile Telegram exports whose every message is labelled: importable (with the exact text it must be
// stored with) or not (with the skip it must be counted under).
import fc from 'fast-check';
import { markdownOf } from '../../src/journal/entries/entity-markdown.ts';

export const OWNER = 111;
/** The last whole second the importer accepts: 9999-12-31T23:59:59Z. */
const LATEST_SECONDS = 253402300799;

export interface LabelledMessage {
  /** What goes into the file (a placeholder in the text may become a \xHH escape, see toJson). */
  raw: unknown;
  /** The text the entry must hold, or null if the message must be skipped. */
  expected: string | null;
}

/** Placeholder replaced in the JSON text by the invalid escape \x41, which the importer reads as "A". */
const ESCAPE_PLACEHOLDER = '\u{F0041}';

const base = (id: number) => ({ id, type: 'message', from: 'Me', from_id: `user${OWNER}` });
const unix = fc.integer({ min: 0, max: LATEST_SECONDS - 86_400 });

/** Text a person could have written: any Unicode, control characters, quotes, huge, in every shape Telegram writes. */
const plainText = fc
  .oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 0, maxLength: 80 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('"', '\\', '\u0000', '\u2028', '</interface>', 'Human: hi', '\\x41', 'line\nbreak'),
    },
    { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 120_000 }).map((n) => 'huge '.repeat(n / 5)) },
  )
  .filter((text) => !text.includes(ESCAPE_PLACEHOLDER));
const importableText = fc
  .tuple(plainText, fc.boolean())
  .map(([text, escape]) => `x${escape ? ESCAPE_PLACEHOLDER : ''}${text}`) // always a visible letter
  .chain((text) =>
    fc.oneof(
      fc.constant({ raw: text, flat: text, bold: '' }),
      fc.constant({
        raw: [text.slice(0, 3), { type: 'bold', text: text.slice(3) }] as unknown,
        flat: text,
        bold: text.slice(3),
      }),
      fc.constant({ raw: { type: 'rich', text: [{ type: 'plain', text }] }, flat: text, bold: '' }),
    ),
  );

const importable = (id: number): fc.Arbitrary<LabelledMessage> =>
  fc.tuple(importableText, unix).map(([{ raw, flat, bold }, seconds]) => {
    // The entry keeps the words as Markdown, with the bold part's formatting (entity-markdown.ts, whose own
    // properties are in test/journal/entries/): the same conversion capture makes of Telegram's entities.
    const text = flat.replaceAll(ESCAPE_PLACEHOLDER, 'A');
    const boldText = bold.replaceAll(ESCAPE_PLACEHOLDER, 'A');
    const entities = boldText ? [{ type: 'bold', offset: text.length - boldText.length, length: boldText.length }] : [];
    return {
      raw: { ...base(id), date: '2024-01-01T10:00:00', date_unixtime: String(seconds), text: raw },
      expected: markdownOf(text, entities),
    };
  });

/** A zone-less date that is not a real calendar time in 1970–9999. */
const impossibleDate = fc.oneof(
  fc.integer({ min: 13, max: 99 }).map((m) => `2024-${m}-01T10:00:00`),
  fc.integer({ min: 30, max: 31 }).map((d) => `2023-02-${d}T10:00:00`),
  fc.integer({ min: 32, max: 99 }).map((d) => `2024-01-${d}T10:00:00`),
  fc.integer({ min: 24, max: 99 }).map((h) => `2024-01-01T${h}:00:00`),
  fc.integer({ min: 60, max: 99 }).map((s) => `2024-01-01T10:${s}:00`),
  fc.integer({ min: 0, max: 1969 }).map((y) => `${String(y).padStart(4, '0')}-06-01T10:00:00`),
  fc.constantFrom('yesterday', '', '2024-01-01', '10000-01-01T00:00:00', '2024-00-10T10:00:00'),
);
const badUnix = fc.oneof(
  fc.integer({ min: LATEST_SECONDS + 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
  fc.constantFrom(1e20, 1.5, Number.MAX_VALUE, 'soon', '1.5', '-1', '', '1e5', ' 12a', '9999999999999'),
);
const deepText = fc.integer({ min: 150, max: 3_000 }).map((depth) => {
  let text: unknown = 'deep';
  for (let i = 0; i < depth; i++) text = [text];
  return text;
});

/** A message that must be skipped (and counted), never imported, never the end of the import. */
const hostile = (id: number): fc.Arbitrary<LabelledMessage> =>
  fc
    .oneof(
      impossibleDate.map((date) => ({ ...base(id), date, text: 'bad calendar date' })),
      badUnix.map((date_unixtime) => ({
        ...base(id),
        date: '2024-01-01T10:00:00',
        date_unixtime,
        text: 'bad unix time',
      })),
      fc
        .constantFrom<unknown>(42, true, [1], ['a', null], { text: 7 })
        .map((text) => ({ ...base(id), date_unixtime: '1704103200', text })),
      deepText.map((text) => ({ ...base(id), date_unixtime: '1704103200', text })),
      fc.constantFrom<unknown>(42, 'a string', null, [], [1, 2], { id: 'seven', type: 'message', text: 'x' }),
      fc.constant({ ...base(id), date_unixtime: '1704103200', text: '   ' }),
    )
    .map((raw) => ({ raw, expected: null }));

/** One export: messages in file order, ids 1..n, each importable or hostile; junk keys and deep junk around them. */
export const hostileExport = (maxMessages: number) =>
  fc
    .integer({ min: 1, max: maxMessages })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => fc.oneof(importable(i + 1), hostile(i + 1)))))
    .chain((messages) => fc.tuple(fc.constant(messages), fc.boolean(), fc.integer({ min: 1, max: 5_000 })))
    .map(([messages, keysAfter, junkDepth]) => ({ messages, keysAfter, junkDepth }));

export type HostileExport = { messages: LabelledMessage[]; keysAfter: boolean; junkDepth: number };

/** The export as a file's text: chat keys before or after the messages, deep junk beside them, \x41 escapes in place. */
export function toJson(e: HostileExport): string {
  const messages = JSON.stringify(e.messages.map((m) => m.raw));
  const keys = `"name":"Saved Messages","type":"saved_messages","id":${OWNER}`;
  const junk = `"junk":${'['.repeat(e.junkDepth)}${']'.repeat(e.junkDepth)}`;
  const json = e.keysAfter ? `{${junk},"messages":${messages},${keys}}` : `{${keys},${junk},"messages":${messages}}`;
  return json.replaceAll(ESCAPE_PLACEHOLDER, '\\x41');
}
