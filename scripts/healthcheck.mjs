// Docker's HEALTHCHECK: the bot is healthy when the HTTP server it runs answers (any status: it is up and serving).
// Webhook mode serves PORT; polling mode serves WEB_PORT when the Mini App (MINI_APP_URL) or remote MCP (PUBLIC_URL) is
// on. A bot that only polls opens no port: its process running (PID 1) is all there is to check, so this passes.
const env = process.env;
const port = env.TELEGRAM_WEBHOOK_URL
  ? env.PORT || '8080'
  : env.MINI_APP_URL || env.PUBLIC_URL
    ? env.WEB_PORT || '8081'
    : null;
if (port === null) process.exit(0);
try {
  const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(4000) });
  await response.arrayBuffer();
  process.exit(0);
} catch (error) {
  console.error(`No answer on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
