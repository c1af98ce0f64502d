// MINI_APP_URL, WEB_PORT and WEB_HOST: defaults, and errors that say what is expected.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_PORT, parseConfig } from '../../src/config/config.ts';

describe('web view configuration', () => {
  it('defaults to no Mini App, 127.0.0.1 and port 8081', () => {
    const config = parseConfig({});
    expect({ miniAppUrl: config.miniAppUrl, webPort: config.webPort, webHost: config.webHost }).toEqual({
      miniAppUrl: null,
      webPort: DEFAULT_WEB_PORT,
      webHost: '127.0.0.1',
    });
    expect(DEFAULT_WEB_PORT).toBe(8081);
    expect(
      parseConfig({ MINI_APP_URL: 'https://journal.example.com/', WEB_PORT: '9000', WEB_HOST: '0.0.0.0' }),
    ).toMatchObject({
      miniAppUrl: 'https://journal.example.com/',
      webPort: 9000,
      webHost: '0.0.0.0',
    });
  });

  it('refuses an http MINI_APP_URL and a port that is not one, saying what is expected', () => {
    expect(() => parseConfig({ MINI_APP_URL: 'http://journal.example.com/' })).toThrow(
      /MINI_APP_URL must be the public https URL of the web view \(Telegram opens only https\)/,
    );
    expect(() => parseConfig({ WEB_PORT: '70000' })).toThrow(
      /WEB_PORT "70000" is not a port \(expected a number from 1 to 65535\)/,
    );
    expect(() => parseConfig({ WEB_HOST: 'a host' })).toThrow(/WEB_HOST must be an address to listen on/);
  });
});
