/** Entry points print a ConfigError as one paragraph and exit 1: no stack trace for a fixable setting. */
import { ConfigError } from '../config/config.ts';

export function exitOnConfigError<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
