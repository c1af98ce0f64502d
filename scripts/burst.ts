/**
 * The acceptance run of "nothing a user writes is lost", at full size: a burst of messages (1,000 by default) to the
 * real bot process, SIGKILL once a third have their ✍, restart, and count what the journal holds. In long polling
 * and in webhook mode. test/telegram/durable-intake.test.ts and webhook.test.ts run the same at 300 in `npm test`.
 *
 *   node --import tsx scripts/burst.ts [--messages 1000] [--mode polling|webhook|both]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBotApiStandIn } from '../test/stand-ins/bot-api.ts';
import { freePort, startBot, storedMessageIds, waitUntil } from '../test/helpers/bot-process.ts';
import { textUpdate } from '../test/helpers/updates.ts';

const { values } = parseArgs({
  options: { messages: { type: 'string', default: '1000' }, mode: { type: 'string', default: 'both' } },
});
const messages = Number(values.messages);
const modes = values.mode === 'both' ? ['polling', 'webhook'] : [values.mode];

async function burst(mode: string): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-burst-'));
  const api = await startBotApiStandIn();
  const dbPath = path.join(dir, 'journal.sqlite');
  try {
    const port = await freePort();
    const env: Record<string, string> =
      mode === 'webhook'
        ? {
            TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg',
            TELEGRAM_WEBHOOK_SECRET: 'burst-secret',
            PORT: String(port),
          }
        : {};
    for (let i = 1; i <= messages; i++) api.queueUpdate(textUpdate(`burst message ${i}`, { messageId: i }));
    if (mode === 'webhook') api.deliverWebhooksTo(`http://127.0.0.1:${port}/tg`);
    const reactions = () => api.callsTo('setMessageReaction').length;

    const t0 = performance.now();
    const first = startBot({ cwd: dir, dbPath, apiRoot: api.url, env });
    await api.waitFor(() => reactions() >= messages / 3, 600_000);
    first.child.kill('SIGKILL');
    await first.done;
    const acknowledged = reactions();
    const beforeRestart = (await storedMessageIds(dbPath)).length;

    const second = startBot({ cwd: dir, dbPath, apiRoot: api.url, env });
    await waitUntil(async () => (await storedMessageIds(dbPath)).length >= messages, 600_000, `${messages} entries`);
    const seconds = (performance.now() - t0) / 1000;
    second.child.kill('SIGTERM');
    const exit = await second.done;

    const ids = await storedMessageIds(dbPath);
    const distinct = new Set(ids).size;
    const missing = messages - ids.filter((id) => id >= 1 && id <= messages).length;
    const ok = ids.length === messages && distinct === messages && missing === 0 && exit.code === 0;
    console.log(
      `${mode}: ${messages} sent; SIGKILL after ${acknowledged} ✍ (${beforeRestart} stored); after restart ${ids.length} entries, ` +
        `${distinct} distinct, ${ids.length - distinct} doubled, ${missing} missing; clean stop exit ${exit.code}; ${seconds.toFixed(1)} s in all → ${ok ? 'OK' : 'FAILED'}`,
    );
    return ok;
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

let allOk = true;
for (const mode of modes) allOk = (await burst(mode)) && allOk;
process.exit(allOk ? 0 : 1);
