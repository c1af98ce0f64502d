/**
 * /mood N (1 to 5, or 😞 🙁 😐 🙂 😄) sets today's mood, /mood YYYY-MM-DD N a past day's, /mood clear (or /mood
 * YYYY-MM-DD clear) removes it, /mood alone says today's. A mood is not an entry. The mood buttons land here too.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { MOOD_BUTTON, moodButtons } from '../mood-buttons.ts';
import { moodEmoji, parseMood } from '../../journal/mood/mood.ts';
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { errorMessage } from '../../log/error-message.ts';

export const MOOD_USAGE =
  'Use /mood 1 to 5 (or 😞 🙁 😐 🙂 😄) for today, /mood YYYY-MM-DD 4 for a past day, or /mood clear.';

const moodText = (mood: number) => `${moodEmoji(mood)} ${mood}/5`;

export function moodFeature(deps: Pick<BotDeps, 'moods' | 'journal' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command('mood', async (ctx) => {
    if (!ctx.from) return; // a command always has a sender; the guard narrows the type
    const ownerId = ctx.from.id;
    const today = deps.journal.today();
    const words = ctx.match
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    const dated = words[0] !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(words[0]);
    const day = dated ? words[0]! : today;
    const rest = dated ? words.slice(1) : words;
    const dayName = day === today ? `today (${day})` : day;
    if (dated && !isCalendarDay(day)) return void (await ctx.reply(`${day} is not a calendar day. ${MOOD_USAGE}`));
    if (day > today) return void (await ctx.reply(`${day} has not come yet. ${MOOD_USAGE}`));
    if (rest.length === 0) {
      const mood = await deps.moods.get(ownerId, day);
      const said =
        mood === null
          ? `No mood for ${dayName} yet. Tap one, or ${MOOD_USAGE.replace(/^Use/, 'use')}`
          : `Mood for ${dayName}: ${moodText(mood)}.`;
      return void (await ctx.reply(said, { reply_markup: moodButtons(day) }));
    }
    if (rest.length === 1 && rest[0]!.toLowerCase() === 'clear') {
      const was = await deps.moods.clear(ownerId, day);
      return void (await ctx.reply(was ? `Mood for ${dayName} cleared.` : `There was no mood for ${dayName}.`));
    }
    const mood = rest.length === 1 ? parseMood(rest[0]!) : null;
    if (mood === null) return void (await ctx.reply(`"${rest.join(' ').slice(0, 40)}" is not a mood. ${MOOD_USAGE}`));
    await deps.moods.set(ownerId, day, mood);
    await ctx.reply(`Mood for ${dayName}: ${moodText(mood)}.`);
  });

  composer.callbackQuery(MOOD_BUTTON, async (ctx) => {
    const [, day, face] = ctx.match;
    const mood = Number(face);
    await deps.moods.set(ctx.from.id, day!, mood);
    deps.logger.info('mood.set', { update_id: ctx.update.update_id, day: day!, from: 'button' });
    await ctx
      .answerCallbackQuery({ text: `Mood for ${day}: ${moodText(mood)}` })
      .catch((error) => deps.logger.error('mood.callback_answer_failed', { error: errorMessage(error) }));
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'mood',
  commands: [{ command: 'mood', menu: "Today's mood, 1 to 5: /mood 4, /mood 2024-03-04 5, /mood clear" }],
  help: "• Mood: /mood 4 (1 to 5, or 😞 🙁 😐 🙂 😄) sets today's mood, /mood 2024-03-04 5 a past day's.",
  welcome: () => "• /mood 4 sets today's mood.",
  compose: (deps) => moodFeature(deps),
};
