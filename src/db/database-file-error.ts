/** The setting that says where the journal is: the SQLite file's, or PostgreSQL's URL. */
export type StoreSetting = 'DATABASE_PATH' | 'DATABASE_URL';

/**
 * The database file is missing (when it must exist), is not a journal, or cannot be used as one; the message names the
 * file (or the PostgreSQL server and database, never the password), and `setting` the variable to check.
 */
export class DatabaseFileError extends Error {
  readonly setting: StoreSetting;
  constructor(message: string, options?: ErrorOptions & { setting?: StoreSetting }) {
    super(message, options);
    this.name = 'DatabaseFileError';
    this.setting = options?.setting ?? 'DATABASE_PATH';
  }
}

/** A journal file that must exist and does not: `file` is the path asked for (a command may point at the demo). */
export class MissingDatabaseError extends DatabaseFileError {
  constructor(readonly file: string) {
    super(`There is no database at ${file}; nothing was created.`);
    this.name = 'MissingDatabaseError';
  }
}

/** The PostgreSQL server cannot be reached, or has no such database or user: one sentence saying which, and what to check. */
export class StoreUnreachableError extends DatabaseFileError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, { ...options, setting: 'DATABASE_URL' });
    this.name = 'StoreUnreachableError';
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
