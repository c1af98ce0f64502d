/**
 * npm run web -- [--owner <telegram user id>]: the journal's web view on this computer, at 127.0.0.1:WEB_PORT
 * (default 8081), with no Telegram and no public URL. Prints a one-time login link; opening it signs this browser in
 * (a session cookie, HttpOnly, SameSite=Strict) until the command stops. Ctrl-C stops it. With --link it prints a
 * new link for the one running (links are kept in the journal's database they share) and exits.
 */
import { createJournalWebView } from '../wiring/journal-web-view.ts';
import { parseConfig } from '../config/config.ts';
import { openExistingJournal } from '../db/open-journal.ts';
import { applyDayStart } from '../journal/entries/day-start.ts';
import { createLogger } from '../log/logger.ts';
import { keepServingOnStrayRejections } from '../http/last-resort.ts';
import { startWebServer } from '../web/web-server.ts';
import { createLifecycle, databasePart } from '../wiring/lifecycle.ts';
import { loginPath } from '../web/web-view.ts';
import { createLoginLink } from '../db/login-link-store.ts';
import { parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { resolveOwner } from './resolve-owner.ts';

const USAGE = `Usage: npm run web -- [--owner <telegram user id>] [--in-container] [--link]
  Serves the journal at DATABASE_PATH (or DATABASE_URL) on http://127.0.0.1:WEB_PORT (default 8081) and prints a one-time login link.
  --owner         whose journal (default: the only id in ALLOWED_USER_IDS, or the only owner in the database)
  --link          prints a new one-time login link for the npm run web already running on this journal, and exits
  --in-container  listens on every interface of a container, whose port Docker publishes to the host's 127.0.0.1
                  (docker compose run -p 127.0.0.1:8081:8081 …, docs/deploying.md); the link still reads 127.0.0.1`;

/** Only this computer: the link is the key, and it must not travel over a network in plain http. */
const HOST = '127.0.0.1';
/** Inside a container its loopback is its own: Docker forwards the published port to the container's interface. */
const CONTAINER_HOST = '0.0.0.0';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, USAGE, {
    owner: { type: 'string' },
    'in-container': { type: 'boolean' },
    link: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  // Only an existing journal (it reads, and writes only what its forms and links ask): a mistyped DATABASE_PATH must
  // not create an empty one. Nor migrate one: an older schema is refused with the fix (npm run migrate).
  const db = await openExistingJournal(config);
  await applyDayStart(db, config.journalDayStartsAt);
  const ownerId = await resolveOwner(db, values.owner, config.allowedUserIds);
  if (values.link) {
    // The running npm run web takes links from the database they share: a new one needs no restart.
    const token = await createLoginLink(db, ownerId, new Date());
    await db.destroy();
    console.log(
      `Open this link once to sign in to the running npm run web (it works one time, for 10 minutes):\n  http://${HOST}:${config.webPort}${loginPath(token)}`,
    );
    return 0;
  }
  const logger = createLogger({ redact: [config.telegramBotToken, config.anthropicApiKey] });
  keepServingOnStrayRejections(logger);
  const view = createJournalWebView({
    config,
    db,
    clock: () => new Date(),
    logger,
    botToken: config.telegramBotToken,
    surface: 'local',
  });
  let port = config.webPort;
  // The same App as npm start's, with one part: the web server on the journal (closed before the database).
  const running = createLifecycle(
    [
      databasePart(db),
      {
        name: 'web server',
        start: async () => {
          const server = await startWebServer(view, {
            port: config.webPort,
            host: values['in-container'] ? CONTAINER_HOST : HOST,
            logger,
          });
          port = server.port;
          return () => server.close();
        },
      },
    ],
    logger,
  );
  const stopped = new Promise<void>((resolve) => {
    const stop = () => void running.stop().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  try {
    if (!(await running.start())) return 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new UsageError(`Port ${config.webPort} is in use: stop what holds it, or set WEB_PORT to another port.`);
    throw error;
  }
  console.log(`The journal of user ${ownerId} is served on http://${HOST}:${port}/ (Ctrl-C stops it).`);
  console.log(
    `Open this link once to sign in (it works one time, for 10 minutes):\n  http://${HOST}:${port}${await view.loginPath(ownerId)}`,
  );
  await stopped;
  return 0;
}

runMain(() => main(process.argv.slice(2)), 'The web view stopped');
