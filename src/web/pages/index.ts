/**
 * Every page of the web view, in the order the navigation shows those that have an entry in it. A page is one module
 * here declaring its routes, its navigation entry and its own styles (route.ts WebPage); page-routes.ts reads the
 * router, the navigation and the stylesheet's page part from this list, so a new page is its module and one line.
 */
import type { WebPage } from '../route.ts';
import { page as calendar } from './calendar.ts';
import { page as timeline } from './timeline.ts';
import { page as photos } from './photos.ts';
import { page as search } from './search.ts';
import { page as tags } from './tags.ts';
import { page as onThisDay } from './on-this-day.ts';
import { page as writing } from './writing.ts';
import { page as entry } from './entry.ts';

export const WEB_PAGES: readonly WebPage[] = [calendar, timeline, photos, search, tags, onThisDay, writing, entry];
