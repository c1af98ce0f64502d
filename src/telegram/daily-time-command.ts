/**
 * A command that holds one daily time of the owner's (/digest, /remind): `HH:MM` turns it on or moves it, `off` stops
 * it, nothing says how it stands. Each feature gives only its texts.
 */
import type { Composer } from 'grammy';
import type { BotContext } from './context.ts';
import type { DailyTimeSetting } from './bot-deps.ts';
import { parseTimeOfDay } from '../journal/dates/wall-time.ts';

export interface DailyTimeTexts {
  /** How to use the command, added to every answer that refuses or reports it off. */
  usage: string;
  /** What the owner has now, at `time` in `zone`. */
  current(time: string, zone: string): string;
  /** The answer to `/command HH:MM`. */
  turnedOn(time: string, zone: string): string;
  turnedOff: string;
  wasOff: string;
  isOff: string;
}

export function dailyTimeCommand(
  composer: Composer<BotContext>,
  command: string,
  setting: DailyTimeSetting,
  texts: DailyTimeTexts,
): void {
  composer.command(command, async (ctx) => {
    if (!ctx.from) return; // a command always has a sender; the guard narrows the type
    const ownerId = ctx.from.id;
    const arg = ctx.match.trim();
    if (arg === '') {
      const current = await setting.get(ownerId);
      return void (await ctx.reply(
        current ? texts.current(current.localTime, setting.timeZone) : `${texts.isOff} ${texts.usage}`,
      ));
    }
    if (arg.toLowerCase() === 'off') {
      const was = await setting.off(ownerId);
      return void (await ctx.reply(was ? texts.turnedOff : `${texts.wasOff} ${texts.usage}`));
    }
    const time = parseTimeOfDay(arg);
    if (!time) return void (await ctx.reply(`"${arg.slice(0, 40)}" is not a time of day. ${texts.usage}`));
    await setting.set(ownerId, ctx.chat.id, time);
    await ctx.reply(texts.turnedOn(time, setting.timeZone));
  });
}
