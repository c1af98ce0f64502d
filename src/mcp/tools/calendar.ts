/**
 * The calendar App: the showCalendar tool and the page a host draws its result in (src/mcp/app/calendar-app.ts in
 * calendar.html, bundled by scripts/build.mjs). Served by the MCP server only, since the Telegram chat has no host to
 * draw it in; the bot's model reads the same data through invokeMethod. The value it sends is the calendar's format
 * (formats/calendar.ts), which the App parses with the same schema.
 */
import { z } from 'zod';
import { CALENDAR_VALUE, SHOWN_CALENDAR } from '../../formats/calendar.ts';
import { ObjectError } from '../../objects/object-error.ts';
import { defineTool, objId, READS } from '../../objects/object-tools.ts';
import type { McpTool } from '../mcp-tool.ts';

export const tool: McpTool = {
  tool: defineTool({
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
  app: {
    page: 'calendar',
    uri: 'ui://journal/calendar.html',
    name: 'Journal calendar',
    description: "A view's days as a calendar with mood colours; a day opens its entries.",
  },
};
