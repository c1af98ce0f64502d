/** One JSON line per event on stderr. Callers pass ids and sizes, never message text; secrets are redacted anyway. */
import type { LogFields, Logger } from './log-fields.ts';

export type { LogFields, Logger };

export function createLogger(
  options: { write?: (line: string) => void; redact?: (string | null | undefined)[] } = {},
): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const secrets = (options.redact ?? []).filter((s): s is string => typeof s === 'string' && s.length >= 8);
  const emit = (level: 'info' | 'error', event: string, fields: LogFields = {}) => {
    let line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
    for (const secret of secrets) line = line.split(secret).join('[redacted]');
    write(`${line}\n`);
  };
  return { info: (e, f) => emit('info', e, f), error: (e, f) => emit('error', e, f) };
}

/** A logger that keeps lines in memory, for tests and quiet CLIs. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...createLogger({ write: (l) => lines.push(l) }) };
}
