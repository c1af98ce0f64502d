/** Configuration: one parse of the environment (and of JOURNAL_KEY_FILE), with errors that name the variable and the fix. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isTimeZone, systemTimeZone } from '../journal/dates/zone-offset.ts';
import { parseTimeOfDay } from '../journal/dates/wall-time.ts';
import { parseTrustProxy, type TrustedProxies } from '../oauth/client-address.ts';
import { choiceField, isPostgresUrl, optionalText, portField, publicOrigin } from './config-formats.ts';
import { DEFAULT_HEALTH_FILE, wholeSecondsField } from './config-formats.ts';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';
export const DEFAULT_DATABASE_PATH = 'data/journal.sqlite';
export const DEFAULT_PORT = 8080;
/** The small, fast model `ask` reads entries with. */
export const DEFAULT_READER_MODEL = 'claude-haiku-5-5';
/** The most entries one `ask` reads: a month of a very busy journal; more is refused with how to narrow. */
export const DEFAULT_ASK_MAX_ENTRIES = 10_000;
/** The Bot API serves bots files up to 20 MB: the default bound of the media kept in the journal. */
export const DEFAULT_MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** Work a dead instance held is taken over by the others after this (plus a third of it, their look interval). */
export const DEFAULT_LEASE_SECONDS = 30;
/** Where the web view listens in polling mode and for npm run web. */
export const DEFAULT_WEB_PORT = 8081;
export interface Config {
  telegramBotToken: string | null;
  telegramApiRoot: string | null;
  allowedUserIds: number[];
  databasePath: string;
  /** DATABASE_URL: a PostgreSQL database (postgres://…) instead of the SQLite file; null keeps SQLite. */
  databaseUrl: string | null;
  journalTimezone: string;
  /** JOURNAL_DAY_STARTS_AT, `HH:mm`: entries written before it count to the previous day. */
  journalDayStartsAt: string;
  /** TRANSCRIBE_URL: an OpenAI-compatible /v1/audio/transcriptions endpoint; null turns transcription off. */
  transcribeUrl: string | null;
  transcribeApiKey: string | null;
  anthropicApiKey: string | null;
  /** JOURNAL_AI: `off` sends nothing to any model, whatever else is set (see aiOffReason). */
  journalAi: 'on' | 'off';
  anthropicBaseUrl: string | null;
  /** LLM_SEARCH_RESULTS: entries as citable search results (on), as text (off), or on for Anthropic's API only (auto). */
  llmSearchResults: 'on' | 'off' | 'auto';
  anthropicModel: string;
  /** Webhook mode when set: the public https URL Telegram posts updates to; null means long polling. */
  telegramWebhookUrl: string | null;
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token; required with the URL. */
  telegramWebhookSecret: string | null;
  /** Where the webhook server listens. */
  port: number;
  readerModel: string;
  askMaxEntries: number;
  /** MEDIA_MAX_BYTES: media larger than this are not downloaded into the journal (they stay Telegram references). */
  mediaMaxBytes: number;
  /** LEASE_SECONDS: how long an instance's hold on a chat's updates or a job lasts unless renewed. */
  leaseSeconds: number;
  /** INSTANCE_NAME: this instance's name in leases; null means host name and port (or "polling"). */
  instanceName: string | null;
  /** JOURNAL_KEY (or the contents of JOURNAL_KEY_FILE): the SQLite journal is encrypted with it; null keeps it plain. */
  journalKey: string | null;
  /** MINI_APP_URL: the public https URL of the web view; set, the bot's menu button opens it as a Mini App. */
  miniAppUrl: string | null;
  /** WEB_PORT: the web view's port in polling mode (webhook mode serves it on PORT) and for npm run web. */
  webPort: number;
  /** WEB_HOST: the address the web view listens on in polling mode (127.0.0.1: behind a TLS proxy on this host). */
  webHost: string;
  /**
   * PUBLIC_URL: the bot's public origin (https://journal.example.com, no trailing slash); set, the bot's HTTP server
   * serves remote MCP at /mcp with its OAuth authorization server. Null: no remote MCP.
   */
  publicUrl: string | null;
  trustProxy: TrustedProxies | null; // TRUST_PROXY: the proxies whose X-Forwarded-For names the client (oauth/client-address.ts)
  healthFile: string; // HEALTH_FILE: where the bot records its health for the healthcheck (health-status.ts)
  healthIntervalSeconds: number; // HEALTH_INTERVAL_SECONDS: how often it checks Telegram and the database
}

