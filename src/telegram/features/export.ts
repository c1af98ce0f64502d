/** /export [json|md]: the whole journal sent back as documents (several when over Telegram's 50 MB upload limit). */
import { Composer, InputFile } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';

export const EXPORT_USAGE = 'Send /export for the full journal as JSON (re-importable with npm run import), or /export md for Markdown, one file per year.';

export function exportFeature(deps: Pick<BotDeps, 'exporter' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('export', async (ctx) => {
    if (!ctx.from) return; // a command always has a sender; the guard narrows the type
    const ownerId = ctx.from.id;
    const arg = ctx.match.trim().toLowerCase();
    if (!['', 'json', 'md', 'markdown'].includes(arg)) return void (await ctx.reply(EXPORT_USAGE));
    const format = arg === '' || arg === 'json' ? 'json' : 'md';
    await ctx.replyWithChatAction('upload_document').catch(() => undefined);
    const result = await deps.exporter.exportForChat(ownerId, format);
    try {
      deps.logger.info('export.ready', { update_id: ctx.update.update_id, format, entries: result.entries, files: result.files.length });
      const total = result.files.length;
      for (const [i, file] of result.files.entries()) {
        const part = total > 1 ? ` (file ${i + 1} of ${total})` : '';
        const caption = i === 0 ? `Your journal: ${result.entries} ${result.entries === 1 ? 'entry' : 'entries'}${part}.` : `Your journal${part}.`;
        await ctx.replyWithDocument(new InputFile(file.path, file.name), { caption });
      }
    } finally {
      await result.cleanup();
    }
  });
  return composer;
}
