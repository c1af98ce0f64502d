/**
 * Tools whose result a host draws as an interactive view (an MCP App): served by the MCP server only, since the
 * Telegram chat has no host to draw them in; the bot's model reads the same data through invokeMethod. Each names its
 * view (app-views.ts); the value it sends is the view's format (formats/), which the App parses with the same schema.
 */
import { z } from 'zod';
import { CALENDAR_VALUE, SHOWN_CALENDAR } from '../formats/calendar.ts';
import { ObjectError } from '../objects/object-error.ts';
import { defineTool, objId, READS, type ObjectTool } from '../objects/object-tools.ts';
import type { AppView } from './app-views.ts';

/** An object tool that opens an MCP App: the view its result is drawn in. */
export type AppTool = ObjectTool & { view: AppView };

export const APP_TOOLS: readonly AppTool[] = [
  {
    ...defineTool({
      name: 'showCalendar',
      title: 'Show the calendar',
      description:
        "Shows the user a calendar of a view's days (entry count and mood per day), where they can open a day's entries. " +
        'Works on any handle whose kind has getCalendar (e.g. "journal" or a view from getDateRangeView or search).',
      annotations: READS,
      input: z.object({ objId }),
      output: SHOWN_CALENDAR,
      run: async (ops, { objId: id }) => {
        const result = await ops.invokeMethod(id, 'getCalendar', {});
        const calendar = result.type === 'value' ? CALENDAR_VALUE.safeParse(result.value) : undefined;
        if (!calendar?.success)
          throw new ObjectError(`showCalendar needs a handle whose getCalendar gives days; ${id} gave something else.`);
        const structured = { objId: id, ...calendar.data };
        return { text: JSON.stringify(structured), images: [], structured };
      },
    }),
    view: 'calendar',
  },
];
