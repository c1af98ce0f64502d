/** The database file is missing (when it must exist), is not a journal, or cannot be used as one; the message names the file. */
export class DatabaseFileError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseFileError';
  }
}

/** The file exists but is not a journal this code may write to (empty, not SQLite, another app's, or newer); left unchanged. */
export class NotAJournalError extends DatabaseFileError {
  constructor(message: string) {
    super(message);
    this.name = 'NotAJournalError';
  }
}

/** A key that does not open the journal, or a journal that needs one: the message names JOURNAL_KEY and the fix. */
export class JournalKeyError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'JournalKeyError';
  }
}
