/**
 * npm run decrypt: the encrypted SQLite journal at DATABASE_PATH becomes a plain file again
 * (db/sqlite/convert-encryption.ts).
 */
import { runConversion } from './convert-journal.ts';

runConversion('decrypt');
