/** One entry: its whole text, media, earlier versions and mood; and Forget, confirmed before it is done. */
import { entryPage, forgetConfirmPage } from '../entry-pages.ts';
import { notFound, ok, type WebPage } from '../route.ts';

/** What an entry's page says after a form led to it. */
const ENTRY_NOTICES: [string, string][] = [
  ['written', 'The entry was saved.'],
  ['edited', 'The edit was saved; the text before it is kept below as an earlier version.'],
  ['unchanged', 'Nothing changed: the text was the same.'],
];

export const page: WebPage = {
  name: 'entry',
  routes: [
    {
      method: 'GET',
      path: /^\/entry\/(\d{1,15})$/,
      async run({ params, url, journal, to }) {
        const entry = await journal.entry(Number(params[0]));
        if (!entry) return notFound('There is no such entry in this journal.');
        const notice = ENTRY_NOTICES.find(([key]) => url.searchParams.has(key))?.[1];
        const mood = await journal.moodOn(entry.date);
        return ok({ title: `${entry.date} ${entry.time}` }, entryPage(to, entry, mood, notice));
      },
    },
    {
      method: 'GET',
      path: /^\/entry\/(\d{1,15})\/forget$/,
      async run({ params, journal, to }) {
        const entry = await journal.entry(Number(params[0]));
        return entry
          ? ok({ title: 'Forget this entry?' }, forgetConfirmPage(to, entry))
          : notFound('There is no such entry in this journal.');
      },
    },
    {
      method: 'POST',
      path: /^\/entry\/(\d{1,15})\/forget$/,
      async run({ params, journal, to }) {
        const forgotten = await journal.forget(Number(params[0]));
        return forgotten
          ? { redirect: `${to.at}/day/${forgotten.day}?forgotten=1` }
          : notFound('There is no such entry in this journal (already forgotten?).');
      },
    },
  ],
};