/** A configuration fault: `variable` is the env variable to fix. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const schema = z.object({
  TELEGRAM_BOT_TOKEN: optionalText.refine((t) => t === undefined || /^\d+:[\w-]{20,}$/.test(t), {
    message: 'does not look like a bot token (expected "123456789:ABC…" as BotFather gives it)',
  }),
  TELEGRAM_API_ROOT: optionalText.refine((u) => u === undefined || /^https?:\/\/[^\s]+[^/]$/.test(u), {
    message: 'must be an http(s) URL without a trailing slash, e.g. http://127.0.0.1:8081',
  }),
  ALLOWED_USER_IDS: optionalText.transform((s, ctx) => {
    if (s === undefined) return [];
    const ids: number[] = [];
    for (const part of s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      if (!/^\d{1,15}$/.test(part)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part}" is not a Telegram user id (expected digits, comma-separated)`,
        });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    return [...new Set(ids)];
  }),
  DATABASE_PATH: optionalText,
  DATABASE_URL: optionalText.refine((u) => u === undefined || isPostgresUrl(u), {
    message:
      'must be a PostgreSQL URL with a host and a database, e.g. postgres://journal:secret@127.0.0.1:5432/journal (leave it unset to keep the SQLite file at DATABASE_PATH)',
  }),
  JOURNAL_TIMEZONE: optionalText.refine((z) => z === undefined || isTimeZone(z), {
    message: 'is not an IANA time zone (expected e.g. Europe/Berlin, Asia/Tokyo, UTC)',
  }),
  JOURNAL_DAY_STARTS_AT: optionalText.transform((t, ctx) => {
    if (t === undefined) return '00:00';
    const time = parseTimeOfDay(t);
    if (!time) {
      ctx.addIssue({ code: 'custom', message: `must be a time HH:MM from 00:00 to 23:59, e.g. 04:00 (got "${t}")` });
      return z.NEVER;
    }
    return time;
  }),
  TRANSCRIBE_URL: optionalText.refine((u) => u === undefined || /^https?:\/\/\S+$/.test(u), {
    message:
      'must be an http(s) URL of an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1/audio/transcriptions',
  }),
  TRANSCRIBE_API_KEY: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  JOURNAL_AI: optionalText.transform((v, ctx) => {
    if (v === undefined) return 'on' as const;
    const value = v.toLowerCase();
    if (value !== 'on' && value !== 'off') {
      ctx.addIssue({ code: 'custom', message: `must be on or off (got "${v}"); off turns every model call off` });
      return z.NEVER;
    }
    return value;
  }),
  ANTHROPIC_BASE_URL: optionalText.refine((u) => u === undefined || /^https?:\/\/\S+$/.test(u), {
    message: 'must be an http(s) URL, e.g. http://127.0.0.1:9000',
  }),
  ANTHROPIC_MODEL: optionalText,
  LLM_SEARCH_RESULTS: choiceField(['auto', 'on', 'off'] as const, 'auto', 'off sends entries as text (local models)'),
  TELEGRAM_WEBHOOK_URL: optionalText.refine((u) => u === undefined || /^https:\/\/[^\s/]+(\/\S*)?$/.test(u), {
    message: 'must be a public https URL Telegram can post to, e.g. https://bot.example.com/tg',
  }),
  TELEGRAM_WEBHOOK_SECRET: optionalText.refine((t) => t === undefined || /^[A-Za-z0-9_-]{1,256}$/.test(t), {
    message: "must be 1 to 256 characters of A-Z, a-z, 0-9, _ and - (Telegram's rule for secret_token)",
  }),
  PORT: portField(DEFAULT_PORT),
  WEB_PORT: portField(DEFAULT_WEB_PORT),
  MINI_APP_URL: optionalText.refine((u) => u === undefined || /^https:\/\/[^\s/]+(\/\S*)?$/.test(u), {
    message:
      'must be the public https URL of the web view (Telegram opens only https), e.g. https://journal.example.com/',
  }),
  WEB_HOST: optionalText.refine((h) => h === undefined || /^[\w.:-]{1,253}$/.test(h), {
    message: 'must be an address to listen on, e.g. 127.0.0.1 (behind a proxy on this host) or 0.0.0.0',
  }),
  PUBLIC_URL: optionalText.transform((u, ctx) => {
    if (u === undefined) return undefined;
    const origin = publicOrigin(u);
    if (origin === null) {
      ctx.addIssue({
        code: 'custom',
        message: `must be the bot's public origin, https with no path, e.g. https://journal.example.com (plain http only on 127.0.0.1, localhost or [::1]); got "${u}"`,
      });
      return z.NEVER;
    }
    return origin;
  }),
  ANTHROPIC_READER_MODEL: optionalText,
  LEASE_SECONDS: optionalText.refine(
    (v) => v === undefined || (/^\d{1,4}(\.\d{1,3})?$/.test(v) && Number(v) >= 0.3 && Number(v) <= 3600),
    {
      message: 'must be a number of seconds from 0.3 to 3600 (e.g. 30)',
    },
  ),
  MEDIA_MAX_BYTES: optionalText.refine((v) => v === undefined || /^\d{1,12}$/.test(v), {
    message: 'must be a number of bytes, e.g. 20971520 (20 MB, the Bot API download limit)',
  }),
  TRUST_PROXY: optionalText.refine((v) => v === undefined || !('problem' in parseTrustProxy(v)), {
    message:
      "must be loopback, or the reverse proxies' addresses or CIDR ranges separated by commas (e.g. 10.0.0.2,10.1.0.0/16)",
  }),
  HEALTH_FILE: optionalText,
  HEALTH_INTERVAL_SECONDS: wholeSecondsField(30),
  INSTANCE_NAME: optionalText.refine((v) => v === undefined || /^[\w.:@-]{1,200}$/.test(v), {
    message: 'must be 1 to 200 characters of letters, digits and . : @ _ - (e.g. bot-2)',
  }),
  // Not trimmed: a passphrase may begin or end with a space. Empty means unset; only spaces is no key at all.
  JOURNAL_KEY: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
    .refine((v) => v === undefined || v.trim() !== '', {
      message: "is only spaces; it must be the journal's key (or leave it empty for a plain journal)",
    }),
  JOURNAL_KEY_FILE: optionalText,
  ASK_MAX_ENTRIES: optionalText.refine((v) => v === undefined || (/^\d{1,9}$/.test(v) && Number(v) >= 1), {
    message: 'must be a whole number of entries, 1 or more (e.g. 10000)',
  }),
});

/** Every variable the configuration reads (.env.example lists each; test/config/env-example.test.ts checks it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

/** Parses the environment; throws one ConfigError per the first bad variable, listing every fault. */
export function parseConfig(
  env: Record<string, string | undefined>,
  defaults: { timezone?: string; databasePath?: string } = {},
): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}.`);
    throw new ConfigError(String(parsed.error.issues[0]?.path[0]), `Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.TELEGRAM_WEBHOOK_URL && !e.TELEGRAM_WEBHOOK_SECRET) {
    throw new ConfigError(
      'TELEGRAM_WEBHOOK_SECRET',
      'Invalid configuration:\n  TELEGRAM_WEBHOOK_SECRET is required with TELEGRAM_WEBHOOK_URL: anyone who finds the URL could post ' +
        'updates otherwise. Set it to a random string of A-Z, a-z, 0-9, _ and - (e.g. the output of: openssl rand -hex 32).',
    );
  }
  return {
    journalKey: journalKey(e.JOURNAL_KEY, e.JOURNAL_KEY_FILE),
    telegramBotToken: e.TELEGRAM_BOT_TOKEN ?? null,
    telegramApiRoot: e.TELEGRAM_API_ROOT ?? null,
    allowedUserIds: e.ALLOWED_USER_IDS,
    databasePath: e.DATABASE_PATH ?? defaults.databasePath ?? DEFAULT_DATABASE_PATH,
    databaseUrl: e.DATABASE_URL ?? null,
    journalTimezone: e.JOURNAL_TIMEZONE ?? defaults.timezone ?? systemTimeZone(),
    journalDayStartsAt: e.JOURNAL_DAY_STARTS_AT,
    transcribeUrl: e.TRANSCRIBE_URL ?? null,
    transcribeApiKey: e.TRANSCRIBE_API_KEY ?? null,
    anthropicApiKey: e.ANTHROPIC_API_KEY ?? null,
    journalAi: e.JOURNAL_AI,
    anthropicBaseUrl: e.ANTHROPIC_BASE_URL ?? null,
    anthropicModel: e.ANTHROPIC_MODEL ?? DEFAULT_MODEL,
    llmSearchResults: e.LLM_SEARCH_RESULTS,
    telegramWebhookUrl: e.TELEGRAM_WEBHOOK_URL ?? null,
    telegramWebhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? null,
    port: e.PORT,
    readerModel: e.ANTHROPIC_READER_MODEL ?? DEFAULT_READER_MODEL,
    askMaxEntries: e.ASK_MAX_ENTRIES === undefined ? DEFAULT_ASK_MAX_ENTRIES : Number(e.ASK_MAX_ENTRIES),
    leaseSeconds: e.LEASE_SECONDS === undefined ? DEFAULT_LEASE_SECONDS : Number(e.LEASE_SECONDS),
    instanceName: e.INSTANCE_NAME ?? null,
    // The Mini App lives at the public origin unless MINI_APP_URL says otherwise (Telegram opens https only).
    miniAppUrl: e.MINI_APP_URL ?? (e.PUBLIC_URL?.startsWith('https:') ? `${e.PUBLIC_URL}/` : null),
    mediaMaxBytes: e.MEDIA_MAX_BYTES === undefined ? DEFAULT_MEDIA_MAX_BYTES : Number(e.MEDIA_MAX_BYTES),
    webPort: e.WEB_PORT,
    webHost: e.WEB_HOST ?? '127.0.0.1',
    publicUrl: e.PUBLIC_URL ?? null,
    trustProxy: e.TRUST_PROXY === undefined ? null : (parseTrustProxy(e.TRUST_PROXY) as TrustedProxies),
    healthFile: e.HEALTH_FILE ?? DEFAULT_HEALTH_FILE,
    healthIntervalSeconds: e.HEALTH_INTERVAL_SECONDS,
  };
}

