/**
 * The web view's writing pages: write an entry (into a journal picked, with photos), edit one (its text kept as an
 * earlier version), and set a day's mood. Each POST arrives read within its bound and with its form token checked
 * (web-view.ts); what it holds is checked here, and a form that does not fit is shown again with what to fix, nothing
 * typed lost. One page in the navigation (Write); an entry's Edit and a day's mood are its forms too.
 */
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { PhotoRefusedError } from '../../journal/entries/written-entries.ts';
import { parseMood } from '../../journal/mood/mood.ts';
import { editPage, ENTRY_MAX_CHARACTERS, MAX_PHOTOS, writePage } from '../entry-pages.ts';
import type { SubmittedForm } from '../form-body.ts';
import type { Html, PageOptions } from '../html.ts';
import { journalPrefix } from '../journal-paths.ts';
import { badRequest, notFound, ok, type Answer, type WebPage } from '../route.ts';
import { calendarPageProblem } from '../web-guards.ts';
import type { WebJournal } from '../web-journal.ts';

/** The entry's text as typed, line ends made `\n` (a browser sends a textarea's as `\r\n`), or what is wrong with it. */
function entryText(form: SubmittedForm): { text: string } | { problem: string } {
  const text = (form.field('text') ?? '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') return { problem: 'The entry is empty: write something first.' };
  if ([...text].length > ENTRY_MAX_CHARACTERS)
    return {
      problem: `The entry has ${[...text].length.toLocaleString('en-US')} characters; one entry holds at most ${ENTRY_MAX_CHARACTERS.toLocaleString('en-US')}. Split it in two.`,
    };
  return { text };
}

/** The journals an entry may be written into, by the names shown (Main first), and the one these pages show. */
async function journalChoices(journal: WebJournal): Promise<{ journals: string[]; chosen: string }> {
  const names = (await journal.journals()).flatMap((c) => (c.name === null ? [] : [c.name]));
  return { journals: names, chosen: journal.journalName ?? names[0] ?? 'Main' };
}

/** A form shown again with what to fix: a page, answered 400. */
const formAgain = (options: PageOptions, content: Html): Answer => ({ status: 400, options, content });

const routes: WebPage['routes'] = [
  {
    method: 'GET',
    path: /^\/write$/,
    async run({ journal, to }) {
      return ok({ title: 'Write', current: 'write' }, writePage(to, await journalChoices(journal)));
    },
  },
  {
    method: 'POST',
    path: /^\/write$/,
    async run({ journal, to, form }) {
      const choices = await journalChoices(journal);
      const typed = (form!.field('text') ?? '').replace(/\r\n?/g, '\n');
      const named = form!.field('journal') ?? choices.chosen;
      const problemPage = (problem: string, chosen = named) =>
        formAgain({ title: 'Write', current: 'write' }, writePage(to, { ...choices, chosen, text: typed, problem }));
      const target = choices.journals.some((n) => n.toLowerCase() === named.toLowerCase())
        ? await journal.inJournal(named)
        : null;
      if (!target)
        return problemPage(
          `There is no journal named “${named.slice(0, 128)}”: pick one of ${choices.journals.join(', ')}.`,
          choices.chosen,
        );
      const checked = entryText(form!);
      if ('problem' in checked) return problemPage(checked.problem);
      const photos = form!.files('photos');
      if (photos.length > MAX_PHOTOS)
        return problemPage(`${photos.length} photos: one entry holds at most ${MAX_PHOTOS}. Pick fewer.`);
      try {
        const written = await target.write(checked.text, photos);
        return { redirect: `${journalPrefix(target.journalName)}/entry/${written.id}?written=1` };
      } catch (error) {
        if (error instanceof PhotoRefusedError) return problemPage(`${error.message} Nothing was saved.`);
        throw error;
      }
    },
  },
  {
    method: 'GET',
    path: /^\/entry\/(\d{1,15})\/edit$/,
    async run({ params, journal, to }) {
      const entry = await journal.entry(Number(params[0]));
      return entry
        ? ok({ title: 'Edit the entry' }, editPage(to, entry))
        : notFound('There is no such entry in this journal.');
    },
  },
  {
    method: 'POST',
    path: /^\/entry\/(\d{1,15})\/edit$/,
    async run({ params, journal, to, form }) {
      const id = Number(params[0]);
      const entry = await journal.entry(id);
      if (!entry) return notFound('There is no such entry in this journal (forgotten?). Nothing was saved.');
      const checked = entryText(form!);
      if ('problem' in checked) {
        const text = (form!.field('text') ?? '').replace(/\r\n?/g, '\n');
        return formAgain({ title: 'Edit the entry' }, editPage(to, entry, { text, problem: checked.problem }));
      }
      const edited = await journal.edit(id, checked.text);
      if (edited === null) return notFound('There is no such entry in this journal (forgotten?). Nothing was saved.');
      return { redirect: `${to.at}/entry/${id}?${edited === 'revised' ? 'edited' : 'unchanged'}=1` };
    },
  },
  {
    method: 'POST',
    path: /^\/day\/(\d{4}-\d{2}-\d{2})\/mood$/,
    async run({ params, journal, to, form }) {
      const date = params[0]!;
      if (!isCalendarDay(date) || calendarPageProblem(date) !== null)
        return notFound(`${date} is not a day of the calendar.`);
      const given = form!.field('mood') ?? '';
      const mood = given === 'none' ? null : parseMood(given);
      if (mood === null && given !== 'none')
        return badRequest(
          'Not a mood',
          `A mood is 1 (😞) to 5 (😄), or "none" to clear it; "${given.slice(0, 20)}" is neither.`,
        );
      await journal.setMood(date, mood);
      return { redirect: `${to.at}/day/${date}?mood=${mood ?? 'cleared'}` };
    },
  },
];

export const page: WebPage = { name: 'write', nav: { label: 'Write', href: '/write' }, routes };
