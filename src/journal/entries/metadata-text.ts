/**
 * Metadata as an entry row stores it (JSON), apart from entry-metadata.ts: writing it needs no schema, and every
 * import row is written through here, on the parse worker too, which thus starts without loading zod.
 */
import type { EntryMetadata } from './entry-metadata.ts';

/** Metadata as stored: null when there is nothing to say. */
export function metadataText(metadata: EntryMetadata | null | undefined): string | null {
  if (!metadata) return null;
  const kept = Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length ? JSON.stringify(kept) : null;
}
