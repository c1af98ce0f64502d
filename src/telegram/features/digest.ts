/** /digest HH:MM turns the daily digest on (or moves it), /digest off stops it, /digest alone says how it stands. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { dailyTimeCommand } from '../daily-time-command.ts';

export const DIGEST_USAGE =
  'Use /digest HH:MM for a daily digest at that time (e.g. /digest 08:00), or /digest off to stop it.';

export function digestFeature(deps: Pick<BotDeps, 'digests'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  dailyTimeCommand(composer, 'digest', deps.digests, {
    usage: DIGEST_USAGE,
    current: (time, zone) =>
      `Your daily digest comes every day at ${time} (${zone}): what you wrote on that day in earlier years, and a nudge after a day without writing. /digest off stops it.`,
    turnedOn: (time, zone) =>
      `Daily digest on: every day at ${time} (${zone}), with what you wrote on that day in earlier years, a nudge after a day without writing, and on Sundays an offer to review the week. /digest off stops it.`,
    turnedOff: 'Daily digest off. /digest HH:MM turns it on again.',
    wasOff: 'The daily digest was already off.',
    isOff: 'The daily digest is off.',
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'digest',
  commands: [{ command: 'digest', menu: 'A daily digest at a time you choose: /digest 08:00, /digest off' }],
  help: '• Daily digest: /digest 08:00 sends, every day at that time, what you wrote on that day in earlier years, a nudge if you wrote nothing the day before, and on Sundays an offer to review the week. /digest off stops it.',
  welcome: () => '• /digest 08:00: a daily digest of earlier years.',
  compose: (deps) => digestFeature(deps),
};
