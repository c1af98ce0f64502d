// Docker's HEALTHCHECK: the bot is healthy when it can serve its owners, the same question in every mode (polling or
// webhook, with or without the Mini App or remote MCP): Telegram answered it recently and so did its database. The bot
// records both in HEALTH_FILE every HEALTH_INTERVAL_SECONDS (src/wiring/health-status.ts); this reads that record and exits 0
// (healthy) or 1 with the reason. Plain Node, no dependency: it runs in the runtime image as it is.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const file = process.env.HEALTH_FILE || path.join(tmpdir(), 'journal-bot-health.json');

function unhealthy(reason) {
  console.error(`unhealthy: ${reason}`);
  process.exit(1);
}

let record;
try {
  record = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  unhealthy(
    `no health record at ${file} (${error.code ?? error.message}): the bot has not started, or cannot write it`,
  );
}
try {
  process.kill(record.pid, 0);
} catch (error) {
  // EPERM: it runs, as another user. ESRCH: the process that wrote the record is gone.
  if (error.code === 'ESRCH') unhealthy(`the bot that wrote ${file} (pid ${record.pid}) is not running`);
}
const now = Date.now();
const staleMs = Number(record.staleAfterSeconds) * 1000;
const age = (iso) => (iso ? (now - Date.parse(iso)) / 1000 : Infinity);
const seconds = (s) => (Number.isFinite(s) ? `${Math.round(s)} s ago` : 'never since it started');
if (!(age(record.writtenAt) * 1000 <= staleMs))
  unhealthy(`the bot has not checked its health for ${Math.round(age(record.writtenAt))} s (is it stuck?)`);
if (!(age(record.telegramAt) * 1000 <= staleMs))
  unhealthy(
    `Telegram last answered ${seconds(age(record.telegramAt))}${record.telegramProblem ? ` (${record.telegramProblem})` : ''}`,
  );
if (!(age(record.databaseAt) * 1000 <= staleMs))
  unhealthy(
    `the database last answered ${seconds(age(record.databaseAt))}${record.databaseProblem ? ` (${record.databaseProblem})` : ''}`,
  );
console.log(`healthy: ${record.mode}, Telegram and the database answered within ${record.staleAfterSeconds} s`);
