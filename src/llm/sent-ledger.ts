/**
 * The ledger of what was sent to a model: for each question, which items' text (ids and days, never the text) went
 * to which endpoint and model, and when. Written by ask.ts, stored by db/sent-ledger-store.ts, read by /sent, the
 * CLI (`journal sent`) and /trace.
 */
import type { CarriedItem, SentItems } from '../objects/kind.ts';

/** One request path of one question: the items whose text it sent. */
export interface SentRecord {
  ownerId: number;
  /** The question's conversation. */
  conversationId: number | null;
  sentAt: Date;
  /** The Messages API base URL. */
  endpoint: string;
  model: string;
  /** 'answer': tool results in the question's conversation; 'reader': ask's reader model. */
  via: 'answer' | 'reader';
  items: readonly CarriedItem[];
}

/** Totals of one entries' day, endpoint and model. */
export interface SentTotal {
  day: string;
  endpoint: string;
  model: string;
  /** Entries counted once per question that sent them. */
  entries: number;
  /** Pictures sent with them (photos the model looked at). */
  images: number;
  questions: number;
}

export interface SentLedger {
  record(records: readonly SentRecord[]): Promise<void>;
  /** Totals by the entries' day (newest first), endpoint and model, of what was sent on or after `since` (YYYY-MM-DD, UTC). */
  totals(ownerId: number, since?: string): Promise<SentTotal[]>;
}

/** What one question sent, gathered from its methods' reports: each item once per model. */
export function createSentCollector(answerModel: string) {
  const groups = new Map<string, { model: string; via: SentRecord['via']; items: Map<number, CarriedItem> }>();
  return {
    add(sent: SentItems): void {
      const model = sent.to ?? answerModel;
      const via = sent.to === null ? 'answer' : 'reader';
      const key = `${via}\u0000${model}`;
      const group = groups.get(key) ?? { model, via, items: new Map<number, CarriedItem>() };
      for (const item of sent.items) {
        // An entry counts once; the pictures sent of it add up.
        const images = (group.items.get(item.id)?.images ?? 0) + (item.images ?? 0);
        group.items.set(item.id, images > 0 ? { ...item, images } : { id: item.id, day: item.day });
      }
      groups.set(key, group);
    },
    /** One record per model that received text. */
    records(base: Omit<SentRecord, 'model' | 'via' | 'items'>): SentRecord[] {
      return [...groups.values()]
        .filter((g) => g.items.size > 0)
        .map((g) => ({ ...base, model: g.model, via: g.via, items: [...g.items.values()] }));
    },
    /** The ids of every item sent to any model. */
    itemIds(): number[] {
      return [...new Set([...groups.values()].flatMap((g) => [...g.items.keys()]))];
    },
    /** Distinct items sent to any model, and their first and last day, for the receipt. */
    summary(): SentSummary {
      const all = new Map<number, CarriedItem>();
      for (const g of groups.values()) for (const [id, item] of g.items) all.set(id, item);
      const days = [...all.values()].map((i) => i.day).sort();
      return { entries: all.size, firstDay: days[0] ?? null, lastDay: days.at(-1) ?? null };
    },
  };
}

export type SentCollector = ReturnType<typeof createSentCollector>;

export interface SentSummary {
  entries: number;
  firstDay: string | null;
  lastDay: string | null;
}

/** The /trace line. */
export function sentLine(s: SentSummary): string {
  if (s.entries === 0) return "Sent to the model: no entry's text (only counts, dates and interfaces).";
  const range = s.firstDay === s.lastDay ? `from ${s.firstDay}` : `from ${s.firstDay}–${s.lastDay}`;
  return `Sent to the model: ${s.entries} ${s.entries === 1 ? "entry's" : "entries'"} text ${range}.`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /sent and `journal sent`: totals by the entries' day and endpoint; `maxLines` keeps a chat message short. */
export function formatSentTotals(totals: readonly SentTotal[], since: string | undefined, maxLines = Infinity): string {
  const when = since ? ` since ${since}` : '';
  if (totals.length === 0) return `No entry's text was sent to a model${when}.`;
  const entries = totals.reduce((n, t) => n + t.entries, 0);
  const endpoints = new Set(totals.map((t) => t.endpoint));
  const photos = (n: number) => (n > 0 ? ` and ${plural(n, 'photo', 'photos')}` : '');
  const images = totals.reduce((n, t) => n + t.images, 0);
  const lines = totals
    .slice(0, maxLines)
    .map((t) => `${t.day}  ${plural(t.entries, 'entry', 'entries')}${photos(t.images)} → ${t.endpoint} (${t.model})`);
  const more =
    totals.length > maxLines
      ? [`… and ${totals.length - maxLines} more lines (npm run journal -- sent lists them all).`]
      : [];
  return [
    `Entries whose text was sent to a model${when}, by the day they were written:`,
    ...lines,
    ...more,
    `In all: ${plural(entries, 'entry', 'entries')}${photos(images)} sent (an entry counts once per question), to ${plural(endpoints.size, 'endpoint', 'endpoints')}.`,
  ].join('\n');
}
