// Where the shared sample exports are: SHARED_FIXTURES, else ../shared/fixtures beside the checkout. No machine path:
// on a fresh clone without them, the tests that read them skip, saying why.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run-entry-point.ts';

export const SHARED_FIXTURES = process.env.SHARED_FIXTURES?.trim() || path.resolve(REPO_ROOT, '../shared/fixtures');
export const SHARED_JOURNALS = path.join(SHARED_FIXTURES, 'journals');
export const sharedJournalsPresent = existsSync(SHARED_JOURNALS);
export const SKIP_REASON = `(skipped: no shared fixtures at ${SHARED_JOURNALS}; set SHARED_FIXTURES to the folder holding journals/)`;
export const SHARED_TELEGRAM_EXPORTS = path.join(SHARED_FIXTURES, 'telegram-export');
export const sharedTelegramExportsPresent = existsSync(SHARED_TELEGRAM_EXPORTS);
export const TELEGRAM_SKIP_REASON = `(skipped: no shared fixtures at ${SHARED_TELEGRAM_EXPORTS}; set SHARED_FIXTURES to the folder holding telegram-export/)`;
