// /start: a short welcome naming only what works with the bot's settings; /help: the whole guide.
import { describe, expect, it } from 'vitest';
import { HELP_TEXT, startText } from '../../src/telegram/features/start.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { textUpdate } from '../helpers/updates.ts';

describe('/start', () => {
  it('is under 1,000 characters and offers questions only when they work', async () => {
    const without = await createTestApp();
    try {
      await without.send(textUpdate('/start'));
      const text = without.api.callsTo('sendMessage').at(-1)!.payload.text as string;
      expect(text.length).toBeLessThan(1000);
      expect(text).toContain('/search walk');
      expect(text).not.toContain('@journal');
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
      expect(text).toBe(startText({ questions: true, connections: false }));
      expect(text).toContain('@journal how many days');
    } finally {
      await withKey.close();
    }
    expect(startText({ questions: true, connections: true }).length).toBeLessThan(1000);
  });
});
