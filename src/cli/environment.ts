/** Reads the process environment merged over an optional .env file; the shell wins, as with dotenv. */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export function readEnvironment(envFile = '.env'): Record<string, string | undefined> {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}
