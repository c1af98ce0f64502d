/** How far an import is, for a progress bar or the bot's status message: every importer reports the same shape. */
export interface ImportProgress {
  /** 2 only for the rare Telegram export whose chats name themselves after their messages. */
  pass: 1 | 2;
  bytesRead: number;
  totalBytes: number;
  /** Messages (or entries) read so far in this pass. */
  messages: number;
  imported: number;
}
