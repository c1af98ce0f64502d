/** An entry's page (its text, media, mood and earlier versions), Forget's confirmation, and the writing forms. */
import { dayTitle } from '../journal/dates/calendar-day.ts';
import { entryMarkdown } from './entry-markdown.ts';
import { html, type Html } from './html.ts';
import type { PageLinks } from './journal-paths.ts';
import { entryMeta, mediaShown, plural, shownText } from './pages.ts';
import type { FullEntry } from './web-journal.ts';
import { moodText } from './mood-panel.ts';

export function entryPage(to: PageLinks, entry: FullEntry, mood: number | null, notice?: string): Html {
  return html`<h1>${dayTitle(entry.date)}, ${entry.time}</h1>
${notice ? html`<p role="status" class="notice">${notice}</p>` : ''}
${entryMeta(to, entry, true)}
${mood === null ? '' : html`<p class="mood-now">Mood of the day: <a href="${to.at}/day/${entry.date}#mood">${moodText(mood)}</a></p>`}
${entry.prompt === undefined ? '' : html`<p class="prompt">Answering: <q>${entry.prompt}</q></p>`}
${shownText(entry) === null ? '' : html`<div class="content md whole">${entryMarkdown(entry.content)}</div>`}
${mediaShown(to, entry)}
<section aria-labelledby="history"><h2 id="history">Earlier versions</h2>${
    entry.history.length === 0
      ? html`<p>None: this entry was never edited.</p>`
      : html`<ol class="history">${entry.history.map((r) => html`<li><p class="meta">Replaced <time datetime="${r.replacedAt}">${r.replacedAt.slice(0, 16).replace('T', ' ')} UTC</time></p><div class="content">${r.content}</div></li>`)}</ol>`
  }</section>
<p class="pager"><a href="${to.at}/entry/${entry.id}/edit">Edit this entry</a> <a class="danger" href="${to.at}/entry/${entry.id}/forget">Forget this entry…</a></p>`;
}

export function forgetConfirmPage(to: PageLinks, entry: FullEntry): Html {
  return html`<h1>Forget this entry?</h1>
<p>The entry of ${entry.date} ${entry.time}${entry.history.length ? ` and its ${plural(entry.history.length, 'earlier version')}` : ''} will be deleted from the journal for good. Backups and exports made before keep their copy.</p>
<blockquote class="content">${entry.content.length > 300 ? `${entry.content.slice(0, 300)}…` : entry.content}</blockquote>
<form method="post" action="${to.at}/entry/${entry.id}/forget"><input type="hidden" name="csrf" value="${to.csrf}"><button type="submit" class="danger">Forget for good</button> <a href="${to.at}/entry/${entry.id}">Keep it</a></form>`;
}

/** The most characters an entry written or edited here may have (a Telegram message has at most 4,096). */
export const ENTRY_MAX_CHARACTERS = 100_000;
/** The most photos one written entry may carry (a Telegram album holds 10). */
export const MAX_PHOTOS = 10;

const problemLine = (problem: string | undefined) =>
  problem ? html`<p role="alert" class="error">${problem}</p>` : '';

const MARKDOWN_HINT =
  'Markdown works: **bold**, _italic_, `code`, - [ ] a task, [a link](https://…); #tags become tags.';

// A textarea drops one newline right after its start tag: each starts with one, so an entry's own first line stays.

/** The form to write an entry: which journal, the text, photos. `journals` are display names, `chosen` selected. */
export function writePage(
  to: PageLinks,
  form: { journals: readonly string[]; chosen: string; text?: string; problem?: string },
): Html {
  return html`<h1>Write an entry</h1>
${problemLine(form.problem)}
<form class="write" method="post" action="${to.at}/write" enctype="multipart/form-data">
<input type="hidden" name="csrf" value="${to.csrf}">
<div class="field"><label for="journal">Journal</label><select id="journal" name="journal">${form.journals.map(
    (name) => html`<option value="${name}"${name === form.chosen ? html` selected` : ''}>${name}</option>`,
  )}</select></div>
<div class="field"><label for="text">Entry</label><textarea id="text" name="text" required maxlength="${ENTRY_MAX_CHARACTERS}">
${form.text ?? ''}</textarea><small class="count">${MARKDOWN_HINT}</small></div>
<div class="field"><label for="photos">Photos (up to ${MAX_PHOTOS})</label><input id="photos" name="photos" type="file" accept="image/*" multiple></div>
<p><button type="submit">Save the entry</button></p>
</form>`;
}

/** The form to edit an entry: its text now; saved, that text is kept as an earlier version. */
export function editPage(to: PageLinks, entry: FullEntry, form: { text?: string; problem?: string } = {}): Html {
  return html`<h1>Edit the entry of ${dayTitle(entry.date)}, ${entry.time}</h1>
${problemLine(form.problem)}
<p>The text it has now is kept as an earlier version, as an edit in Telegram is.</p>
<form class="write" method="post" action="${to.at}/entry/${entry.id}/edit">
<input type="hidden" name="csrf" value="${to.csrf}">
<div class="field"><label for="text">Entry</label><textarea id="text" name="text" required maxlength="${ENTRY_MAX_CHARACTERS}">
${form.text ?? entry.content}</textarea><small class="count">${MARKDOWN_HINT}</small></div>
<p class="pager"><button type="submit">Save the edit</button> <a href="${to.at}/entry/${entry.id}">Cancel</a></p>
</form>`;
}
