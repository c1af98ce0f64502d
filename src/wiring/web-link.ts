/** /web: one-time login links for npm run web, written into the database it shares with the bot (db/login-link-store.ts). */
import { createLoginLink } from '../db/login-link-store.ts';
import type { WebLinks } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

/** npm run web listens on loopback only: its links always name 127.0.0.1 and WEB_PORT. */
export function webLinksOf({ db, clock, config }: Wiring): WebLinks {
  return {
    link: async (ownerId) =>
      `http://127.0.0.1:${config.webPort}/login?token=${await createLoginLink(db, ownerId, clock())}`,
  };
}
