/**
 * The tags page and a tag's entries: the whole recipe of a page in one module (docs/development.md, "Adding a web
 * page"). Its routes, its navigation entry and its styles are declared here; its data comes through the journal's
 * own methods by name (getTags, tagged), so it needed no new read of the journal; its HTML through the shared helpers.
 */
import { html, type Html } from '../html.ts';
import type { PageLinks } from '../journal-paths.ts';
import { listOrder, pagedList, plural } from '../pages.ts';
import { notFound, offsetOf, ok, type WebPage } from '../route.ts';
import type { EntryList, ListOrder } from '../web-journal.ts';
import type { TagCount } from '../../journal/tags/tag-queries.ts';

const PAGE_SIZE = 50;
/** The tags page lists this many, the most used first (getTags' limit). */
const TAGS_SHOWN = 100;

function tagsPage(to: PageLinks, tags: TagCount[], distinct: number): Html {
  if (tags.length === 0) return html`<h1>Tags</h1><p>No #tags yet: write one in an entry, e.g. #walk.</p>`;
  return html`<h1>Tags</h1>
<p>${plural(distinct, 'tag')}${distinct > tags.length ? `, the ${tags.length} most used shown` : ''}.</p>
<ul class="tags">${tags.map((t) => html`<li><a href="${to.at}/tags/${encodeURIComponent(t.tag)}">#${t.tag}</a> <span class="count">${plural(t.entries, 'entry', 'entries')}</span></li>`)}</ul>`;
}

function taggedPage(
  to: PageLinks,
  tag: string,
  found: EntryList,
  page: { offset: number; pageSize: number; order: ListOrder },
): Html {
  const href = (o: number, order: ListOrder) =>
    `${to.at}/tags/${encodeURIComponent(tag)}?offset=${o}${order === 'oldest' ? '&order=oldest' : ''}`;
  return html`<h1>#${tag}</h1>${pagedList(to, { found, ...page, href })}`;
}

export const page: WebPage = {
  name: 'tags',
  nav: { label: 'Tags', href: '/tags' },
  routes: [
    {
      method: 'GET',
      path: /^\/tags$/,
      async run({ journal, to }) {
        const { tags, distinctTags } = await journal.value<{ tags: TagCount[]; distinctTags: number }>('getTags', {
          limit: TAGS_SHOWN,
        });
        return ok({ title: 'Tags', current: 'tags' }, tagsPage(to, tags, distinctTags));
      },
    },
    {
      method: 'GET',
      path: /^\/tags\/([^/]+)$/,
      async run({ params, url, journal, to }) {
        let tag: string;
        try {
          tag = decodeURIComponent(params[0]!);
        } catch {
          return notFound('That is not a tag.');
        }
        const offset = offsetOf(url);
        const order = listOrder(url) === 'oldest' ? 'oldest' : 'newest';
        const found = await journal.entriesOf('tagged', { tag }, { offset, limit: PAGE_SIZE, order });
        return ok(
          { title: `#${tag}`, current: 'tags' },
          taggedPage(to, tag, found, { offset, pageSize: PAGE_SIZE, order }),
        );
      },
    },
  ],
  css: `.tags { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: 6px 16px; }
`,
};
