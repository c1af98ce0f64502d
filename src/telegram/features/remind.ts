/**
 * /remind HH:MM: a daily reminder to write at that time of the owner's journal day, sent only on days without an
 * entry; /remind off stops it, /remind alone says how it stands. The reminder's snooze and skip buttons land here.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { REMINDER_BUTTON } from '../reminder-delivery.ts';
import { dailyTimeCommand } from '../daily-time-command.ts';
import { errorMessage } from '../../log/error-message.ts';

export const REMIND_USAGE =
  'Use /remind HH:MM for a daily reminder to write at that time (e.g. /remind 21:00), or /remind off to stop it.';

export function remindFeature(deps: Pick<BotDeps, 'reminders' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  dailyTimeCommand(composer, 'remind', deps.reminders, {
    usage: REMIND_USAGE,
    current: (time, zone) =>
      `Your reminder to write comes at ${time} (${zone}) on days you have not written yet. /remind off stops it.`,
    turnedOn: (time, zone) =>
      `Reminder on: at ${time} (${zone}) on days you have not written yet, with a question to start from. /remind off stops it.`,
    turnedOff: 'Reminder off. /remind HH:MM turns it on again.',
    wasOff: 'The reminder was already off.',
    isOff: 'The reminder to write is off.',
  });

  composer.callbackQuery(REMINDER_BUTTON, async (ctx) => {
    const [, action, day] = ctx.match;
    const done =
      action === 'snooze'
        ? await deps.reminders.snooze(ctx.from.id, day!)
        : await deps.reminders.skip(ctx.from.id, day!);
    deps.logger.info('reminder.button', { update_id: ctx.update.update_id, action: action!, day: day!, done });
    const text = !done
      ? 'That reminder is over.'
      : action === 'snooze'
        ? 'Again in an hour.'
        : 'No more reminders today.';
    await ctx
      .answerCallbackQuery({ text })
      .catch((error) => deps.logger.error('reminder.callback_answer_failed', { error: errorMessage(error) }));
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'remind',
  commands: [{ command: 'remind', menu: 'A daily reminder to write: /remind 21:00, /remind off' }],
  help: '• Reminder: /remind 21:00 sends one reminder with a question at that time on days you have not written yet, with buttons to snooze, skip or set your mood. /remind off stops it.',
  welcome: () => '• /remind 21:00: a nudge to write.',
  compose: (deps) => remindFeature(deps),
};
