// Client ID Metadata Document fetches cannot reach inside: a name that resolves (by the system's resolver, or by a
// stand-in DNS answering as an attacker's would) to a loopback, private, link-local or unique-local address, v4 or v6,
// IPv4-mapped forms included, is refused before any connection — a listener on 127.0.0.1 sees none — and the caller
// of the authorization endpoint gets the same page whatever the reason. TRUST_PROXY's client address is read here too.
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { createOauthStore } from '../../src/db/oauth-store.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { createAuthorizationServer } from '../../src/oauth/authorization-server.ts';
import { clientAddress, parseTrustProxy, type TrustedProxies } from '../../src/oauth/client-address.ts';
import { isPublicAddress, outboundGet, OutboundRefused } from '../../src/oauth/outbound-fetch.ts';
import { createRateLimit } from '../../src/oauth/rate-limit.ts';
import { s256 } from '../../src/oauth/secrets.ts';
import { createTempDb } from '../helpers/temp-db.ts';

/** A stand-in DNS: every name resolves to `address`. */
const dnsAnswering = (address: string) =>
  ((
    _name: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) =>
    callback(null, [
      { address, family: address.includes(':') ? 6 : 4 },
    ])) as unknown as typeof import('node:dns').lookup;

describe('outbound fetches of client metadata documents', () => {
  let listener: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it('classes addresses: only public unicast ones may be connected to', () => {
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(inside), inside).toBe(false);
    }
    for (const outside of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])
      expect(isPublicAddress(outside), outside).toBe(true);
  });

  it('never connects to a name that resolves to 127.0.0.1 (the system resolver) or inside (a stand-in DNS)', async () => {
    await expect(
      outboundGet(`https://localhost:${port}/client.json`, { maxBytes: 1000, timeoutMs: 5000 }),
    ).rejects.toBeInstanceOf(OutboundRefused);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.0.0.7', 'fd12::1', '169.254.169.254']) {
      await expect(
        outboundGet(`https://app.example.com:${port}/client.json`, {
          maxBytes: 1000,
          timeoutMs: 5000,
          resolve: dnsAnswering(address),
        }),
        address,
      ).rejects.toBeInstanceOf(OutboundRefused);
    }
    await expect(
      outboundGet(`https://[::1]:${port}/client.json`, { maxBytes: 1000, timeoutMs: 5000 }),
    ).rejects.toBeInstanceOf(OutboundRefused);
    expect(connections).toBe(0);
  });

  it('answers the authorization endpoint with one page whatever the reason, the reason in the log', async () => {
    const temp = await createTempDb();
    try {
      const logger = createMemoryLogger();
      const clock = () => new Date('2026-12-04T10:00:00Z');
      const server = createAuthorizationServer({
        store: createOauthStore(temp.db),
        issuer: 'https://journal.example.com',
        resource: 'https://journal.example.com/mcp',
        botUsername: 'journal_bot',
        clock,
        limit: createRateLimit({ perWindow: 100, windowMs: 60_000, clock }),
        isAllowedOwner: () => true,
        getDocument: (url) => outboundGet(url, { maxBytes: 1000, timeoutMs: 5000, resolve: dnsAnswering('127.0.0.1') }),
        logger,
      });
      const clientId = `https://app.example.com:${port}/client.json`;
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'https://claude.ai/cb',
        code_challenge: s256('v'.repeat(43)),
        code_challenge_method: 'S256',
      });
      const res = (await server.handle(
        new Request(`https://journal.example.com/oauth/authorize?${query}`),
        '198.51.100.7',
      ))!;
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('could not be identified');
      expect(html).not.toMatch(/127\.0\.0\.1|resolve|refused/i);
      expect(logger.lines.join('\n')).toMatch(/oauth\.metadata_document_refused.*127\.0\.0\.1/);
      expect(connections).toBe(0);
    } finally {
      await temp.cleanup();
    }
  });
});

describe('the client address behind a trusted proxy (TRUST_PROXY)', () => {
  const loopback = parseTrustProxy('loopback') as TrustedProxies;

  it('believes X-Forwarded-For only from a trusted proxy, taking the nearest hop that is no proxy', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5', null)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '203.0.113.5', loopback)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:127.0.0.1', '1.2.3.4, 203.0.113.5', loopback)).toBe('203.0.113.5');
    expect(clientAddress('198.51.100.1', '203.0.113.5', loopback)).toBe('198.51.100.1');
    const ranges = parseTrustProxy('10.0.0.0/8, 192.0.2.1') as TrustedProxies;
    expect(clientAddress('10.1.1.1', '203.0.113.5, 192.0.2.1', ranges)).toBe('203.0.113.5');
    expect(clientAddress('10.1.1.1', 'garbage', ranges)).toBe('10.1.1.1');
    expect(parseTrustProxy('nonsense')).toMatchObject({ problem: expect.stringContaining('nonsense') });
  });

  it('reads TRUST_PROXY at start-up, and refuses one it cannot read, naming it', () => {
    expect(parseConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toHaveLength(2);
    expect(parseConfig({}).trustProxy).toBeNull();
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(
      /TRUST_PROXY must be loopback, or the reverse proxies' addresses/,
    );
  });
});