/** The key from JOURNAL_KEY or from the file JOURNAL_KEY_FILE names (its last line break dropped); never both. */
function journalKey(inline: string | undefined, file: string | undefined): string | null {
  if (inline !== undefined && file !== undefined) {
    throw new ConfigError(
      'JOURNAL_KEY',
      'Invalid configuration:\n  JOURNAL_KEY and JOURNAL_KEY_FILE are both set; set only one (the key itself, or a file holding it).',
    );
  }
  if (file === undefined) return inline ?? null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      'JOURNAL_KEY_FILE',
      `Invalid configuration:\n  JOURNAL_KEY_FILE ${file} cannot be read (${code}); it must name a file holding the journal's key.`,
    );
  }
  const key = text.replace(/\r?\n$/, '');
  if (key.trim() === '') {
    throw new ConfigError(
      'JOURNAL_KEY_FILE',
      `Invalid configuration:\n  JOURNAL_KEY_FILE ${file} is ${key === '' ? 'empty' : 'only spaces'}; it must hold the journal's key.`,
    );
  }
  return key;
}

/** The bot cannot start without a token: explain where it comes from. */
export function requireBotToken(config: Config): string {
  if (config.telegramBotToken) return config.telegramBotToken;
  throw new ConfigError(
    'TELEGRAM_BOT_TOKEN',
    'TELEGRAM_BOT_TOKEN is not set. Create a bot by talking to @BotFather in Telegram (/newbot), copy the token it ' +
      'gives you (it looks like 123456789:ABC-DEF…), and put it in .env as TELEGRAM_BOT_TOKEN=<token> or export it ' +
      'in your shell, then run npm start again. See README.md, "Configuration".',
  );
}
