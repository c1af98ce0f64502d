/**
 * Remote MCP in the chat. An app's authorization page links to the bot with `/start <payload>`: the owner who opens
 * it is asked, naming the app, whether its identity is verified, and where it returns to, with Allow and Deny. Allow
 * shows a one-time code the owner types into the page they started from; only then does that page go on.
 * /connections lists the connected apps (since, last used) with a Revoke button each; a revoked app's tokens stop
 * working at once. Strangers never get here (features/access.ts answers them first).
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps, ConsentQuestion, RemoteConnection } from '../bot-deps.ts';
import { localMoment } from '../../journal/dates/local-moment.ts';

const ALLOW_DATA = /^mcp-allow:(\d{1,15})$/;
const DENY_DATA = /^mcp-deny:(\d{1,15})$/;
const REVOKE_DATA = /^mcp-revoke:(\d{1,15})$/;

export const LINK_OVER_TEXT =
  'This connection link was used already or has expired (a link works once, for 10 minutes). Start again from the app you were connecting.';
export const NO_REMOTE_TEXT =
  'No app can connect to this journal: remote MCP is off (the bot runs without PUBLIC_URL; docs/mcp.md).';
export const REQUEST_OVER_TEXT = 'This request is over: answered already, or expired.';

export const ONLY_YOURS = 'Only approve a connection you started yourself.';

export function consentQuestionText(q: Pick<ConsentQuestion, 'clientName' | 'verifiedHost' | 'returnsTo'>): string {
  return [
    `Connect “${q.clientName}” to your journal?`,
    q.verifiedHost === null
      ? 'Its name is self-declared: the app registered itself and chose that name; nothing checks it.'
      : `Its identity is verified: its description is published on ${q.verifiedHost}.`,
    q.returnsTo.kind === 'host'
      ? `It returns to the website ${q.returnsTo.host}.`
      : `It returns to an app on a device, by the link scheme ${q.returnsTo.scheme} (not a website).`,
    '',
    'Allowed, it can read your journal with the same read-only tools as the bot’s questions: the entries it reads go to that app and its model (/sent records them). /connections lists it and revokes it.',
    `${ONLY_YOURS} After Allow I show you a code: type it into the connection page in your own browser, and nowhere else.`,
  ].join('\n');
}

/** What the bot says after Allow: the one-time code for the page, and why. */
export function allowedText(code: string): string {
  return [
    `Allowed. To finish, type this code into the connection page you opened: ${code}`,
    '',
    'It works once, for 10 minutes. If you did not start this connection yourself, do not type it anywhere or send it to anyone: without it nothing is connected.',
  ].join('\n');
}

function connectionLine(c: RemoteConnection, timeZone: string): string {
  const at = (iso: string) => {
    const m = localMoment(new Date(iso), timeZone);
    return `${m.day} ${m.time}`;
  };
  return `• ${c.clientName}: connected ${at(c.since)}, last used ${c.lastUsed ? at(c.lastUsed) : 'never'}`;
}

export function connectionsFeature(deps: Pick<BotDeps, 'connections' | 'digests' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const { connections } = deps;
  if (!connections) {
    composer.on('message').command('connections', (ctx) => ctx.reply(NO_REMOTE_TEXT));
    return composer;
  }

  composer.on('message').command('start', async (ctx, next) => {
    const payload = ctx.match.trim();
    if (!connections.isConsentPayload(payload)) return next();
    const question = await connections.open(ctx.from.id, payload);
    if (!question) return void (await ctx.reply(LINK_OVER_TEXT));
    deps.logger.info('mcp.consent_asked', { owner_id: ctx.from.id, request_id: question.requestId });
    await ctx.reply(consentQuestionText(question), {
      reply_markup: new InlineKeyboard()
        .text('Allow', `mcp-allow:${question.requestId}`)
        .text('Deny', `mcp-deny:${question.requestId}`),
    });
  });

  for (const [data, allow] of [
    [ALLOW_DATA, true],
    [DENY_DATA, false],
  ] as const) {
    composer.callbackQuery(data, async (ctx) => {
      const requestId = Number(ctx.match[1]);
      const decision = await connections.decide(ctx.from.id, requestId, allow);
      if (!decision.answered)
        return void (await ctx.answerCallbackQuery({ text: REQUEST_OVER_TEXT, show_alert: true }));
      deps.logger.info(allow ? 'mcp.consent_allowed' : 'mcp.consent_denied', {
        owner_id: ctx.from.id,
        request_id: requestId,
      });
      await ctx.answerCallbackQuery({ text: allow ? 'Allowed' : 'Denied' });
      await ctx.editMessageText(
        decision.code !== null ? allowedText(decision.code) : 'Denied. The app was told no and got nothing.',
      );
    });
  }

  composer.on('message').command('connections', async (ctx) => {
    const list = await connections.list(ctx.from.id);
    if (list.length === 0) {
      return void (await ctx.reply(
        `No apps are connected to your journal. To connect one (claude.ai, Claude Code), add ${connections.mcpUrl} as a custom connector.`,
      ));
    }
    const keyboard = new InlineKeyboard();
    for (const c of list) keyboard.text(`Revoke ${c.clientName}`.slice(0, 60), `mcp-revoke:${c.grantId}`).row();
    await ctx.reply(
      ['Apps connected to your journal:', ...list.map((c) => connectionLine(c, deps.digests.timeZone))].join('\n'),
      { reply_markup: keyboard },
    );
  });

  composer.callbackQuery(REVOKE_DATA, async (ctx) => {
    const grantId = Number(ctx.match[1]);
    const revoked = await connections.revoke(ctx.from.id, grantId);
    if (!revoked) {
      // Not this owner's grant, or ended already: nothing changed (another owner's grant id is refused here).
      deps.logger.info('mcp.revoke_refused', { owner_id: ctx.from.id, grant_id: grantId });
      return void (await ctx.answerCallbackQuery({ text: 'That connection is gone already.', show_alert: true }));
    }
    deps.logger.info('mcp.connection_revoked', { owner_id: ctx.from.id, grant_id: grantId });
    await ctx.answerCallbackQuery({ text: 'Revoked' });
    const rest = await connections.list(ctx.from.id);
    const keyboard = new InlineKeyboard();
    for (const c of rest) keyboard.text(`Revoke ${c.clientName}`.slice(0, 60), `mcp-revoke:${c.grantId}`).row();
    const text =
      rest.length === 0
        ? 'Revoked. No apps are connected to your journal now.'
        : ['Revoked. Still connected:', ...rest.map((c) => connectionLine(c, deps.digests.timeZone))].join('\n');
    await ctx.editMessageText(text, { reply_markup: keyboard });
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'connections',
  commands: [{ command: 'connections', menu: 'Apps connected to your journal (claude.ai…), and Revoke' }],
  help: '• Connections: when the bot is set up for it (PUBLIC_URL), claude.ai and Claude Code can read your journal after you tap Allow here; /connections lists them and revokes them.',
  welcome: (deps) =>
    deps.connections ? '• /connections: claude.ai and Claude Code read your journal once you allow them.' : null,
  phase: 'gate',
  // A gate: a consent link is a /start with its payload, answered before /start's help.
  after: ['access'],
  compose: (deps) => connectionsFeature(deps),
};
