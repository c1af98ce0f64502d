/** The report of an import as a few lines a person reads: in the terminal and in the bot's final message. */
import { plural } from '../../journal/plural.ts';
import { mediaLine } from '../media-summary.ts';
import { namedIds } from '../named-ids.ts';
import { SKIP_REASONS, SKIP_REASON_TEXT, type SkipReason } from './export-format.ts';
import type { ChatReport, ImportReport } from './import-export.ts';

const LISTED_CHATS = 8;

export function chatLabel(
  chat: Pick<ChatReport, 'name' | 'type' | 'id'> & { section?: ChatReport['section'] },
): string {
  const name = chat.type === 'saved_messages' ? 'Saved Messages' : (chat.name ?? '(no name)');
  return `"${name}" (${chat.type ?? 'unknown type'}${chat.id !== null ? `, id ${chat.id}` : ''}${chat.section === 'left_chats' ? ', left' : ''})`;
}

/** "1 service message", "3 forwarded": the one reason that is a noun takes its plural. */
const skippedText = (reason: SkipReason, n: number) =>
  reason === 'service' ? plural(n, 'service message') : `${n} ${SKIP_REASON_TEXT[reason]}`;

/** " (message 700)", " (messages 3, 9 and 40 more)": the ids of a damage skip, the first few then a count. */
const skippedIds = (report: ImportReport, reason: SkipReason): string =>
  namedIds(report.skippedIds[reason] ?? [], report.skipped[reason], { one: 'message', many: 'messages' });

/** `howToChoose` ends the line listing chats left out, e.g. "add --chat <name or id>". */
export function formatImportSummary(report: ImportReport, howToChoose: string): string[] {
  const imported = report.chats.filter((c) => c.selected);
  const lines = [
    `${report.interrupted ? 'Stopped early: imported' : 'Imported'} ${plural(report.imported, 'entry', 'entries')} from ${plural(imported.length, 'chat')}` +
      `${report.alreadyPresent ? `; ${report.alreadyPresent} already in the journal` : ''}` +
      `${report.revised ? ` (${report.revised} edited since: updated, earlier text kept as a revision)` : ''} (${report.messages} messages read, ${report.seconds.toFixed(1)} s).`,
  ];
  const media = mediaLine(report);
  if (media) lines.push(media);
  const skipped = SKIP_REASONS.filter((r) => report.skipped[r] > 0);
  if (skipped.length) {
    const total = skipped.reduce((n, r) => n + report.skipped[r], 0);
    lines.push(
      `Skipped ${plural(total, 'message')}: ${skipped.map((r) => `${skippedText(r, report.skipped[r])}${skippedIds(report, r)}`).join(', ')}.`,
    );
  }
  if (report.shape === 'full' && imported.length) {
    lines.push(
      `Chats imported: ${imported.map((c) => `${chatLabel(c)}: ${c.imported} new${c.alreadyPresent ? `, ${c.alreadyPresent} already there` : ''}`).join('; ')}.`,
    );
  }
  const left = report.chats.filter((c) => !c.selected && c.messages > 0).sort((a, b) => b.messages - a.messages);
  if (left.length) {
    const shown = left.slice(0, LISTED_CHATS).map((c) => `${chatLabel(c)} ${plural(c.messages, 'message')}`);
    const more = left.length > LISTED_CHATS ? `, and ${left.length - LISTED_CHATS} more` : '';
    lines.push(`Not imported: ${shown.join('; ')}${more}. To import any of them, ${howToChoose}.`);
  }
  if (report.unmatchedChats.length)
    lines.push(`No chat in the file is named ${report.unmatchedChats.map((s) => `"${s}"`).join(', ')}.`);
  if (report.interrupted) lines.push('Run the same import again to finish: nothing is imported twice.');
  return lines;
}
