/** The port `ask` reads through: a model that reads entries and answers a question (implemented in llm/, wired in app.ts). */

/** An entry as the reader gets it: only what it needs to read and cite. */
export interface ReadableEntry {
  id: number;
  date: string;
  time: string;
  content: string;
}

/** What reading cost, including the calls of a read that failed halfway. */
export interface ReaderSpend {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** A read either answers from every entry, or fails whole: a partial answer is never returned as an answer. */
export type ReadOutcome =
  { ok: true; answer: string; spend: ReaderSpend } | { ok: false; failure: string; spend: ReaderSpend };

export interface EntryReader {
  /** The reader model's id: part of the cache key, and of the spend report. */
  readonly model: string;
  /** Reads every entry exactly once (in parts when they do not fit one request) and answers the question. */
  read(question: string, entries: readonly ReadableEntry[]): Promise<ReadOutcome>;
}
