/**
 * npm run encrypt: the plain SQLite journal at DATABASE_PATH becomes encrypted with JOURNAL_KEY
 * (db/sqlite/convert-encryption.ts).
 */
import { runConversion } from './convert-journal.ts';

runConversion('encrypt');
