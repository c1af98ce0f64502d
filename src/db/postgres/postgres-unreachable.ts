/**
 * Why a PostgreSQL store could not be used at all, in one sentence naming DATABASE_URL and what to check: the server
 * cannot be reached, its host name does not resolve, it has no such database, or it refused the user. Only the host,
 * port, database and user are named, never the password.
 */
import { StoreUnreachableError } from '../database-file-error.ts';

const NOT_REACHED = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
const NO_SUCH_HOST = new Set(['ENOTFOUND', 'EAI_AGAIN']);

/** The code of an error, or of the first of an AggregateError's (a name with several addresses tried each). */
function codeOf(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const inner = (error as { errors?: unknown[] } | null)?.errors?.[0];
  return inner === undefined ? undefined : codeOf(inner);
}

/** A StoreUnreachableError for `error` (from the first query on `url`), or null when it is some other failure. */
export function postgresUnreachable(error: unknown, url: string): StoreUnreachableError | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const server = `${parsed.hostname}:${parsed.port || '5432'}`;
  const database =
    decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username) || '(the default)';
  const user = decodeURIComponent(parsed.username) || '(the default user)';
  const code = codeOf(error);
  if (code && NOT_REACHED.has(code)) {
    return new StoreUnreachableError(
      `Cannot reach the PostgreSQL server at ${server} (${code}): check that it is running and that DATABASE_URL names its host and port.`,
      { cause: error },
    );
  }
  if (code && NO_SUCH_HOST.has(code)) {
    return new StoreUnreachableError(
      `The PostgreSQL host "${parsed.hostname}" in DATABASE_URL cannot be found (${code}): check the host name in DATABASE_URL.`,
      { cause: error },
    );
  }
  if (code === '3D000') {
    return new StoreUnreachableError(
      `The PostgreSQL server at ${server} has no database "${database}": create it (createdb ${database}) or fix the database name in DATABASE_URL.`,
      { cause: error },
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StoreUnreachableError(
      `The PostgreSQL server at ${server} refused user "${user}" (${code}: wrong password or no such user): check the user and password in DATABASE_URL.`,
      { cause: error },
    );
  }
  return null;
}
