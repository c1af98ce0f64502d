/**
 * Which journal a page shows is in its path: `/journal/<name>/…` is one journal's pages (`/journal/Dreams/day/…`,
 * `/journal/Main/search?q=…`), and the pages without that prefix show every journal, as they always did. A prefix,
 * not a query parameter, so every link and form a page makes keeps the journal by starting with it.
 */
import { journalNameProblem } from '../journal/journal-names.ts';
import type { JournalLink } from './html.ts';
import type { JournalChoice } from './web-journal.ts';

const JOURNAL_PATH = /^\/journal\/([^/]*)(\/.*)?$/;

/** The path prefix of one journal's pages, or '' for every journal's (`name` null). */
export const journalPrefix = (name: string | null): string =>
  name === null ? '' : `/journal/${encodeURIComponent(name)}`;

/** Where a page's links lead: the journal's path prefix, and the query a medium's address needs (media-route.ts). */
export interface PageLinks {
  at: string;
  /** '' for a signed-in browser (its cookie goes with every request), a grant for the Mini App (mediaGrant). */
  mediaQuery(sha256: string): string;
  /** The caller's form token: every form that POSTs carries it (web-auth.ts). */
  csrf: string;
}

/** A request's path as the journal it names (null: every journal) and the page's own path after the prefix. */
export type JournalPath = { journal: string | null; path: string } | { problem: string };

export function splitJournalPath(pathname: string): JournalPath {
  const match = JOURNAL_PATH.exec(pathname);
  if (!match) return { journal: null, path: pathname };
  let name: string;
  try {
    name = decodeURIComponent(match[1]!);
  } catch {
    return { problem: 'The journal name in that address is not valid percent-encoding (UTF-8).' };
  }
  const problem = journalNameProblem(name);
  if (problem)
    return {
      problem: `That address does not name a journal: ${problem}. A journal's pages are at /journal/<name>/, e.g. /journal/Main/.`,
    };
  return { journal: name, path: match[2] ?? '/' };
}

/** Query parameters that mean the same in every journal's page (a page's offset or notice does not carry over). */
const CARRIED_PARAMETERS = ['year', 'by', 'q', 'date'];

/**
 * The switcher's links: from the page at `path` (after its prefix) to the same page in every journal and in each
 * one, `current` (a name, null: every journal) marked. An entry's page leads to the other journal's calendar, since
 * the entry is in one journal only.
 */
export function switcherLinks(
  choices: readonly JournalChoice[],
  current: string | null,
  path: string,
  url: URL,
): JournalLink[] {
  const carried = new URLSearchParams();
  for (const name of CARRIED_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null) carried.set(name, value);
  }
  const query = carried.size > 0 ? `?${carried.toString()}` : '';
  const samePage = path.startsWith('/entry/') ? '/' : `${path}${query}`;
  return choices.map((c) => ({
    label: c.name ?? 'All journals',
    href: `${journalPrefix(c.name)}${samePage}`,
    entries: `${c.moreThan ? 'more than ' : ''}${c.entries.toLocaleString('en-US')} ${c.entries === 1 && !c.moreThan ? 'entry' : 'entries'}`,
    current: c.name === current,
  }));
}
