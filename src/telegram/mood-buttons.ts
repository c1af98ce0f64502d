/** The five mood faces as buttons for a day (the reminder offers them); pressing one sets that day's mood. */
import { InlineKeyboard } from 'grammy';
import { MOOD_EMOJI } from '../journal/mood/mood.ts';

/** `mood:<YYYY-MM-DD>:<1-5>`. */
export const MOOD_BUTTON = /^mood:(\d{4}-\d{2}-\d{2}):([1-5])$/;

export const moodButtonData = (day: string, mood: number) => `mood:${day}:${mood}`;

/** The five faces on one row of `keyboard` (a new one unless given). */
export function moodButtons(day: string, keyboard = new InlineKeyboard()): InlineKeyboard {
  MOOD_EMOJI.forEach((face, i) => keyboard.text(face, moodButtonData(day, i + 1)));
  return keyboard;
}
