/**
 * Which request, if any, the running code serves: set around every request handler (guarded-listener.ts) so the
 * process-wide last resort (last-resort.ts) can tell a stray rejection from a request (logged, the server keeps
 * serving) from any other (the process stops, as Node does by default). Node runs an unhandledRejection listener in
 * the async context of the promise that was rejected.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  /** Which server: `web`, `webhook`. */
  server: string;
  method: string;
  /** The request's path (no query: a query may carry a login token). */
  path: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
