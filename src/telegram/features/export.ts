/**
 * /export [json|md]: the whole journal sent back as zips of the export with its media (several when over Telegram's
 * 50 MB upload limit; each unzips to a folder `npm run import` restores). Building and uploading take a while, so the
 * export runs as a job (job-runner.ts): what the owner writes meanwhile is stored at once, and the export is sent once.
 */
import { Composer, InputFile } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps, ChatExport } from '../bot-deps.ts';
import { journalOfUpdate } from '../topic-journal.ts';
import { journalDisplayName } from '../../journal/journal-names.ts';
import { commandArgument } from '../command-argument.ts';

export const EXPORT_USAGE =
  'Send /export for the full journal as JSON with its media in a zip (re-importable with npm run import), or /export md for Markdown, one file per year.';

const formatOf = (argument: string): 'json' | 'md' | undefined => {
  const arg = argument.toLowerCase();
  if (arg === '' || arg === 'json') return 'json';
  return arg === 'md' || arg === 'markdown' ? 'md' : undefined;
};

/** The job: builds the export in a temp folder and uploads its files, then removes them. */
async function sendExport(ctx: BotContext, deps: Pick<BotDeps, 'exporter' | 'logger' | 'journals'>): Promise<void> {
  const format = formatOf(commandArgument(ctx.msg?.text));
  if (!ctx.from || !format) throw new Error('an export job needs an /export [json|md] message from a user');
  await ctx.replyWithChatAction('upload_document').catch(() => undefined);
  // In a topic, that topic's journal alone.
  const journal = await journalOfUpdate(ctx, deps.journals);
  const result = await deps.exporter.exportForChat(ctx.from.id, format, journal);
  const yours = journal === undefined ? 'Your journal' : `Your journal ${JSON.stringify(journalDisplayName(journal))}`;
  try {
    deps.logger.info('export.ready', {
      update_id: ctx.update.update_id,
      format,
      entries: result.entries,
      files: result.parts.length,
      media_left_out: result.leftOut.count,
    });
    const total = result.parts.length;
    for (const [i, part] of result.parts.entries()) {
      const of = total > 1 ? ` (file ${i + 1} of ${total})` : '';
      const caption =
        i === 0
          ? [
              `${yours}: ${result.entries} ${result.entries === 1 ? 'entry' : 'entries'}${of}.`,
              ...notesOf(result, total),
            ].join('\n')
          : `${yours}${of}.`;
      await part.send((file) =>
        ctx.replyWithDocument(new InputFile(file, part.name), { caption }).then(() => undefined),
      );
    }
  } finally {
    await result.cleanup();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What the first caption adds: how to restore, media left out, and that the zip is not encrypted. */
function notesOf(result: ChatExport, total: number): string[] {
  const { count, bytes } = result.leftOut;
  return [
    `Unzip ${total > 1 ? 'each file' : 'it'} and run npm run import on the folder to restore the entries with their media.`,
    ...(count > 0
      ? [
          `${count} media ${count === 1 ? 'file' : 'files'} (${megabytes(bytes)}) did not fit Telegram's 50 MB uploads: the export names them, and npm run export -- --out <folder>/ on the server writes them.`,
        ]
      : []),
    ...(result.encryptedJournal
      ? ['The journal is encrypted, but this export is not: keep it somewhere private, or delete it when done.']
      : []),
  ];
}

export function exportFeature(deps: Pick<BotDeps, 'exporter' | 'logger' | 'jobs' | 'journals'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  deps.jobs.define('export', { title: 'your export', run: (ctx) => sendExport(ctx, deps) });
  composer.command('export', async (ctx) => {
    if (!formatOf(ctx.match.trim())) return void (await ctx.reply(EXPORT_USAGE));
    // Shown at once; the job shows it again when it starts (a chat action lasts about 5 seconds).
    await ctx.replyWithChatAction('upload_document').catch(() => undefined);
    await deps.jobs.enqueue('export', ctx);
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'export',
  commands: [{ command: 'export', menu: 'Get the whole journal as a file (JSON, or /export md)' }],
  help: '• Take it with you: /export sends the whole journal as JSON (re-importable with npm run import), /export md as Markdown, one file per year.',
  welcome: () => '• /export sends the whole journal as a file.',
  compose: (deps) => exportFeature(deps),
};
