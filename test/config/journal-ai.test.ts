// JOURNAL_AI: on (the default) or off; off, or no ANTHROPIC_API_KEY, means the AI is off and says why.
import { describe, expect, it } from 'vitest';
import { passageMode } from '../../src/wiring/questions.ts';
import { ConfigError, parseConfig } from '../../src/config/config.ts';
import { aiOffReason } from '../../src/config/derived-settings.ts';

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

describe('LLM_SEARCH_RESULTS', () => {
  it('is auto by default, takes on or off in any case, and refuses anything else saying what it takes', () => {
    expect(parseConfig({}).llmSearchResults).toBe('auto');
    expect(parseConfig({ LLM_SEARCH_RESULTS: 'OFF' }).llmSearchResults).toBe('off');
    expect(() => parseConfig({ LLM_SEARCH_RESULTS: 'sometimes' })).toThrow(/LLM_SEARCH_RESULTS must be auto, on, off/);
  });

  it('auto sends search results to Anthropic only; on and off decide for any endpoint', () => {
    const mode = (env: Record<string, string>) => passageMode(parseConfig(env));
    expect(mode({})).toBe('search_results');
    expect(mode({ ANTHROPIC_BASE_URL: 'https://api.anthropic.com' })).toBe('search_results');
    expect(mode({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:11434' })).toBe('text');
    expect(mode({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:11434', LLM_SEARCH_RESULTS: 'on' })).toBe('search_results');
    expect(mode({ LLM_SEARCH_RESULTS: 'off' })).toBe('text');
  });
});
