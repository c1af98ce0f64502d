/** /search <query>: the matching entries, best matches first, a few per message, without any model. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { PAGE_SIZE, pageKeyboard, pageText } from '../browse-page-message.ts';
import { topicHandleOf } from '../topic-journal.ts';

export const SEARCH_USAGE =
  'Use /search followed by words or a question, e.g. /search walk river: entries with any of them, best matches first. Also: "a phrase", +walk (must appear), -work (without it), walk* (words starting with it).';

/** In a topic, the search is of that topic's journal. */
export function searchFeature(deps: Pick<BotDeps, 'browse' | 'journals'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message').command('search', async (ctx) => {
    const query = ctx.match.trim();
    if (query === '') return void (await ctx.reply(SEARCH_USAGE));
    const opened = await deps.browse.openSearch(ctx.from.id, query, await topicHandleOf(ctx, deps.journals));
    if ('problem' in opened) return void (await ctx.reply(`That search cannot run: ${opened.problem}`));
    const page = await deps.browse.page(ctx.from.id, opened.handle, 0, 'best', PAGE_SIZE);
    if (!page) return;
    await ctx.reply(pageText(page, `No entries match ${JSON.stringify(query.slice(0, 200))}.`), {
      reply_markup: pageKeyboard(page),
    });
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'search',
  commands: [{ command: 'search', menu: 'Find entries by words, no AI needed: /search walk' }],
  help: '• Find without AI: /search walk river lists the entries with any of the words (walking, rivers too), best matches first, with ◀ ▶ to page ("a phrase", +must, -without, walk* work too).',
  welcome: () => '• /search walk finds entries, no AI needed.',
  compose: (deps) => searchFeature(deps),
};
