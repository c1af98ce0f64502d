// Configuration is validated once, and every error names the variable, what was wrong and how to fix it.
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MODEL, parseConfig, requireBotToken } from '../../src/config/config.ts';

const TOKEN = '123456789:AAH-abcdefghijklmnopqrstuvwxyz012';

describe('parseConfig', () => {
  it('reads every variable, with defaults for the optional ones', () => {
    const config = parseConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      ALLOWED_USER_IDS: ' 1, 22 ,22',
      JOURNAL_TIMEZONE: 'Asia/Tokyo',
    });
    expect(config).toMatchObject({
      telegramBotToken: TOKEN,
      telegramApiRoot: null,
      allowedUserIds: [1, 22],
      databasePath: 'data/journal.sqlite',
      journalTimezone: 'Asia/Tokyo',
      anthropicModel: DEFAULT_MODEL,
    });
    expect(DEFAULT_MODEL).toBe('claude-sonnet-5-5');
  });

  it('reads webhook mode: the URL, its secret and PORT (default 8080); without the URL, long polling', () => {
    expect(parseConfig({})).toMatchObject({ telegramWebhookUrl: null, telegramWebhookSecret: null, port: 8080 });
    expect(
      parseConfig({
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg',
        TELEGRAM_WEBHOOK_SECRET: 'abc_DEF-123',
        PORT: '3000',
      }),
    ).toMatchObject({
      telegramWebhookUrl: 'https://bot.example.com/tg',
      telegramWebhookSecret: 'abc_DEF-123',
      port: 3000,
    });
  });

  it("ask's reader model and entry cap default to a small model and 10,000 entries, and can be set", () => {
    expect(parseConfig({})).toMatchObject({ readerModel: 'claude-haiku-5-5', askMaxEntries: 10_000 });
    expect(parseConfig({ ANTHROPIC_READER_MODEL: 'claude-haiku-4-5', ASK_MAX_ENTRIES: '500' })).toMatchObject({
      readerModel: 'claude-haiku-4-5',
      askMaxEntries: 500,
    });
  });

  it('defaults the time zone to the machine zone', () => {
    expect(parseConfig({}).journalTimezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it.each([
    ['ALLOWED_USER_IDS', { ALLOWED_USER_IDS: '12,abc' }, /"abc" is not a Telegram user id/],
    ['JOURNAL_TIMEZONE', { JOURNAL_TIMEZONE: 'Mars/Olympus' }, /IANA time zone.*Europe\/Berlin/],
    ['TELEGRAM_API_ROOT', { TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/' }, /without a trailing slash/],
    ['TELEGRAM_BOT_TOKEN', { TELEGRAM_BOT_TOKEN: 'not-a-token' }, /BotFather/],
    ['ANTHROPIC_BASE_URL', { ANTHROPIC_BASE_URL: 'localhost' }, /http\(s\) URL/],
    [
      'TELEGRAM_WEBHOOK_URL',
      { TELEGRAM_WEBHOOK_URL: 'http://bot.example.com/tg', TELEGRAM_WEBHOOK_SECRET: 's' },
      /public https URL/,
    ],
    [
      'TELEGRAM_WEBHOOK_SECRET',
      { TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg' },
      /required with TELEGRAM_WEBHOOK_URL/,
    ],
    [
      'TELEGRAM_WEBHOOK_SECRET',
      { TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg', TELEGRAM_WEBHOOK_SECRET: 'has spaces' },
      /A-Z, a-z, 0-9/,
    ],
    ['PORT', { PORT: '70000' }, /from 1 to 65535/],
    ['TRANSCRIBE_URL', { TRANSCRIBE_URL: 'whisper.local' }, /OpenAI-compatible endpoint/],
    ['JOURNAL_DAY_STARTS_AT', { JOURNAL_DAY_STARTS_AT: '4am' }, /HH:MM/],
    ['ASK_MAX_ENTRIES', { ASK_MAX_ENTRIES: '10k' }, /whole number of entries, 1 or more/],
    ['ASK_MAX_ENTRIES', { ASK_MAX_ENTRIES: '0' }, /whole number of entries, 1 or more/],
  ])('rejects a bad %s with a message that names it and the fix', (variable, env, fix) => {
    try {
      parseConfig(env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
      expect((error as Error).message).toMatch(fix);
    }
  });

  it('a missing token is explained: what to set and where to get it', () => {
    expect(() => requireBotToken(parseConfig({}))).toThrow(/TELEGRAM_BOT_TOKEN is not set.*@BotFather.*\.env/s);
  });
});
