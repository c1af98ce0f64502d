// JOURNAL_AI: on (the default) or off; off, or no ANTHROPIC_API_KEY, means the AI is off and says why.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { aiOffReason } from '../../src/derived-settings.ts';

describe('JOURNAL_AI', () => {
  it('is on by default, takes on or off in any case, and decides with the key whether any model is called', () => {
    expect(parseConfig({}).journalAi).toBe('on');
    expect(parseConfig({ JOURNAL_AI: 'OFF' }).journalAi).toBe('off');
    expect(aiOffReason(parseConfig({ ANTHROPIC_API_KEY: 'k' }))).toBeNull();
    expect(aiOffReason(parseConfig({ ANTHROPIC_API_KEY: 'k', JOURNAL_AI: 'off' }))).toBe('switched-off');
    expect(aiOffReason(parseConfig({ JOURNAL_AI: 'on' }))).toBe('no-key');
  });

  it('refuses anything else, naming the variable and the values it takes', () => {
    expect(() => parseConfig({ JOURNAL_AI: 'false' })).toThrow(ConfigError);
    expect(() => parseConfig({ JOURNAL_AI: 'false' })).toThrow('JOURNAL_AI must be on or off (got "false")');
  });
});
