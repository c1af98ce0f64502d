// PUBLIC_URL: the public origin remote MCP is served at (https; plain http only on a loopback address, for tests),
// from which MINI_APP_URL defaults.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/config.ts';

const fault = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { variable: error.variable, message: error.message };
  }
  return null;
};

describe('PUBLIC_URL', () => {
  it('is off by default, and an https origin (the trailing slash dropped) when set', () => {
    expect(parseConfig({}).publicUrl).toBeNull();
    expect(parseConfig({ PUBLIC_URL: 'https://journal.example.com/' }).publicUrl).toBe('https://journal.example.com');
    expect(parseConfig({ PUBLIC_URL: 'https://Journal.Example.com:8443' }).publicUrl).toBe(
      'https://journal.example.com:8443',
    );
  });

  it('takes plain http only on a loopback address', () => {
    expect(parseConfig({ PUBLIC_URL: 'http://127.0.0.1:8081' }).publicUrl).toBe('http://127.0.0.1:8081');
    expect(parseConfig({ PUBLIC_URL: 'http://localhost:8081' }).publicUrl).toBe('http://localhost:8081');
    const plain = fault({ PUBLIC_URL: 'http://journal.example.com' });
    expect(plain?.variable).toBe('PUBLIC_URL');
    expect(plain?.message).toContain("PUBLIC_URL must be the bot's public origin, https with no path");
  });

  it('refuses a path, a query or credentials: it names an origin, and /mcp is added to it', () => {
    for (const url of [
      'https://journal.example.com/mcp',
      'https://journal.example.com/?a=1',
      'https://u:p@journal.example.com',
      'journal.example.com',
      'ftp://x.example',
    ]) {
      expect(fault({ PUBLIC_URL: url })?.variable, url).toBe('PUBLIC_URL');
    }
  });

  it('gives MINI_APP_URL its default when https; MINI_APP_URL set wins', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://journal.example.com' }).miniAppUrl).toBe('https://journal.example.com/');
    expect(
      parseConfig({ PUBLIC_URL: 'https://journal.example.com', MINI_APP_URL: 'https://web.example.com/app' })
        .miniAppUrl,
    ).toBe('https://web.example.com/app');
    // Telegram opens Mini Apps over https only: a loopback test origin sets none.
    expect(parseConfig({ PUBLIC_URL: 'http://127.0.0.1:8081' }).miniAppUrl).toBeNull();
  });
});
