/**
 * What a logger takes, as types every folder may name (the logger itself is ./logger.ts). One JSON line per event:
 * callers pass ids and sizes, never message text.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}
