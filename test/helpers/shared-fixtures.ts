// Where the shared sample exports of other apps are: SHARED_FIXTURES, else ../shared/fixtures beside the checkout,
// else /work/shared/fixtures (a worktree sits one level deeper). Tests skip, saying why, when none exists.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run-entry-point.ts';

function sharedFixtures(): string {
  const primary = process.env.SHARED_FIXTURES ?? path.resolve(REPO_ROOT, '../shared/fixtures');
  if (existsSync(primary)) return primary;
  return existsSync('/work/shared/fixtures') ? '/work/shared/fixtures' : primary;
}

export const SHARED_FIXTURES = sharedFixtures();
export const SHARED_JOURNALS = path.join(SHARED_FIXTURES, 'journals');
export const sharedJournalsPresent = existsSync(SHARED_JOURNALS);
export const SKIP_REASON = `(skipped: no shared fixtures at ${SHARED_JOURNALS}; set SHARED_FIXTURES to the folder holding journals/)`;
