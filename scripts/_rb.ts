import { spawn } from 'node:child_process';
import { startBotApiStandIn } from '../test/stand-ins/bot-api.ts';
const api = await startBotApiStandIn();
const res: Record<string, number[]> = { '.xa': [], '.xb': [] };
for (let i = 0; i < 6; i++) for (const d of ['.xa', '.xb']) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [`/work/main/${d}/dist/main.js`], { cwd: '/tmp', env: { PATH: process.env.PATH, TELEGRAM_BOT_TOKEN: '123456789:AAH-abcdefghijklmnopqrstuvwxyz012', TELEGRAM_API_ROOT: api.url, ALLOWED_USER_IDS: '5', DATABASE_PATH: '/tmp/rb.sqlite', JOURNAL_TIMEZONE: 'UTC', ANTHROPIC_API_KEY: 'k' }, stdio: ['ignore', 'ignore', 'ignore'] });
  const before = api.callsTo('getUpdates').length;
  await api.waitFor(() => api.callsTo('getUpdates').length > before, 20000);
  res[d]!.push(Math.round(performance.now() - t0));
  child.kill('SIGTERM');
  await new Promise((r) => child.on('close', r));
}
console.log(JSON.stringify(res));
await api.close();
