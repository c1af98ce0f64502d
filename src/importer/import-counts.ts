/**
 * What every import's report counts, whatever it read (a Telegram export, another app's files): the entries written
 * and found again, the media kept or named without a file, and the items skipped, by reason, with the first ids of
 * each. The summaries read these (media-summary.ts, named-ids.ts); each report adds what its source has of its own.
 */
export interface ImportCounts<Reason extends string, Id extends string | number> {
  imported: number;
  alreadyPresent: number;
  /** Of alreadyPresent, entries edited since the earlier import: they took the new text, the old one kept as a revision. */
  revised: number;
  /** Media files copied into the journal, and media named without a file (labels only). */
  mediaKept: number;
  mediaMissing: number;
  skipped: Record<Reason, number>;
  /** For the skips that mean damage: the first ids of each, as the source names them, in the order read. */
  skippedIds: Partial<Record<Reason, Id[]>>;
}
