// /start: a short welcome naming only what works with the bot's settings (each feature's own line); /help: the whole guide.
import { describe, expect, it } from 'vitest';
import { listFacts } from '../../src/telegram/feature.ts';
import type { BotDeps } from '../../src/telegram/bot-deps.ts';
import { FEATURES, HELP_TEXT } from '../../src/telegram/features/index.ts';
import { startText, WELCOME_INTRO } from '../../src/telegram/features/start.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { textUpdate } from '../helpers/updates.ts';

describe('/start', () => {
  it('is under 1,000 characters and offers questions only when they work', async () => {
    const without = await createTestApp();
    try {
      await without.send(textUpdate('/start'));
      const text = without.api.callsTo('sendMessage').at(-1)!.payload.text as string;
      expect(text.length).toBeLessThan(1000);
      expect(text.startsWith(WELCOME_INTRO)).toBe(true);
      expect(text).toContain('/search walk');
      expect(text).not.toContain('@journal');
      expect(text).not.toContain('/reflect');
      expect(text).not.toContain('/connections');
      await without.send(textUpdate('/help'));
      expect(without.api.callsTo('sendMessage').at(-1)!.payload.text).toBe(HELP_TEXT);
    } finally {
      await without.close();
    }

    const withKey = await createTestApp({}, undefined, { messagesApi: true });
    try {
      await withKey.send(textUpdate('/start'));
      const text = withKey.api.callsTo('sendMessage').at(-1)!.payload.text as string;
      expect(text.length).toBeLessThan(1000);
      expect(text).toContain('@journal how many days');
      expect(text).toContain('/review week');
      expect(text).not.toContain('/connections');
    } finally {
      await withKey.close();
    }
  });

  it('stays under 1,000 characters with every setting on', () => {
    // Only whether each optional part exists matters to the welcome lines.
    const everything = { questions: {}, reviews: {}, connections: {} } as unknown as BotDeps;
    const text = startText(listFacts(FEATURES).welcomeLines(everything));
    expect(text).toContain('/connections');
    expect(text.length).toBeLessThan(1000);
  });
});
