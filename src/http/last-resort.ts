/**
 * The process-wide last resort of a process that serves HTTP: a promise rejected while serving a request and never
 * handled (a fault the request's own catch could not see: a callback fired later, a promise left floating) is
 * logged and the server keeps serving. Any other unhandled rejection still stops the process, as Node's default does:
 * outside a request nobody knows what state it left behind.
 */
import type { Logger } from '../log/logger.ts';
import { errorMessage } from '../log/error-message.ts';
import { requestScope } from './request-scope.ts';

let installed = false;

/** Installs the last resort once per process (a second call is a no-op: one listener, one log line per fault). */
export function keepServingOnStrayRejections(logger: Logger): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    const scope = requestScope.getStore();
    if (!scope) throw reason; // becomes an uncaught exception: Node prints it and exits, as without this listener
    logger.error('http.stray_rejection', {
      server: scope.server,
      method: scope.method,
      path: scope.path,
      error: errorMessage(reason),
      hint: 'kept serving',
    });
  });
}
