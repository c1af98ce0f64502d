// A server for last-resort.test.ts, run as its own process: /stray leaves a rejected promise behind while it answers;
// with the argument `outside`, a promise is rejected outside any request once it listens.
import { createServer } from 'node:http';
import { guardedListener } from '../../src/http/guarded-listener.ts';
import { keepServingOnStrayRejections } from '../../src/http/last-resort.ts';
import { createLogger } from '../../src/log/logger.ts';

const logger = createLogger();
keepServingOnStrayRejections(logger);
const server = createServer(
  guardedListener('test', logger, (_req, res, url) => {
    if (url.pathname === '/stray') setTimeout(() => void Promise.reject(new Error('a stray fault of a request')), 1);
    res.end('ok');
  }),
);
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on ${(server.address() as { port: number }).port}`);
  if (process.argv[2] === 'outside')
    setTimeout(() => void Promise.reject(new Error('a fault outside any request')), 10);
});
