/**
 * The calendar value, written once: what JournalCollection.getCalendar returns (journal/views/calendar-method.ts),
 * what the MCP server's showCalendar tool sends as structured content (mcp/tools/calendar.ts) and what the calendar MCP
 * App draws (mcp/app/calendar-app.ts, which parses the host's copy with it rather than trusting a cast).
 */
import { z } from 'zod';

/** A day with entries or a mood: how many entries, and its mood 1-5 (null when none was set). */
export const CALENDAR_DAY = z.object({ date: z.string(), count: z.number(), mood: z.number().nullable() });
export type CalendarDay = z.infer<typeof CALENDAR_DAY>;

/** A month as a calendar lays it out, so a client does no dates: the weekday of its 1st (Monday 0 … Sunday 6), its length. */
export const CALENDAR_MONTH = z.object({ month: z.string(), firstWeekday: z.number(), length: z.number() });
export type CalendarMonth = z.infer<typeof CALENDAR_MONTH>;

/** A view's calendar: its description and range, its days (the latest ones when there are many) and their months. */
export const CALENDAR_VALUE = z.object({
  description: z.string(),
  range: z.object({ first: z.string().nullable(), last: z.string().nullable() }),
  days: z.array(CALENDAR_DAY),
  months: z.array(CALENDAR_MONTH),
  /** Says what was left out and how to narrow, when the days were cut. */
  note: z.string().optional(),
});
export type CalendarValue = z.infer<typeof CALENDAR_VALUE>;

/** showCalendar's structured result: the calendar and the handle it is of (the App calls that handle's methods). */
export const SHOWN_CALENDAR = CALENDAR_VALUE.extend({ objId: z.string() });
export type ShownCalendar = z.infer<typeof SHOWN_CALENDAR>;
