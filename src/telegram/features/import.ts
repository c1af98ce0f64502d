/** A Telegram Desktop export sent as a document is imported, with one status message edited as it goes. */
import { Composer, GrammyError } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { FileFetchError, isFileTooBigError } from '../telegram-file.ts';
import { TELEGRAM_TEXT_LIMIT } from '../reply.ts';
import type { ImportProgress } from '../../importer/import-progress.ts';
import type { ImportReport } from '../../importer/telegram-export/import-export.ts';
import { formatImportSummary } from '../../importer/telegram-export/import-summary.ts';
import { errorMessage } from '../../log/error-message.ts';

/** The cloud Bot API's getFile serves files up to 20 MB. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const PROGRESS_EVERY_MS = 2000;

export function tooBigText(fileName: string, bytes: number | null): string {
  const size = bytes ? ` is ${(bytes / 1024 / 1024).toFixed(0)} MB:` : ' is over 20 MB:';
  return (
    `${fileName}${size} Telegram lets bots download files of up to 20 MB only. Import it on the computer that runs ` +
    `the journal instead, with: npm run import -- path/to/${fileName} (it handles exports of any size).`
  );
}

export function progressText(fileName: string, p: ImportProgress): string {
  const percent = p.totalBytes > 0 ? Math.floor((p.bytesRead / p.totalBytes) * 100) : 100;
  return `Importing ${fileName}: ${percent}% · ${p.messages} messages read · ${p.imported} new entries`;
}

export function reportText(report: ImportReport): string {
  const summary = formatImportSummary(
    report,
    `import them from the computer that runs the journal: npm run import -- ${report.file} --chat <name or id>`,
  );
  const lines = report.error
    ? [`Could not import ${report.error.message}`, ...(report.imported > 0 ? summary : [])]
    : summary;
  const text = lines.join('\n');
  return text.length > TELEGRAM_TEXT_LIMIT ? `${text.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…` : text;
}

const isExport = (fileName: string | undefined, mime: string | undefined) =>
  /\.json$/i.test(fileName ?? '') || mime === 'application/json';

/**
 * The job: downloads the export, imports it with progress edits of one status message, then shows the summary (apart
 * from capture). Resumed after a cut-off, it goes on in the status message an earlier start sent (`statusId`).
 */
async function importDocument(
  ctx: BotContext,
  deps: Pick<BotDeps, 'importDocument' | 'logger'>,
  statusId?: number,
): Promise<void> {
  const message = ctx.message;
  if (!message?.document || !ctx.from) return; // the job is only queued for a document message from its owner
  const { document, message_id } = message;
  const ownerId = ctx.from.id;
  const chatId = message.chat.id;
  const fileName = document.file_name ?? 'result.json';
  const log = { update_id: ctx.update.update_id, bytes: document.file_size ?? null, resumed: statusId !== undefined };
  if ((document.file_size ?? 0) > MAX_DOCUMENT_BYTES) {
    deps.logger.info('import.too_big', log);
    const text = tooBigText(fileName, document.file_size ?? null);
    if (statusId === undefined) await ctx.reply(text, { reply_parameters: { message_id } });
    else
      await ctx.api
        .editMessageText(chatId, statusId, text)
        .catch((error) => deps.logger.error('import.status_edit_failed', { ...log, error: errorMessage(error) }));
    return;
  }
  const first =
    statusId === undefined
      ? `Importing ${fileName}…`
      : `Importing ${fileName} again after a restart (nothing is added twice)…`;
  const status = statusId ?? (await ctx.reply(first, { reply_parameters: { message_id } })).message_id;
  let lastEdit = Date.now();
  let shown = statusId === undefined ? first : '';
  let editing: Promise<unknown> = Promise.resolve();
  const show = (text: string) => {
    if (text === shown) return;
    shown = text;
    editing = editing
      .then(() => ctx.api.editMessageText(chatId, status, text))
      .catch((error) => deps.logger.error('import.status_edit_failed', { ...log, error: errorMessage(error) }));
  };
  show(first);

  let finalText: string;
  try {
    const file = await ctx.getFile();
    if (!file.file_path) throw new FileFetchError('Telegram gave no file path', false);
    const report = await deps.importDocument.importFile(
      { filePath: file.file_path, fileName, ownerId, botId: ctx.me.id },
      (p) => {
        if (Date.now() - lastEdit < PROGRESS_EVERY_MS) return;
        lastEdit = Date.now();
        show(progressText(fileName, p));
      },
    );
    deps.logger.info('import.done', {
      ...log,
      imported: report.imported,
      already_present: report.alreadyPresent,
      failed: report.error !== null,
    });
    finalText = reportText(report);
  } catch (error) {
    if (!(error instanceof FileFetchError) && !(error instanceof GrammyError)) throw error;
    deps.logger.error('import.download_failed', { ...log, error: errorMessage(error) });
    finalText = isFileTooBigError(error)
      ? tooBigText(fileName, document.file_size ?? null)
      : `Could not download ${fileName} from Telegram (${error.message}). Nothing was imported; please send it again.`;
  }
  await editing;
  try {
    await ctx.api.editMessageText(chatId, status, finalText);
  } catch (error) {
    // The summary must arrive even if the status message cannot be edited.
    deps.logger.error('import.status_edit_failed', { ...log, error: errorMessage(error) });
    await ctx.reply(finalText, { reply_parameters: { message_id } });
  }
}

export function importFeature(deps: Pick<BotDeps, 'importDocument' | 'logger' | 'jobs'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  // Importing is idempotent (entries are keyed), so a cut-off import simply runs again, in the status message it sent.
  deps.jobs.define('import', {
    title: 'the import',
    run: (ctx) => importDocument(ctx, deps),
    resume: (ctx, statusId) => importDocument(ctx, deps, statusId),
  });
  composer.on('message:document').filter(
    (ctx) => isExport(ctx.message.document.file_name, ctx.message.document.mime_type),
    (ctx) => deps.jobs.enqueue('import', ctx),
  );
  return composer;
}

export const feature: BotFeature = {
  name: 'import',
  help: '• Import history: send a Telegram Desktop export (result.json) as a file.',
  phase: 'messages',
  // An export sent with a caption is not an entry.
  before: ['entry'],
  compose: (deps) => importFeature(deps),
};
