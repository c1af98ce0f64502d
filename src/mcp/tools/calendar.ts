/**
 * The calendar App: showCalendar (its definition in objects/object-tools.ts APP_TOOLS) and the page a host draws its
 * result in, src/mcp/app/calendar-app.ts in calendar.html (bundled by scripts/build.mjs).
 */
import { APP_TOOLS } from '../../objects/object-tools.ts';
import type { McpTool } from '../mcp-tool.ts';

const showCalendar = APP_TOOLS.find((t) => t.name === 'showCalendar');
if (!showCalendar) throw new Error('objects/object-tools.ts APP_TOOLS has no showCalendar');

export const tool: McpTool = {
  tool: showCalendar,
  app: {
    page: 'calendar',
    uri: 'ui://journal/calendar.html',
    name: 'Journal calendar',
    description: "A view's days as a calendar with mood colours; a day opens its entries.",
  },
};
