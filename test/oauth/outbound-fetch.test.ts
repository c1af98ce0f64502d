// Client ID Metadata Document fetches cannot reach inside: a name that resolves (by the system's resolver, or by a
// stand-in DNS answering as an attacker's would) to a loopback, private, link-local or unique-local address, v4 or v6,
// IPv4-mapped forms included, is refused before any connection — a listener on 127.0.0.1 sees none — and the caller
// of the authorization endpoint gets the same page whatever the reason. TRUST_PROXY's client address is read here too.
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.ts';
import { createOauthStore } from '../../src/oauth/oauth-store.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { createAuthorizationServer } from '../../src/oauth/authorization-server.ts';
import {
  addressLimitKey,
  clientAddress,
  hopAddress,
  parseTrustProxy,
  type TrustedProxies,
} from '../../src/oauth/client-address.ts';
import {
  isPublicAddress,
  outboundGet,
  OutboundRefused,
  SPECIAL_RANGES_IPADDR_MISSES,
} from '../../src/oauth/outbound-fetch.ts';
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

describe('special-purpose ranges: every one not public, from ipaddr.js and the ones it misses', () => {
  // One address per range, with the range it stands for. ipaddr.js 2.2 names each of the first group; the second is
  // SPECIAL_RANGES_IPADDR_MISSES (it calls them unicast).
  const named: [string, string][] = [
    ['0.1.2.3', '0.0.0.0/8 this network'],
    ['10.0.0.1', '10.0.0.0/8 private'],
    ['100.64.0.1', '100.64.0.0/10 CGNAT'],
    ['127.0.0.1', '127.0.0.0/8 loopback'],
    ['169.254.169.254', '169.254.0.0/16 link-local'],
    ['172.16.0.1', '172.16.0.0/12 private'],
    ['192.0.0.8', '192.0.0.0/24 IETF protocol assignments'],
    ['192.0.2.1', '192.0.2.0/24 documentation'],
    ['192.31.196.1', '192.31.196.0/24 AS112'],
    ['192.52.193.1', '192.52.193.0/24 AMT'],
    ['192.88.99.1', '192.88.99.0/24 6to4 relay'],
    ['192.168.1.1', '192.168.0.0/16 private'],
    ['192.175.48.1', '192.175.48.0/24 AS112'],
    ['198.18.0.1', '198.18.0.0/15 benchmarking'],
    ['198.51.100.1', '198.51.100.0/24 documentation'],
    ['203.0.113.1', '203.0.113.0/24 documentation'],
    ['224.0.0.1', '224.0.0.0/4 multicast'],
    ['240.0.0.1', '240.0.0.0/4 reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:0:a00:1', '::ffff:0:0/96 IPv4-translated'],
    ['64:ff9b::a00:1', '64:ff9b::/96 NAT64'],
    ['100::1', '100::/64 discard'],
    ['2001::1', '2001::/32 Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with a server and client'],
    ['2001:2::1', '2001:2::/48 benchmarking'],
    ['2001:3::1', '2001:3::/32 AMT'],
    ['2001:10::1', '2001:10::/28 ORCHID'],
    ['2001:20::1', '2001:20::/28 ORCHIDv2'],
    ['2001:db8::1', '2001:db8::/32 documentation'],
    ['2002:a00:1::1', '2002::/16 6to4 (embedding 10.0.0.1)'],
    ['2002:808:808::1', '2002::/16 6to4 (even embedding a public address)'],
    ['2620:4f:8000::1', '2620:4f:8000::/48 AS112'],
    ['fc00::1', 'fc00::/7 unique-local'],
    ['fe80::1', 'fe80::/10 link-local'],
    ['ff02::1', 'ff00::/8 multicast'],
  ];
  const missed: [string, string][] = [
    ['::a00:1', '::/96 IPv4-compatible (::10.0.0.1 as a URL writes it)'],
    ['::7f00:1', '::/96 IPv4-compatible (::127.0.0.1)'],
    ['::808:808', '::/96 IPv4-compatible, even embedding a public address'],
    ['64:ff9b:1::a00:1', '64:ff9b:1::/48 local-use NAT64'],
    ['fec0::1', 'fec0::/10 site-local'],
    ['feff:ffff::1', 'fec0::/10 site-local, its end'],
    ['5f00::1', '5f00::/16 SRv6 SIDs'],
    ['3fff::1', '3fff::/20 documentation'],
  ];

  it.each([...named, ...missed])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('each missed range has a case, and the URL forms of them are refused too', () => {
    for (const cidr of SPECIAL_RANGES_IPADDR_MISSES)
      expect(
        missed.some(([, about]) => about.startsWith(cidr)),
        cidr,
      ).toBe(true);
    for (const url of ['https://[::10.0.0.1]/', 'https://[::127.0.0.1]/', 'https://[64:ff9b:1::10.0.0.1]/'])
      expect(isPublicAddress(new URL(url).hostname.replace(/^\[|\]$/g, '')), url).toBe(false);
  });

  it('public unicast addresses stay public', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
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

  it('reads X-Forwarded-For entries with a port or brackets', () => {
    expect(clientAddress('127.0.0.1', '1.2.3.4:5678', loopback)).toBe('1.2.3.4');
    expect(clientAddress('127.0.0.1', '[2001:db8::1]:443', loopback)).toBe('2001:db8::1');
    expect(clientAddress('127.0.0.1', '[2001:db8::1]', loopback)).toBe('2001:db8::1');
    expect(clientAddress('127.0.0.1', '2001:db8::1', loopback)).toBe('2001:db8::1');
    expect(clientAddress('127.0.0.1', '203.0.113.5:1, 127.0.0.1:80', loopback)).toBe('203.0.113.5');
    expect(hopAddress(' 9.9.9.9:65535 ')).toBe('9.9.9.9');
    expect(hopAddress('[::1]:99999999')).toBe('[::1]:99999999');
  });

  it('counts IPv6 callers by their /64 and IPv4 callers by their address', () => {
    expect(addressLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressLimitKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it('reads TRUST_PROXY at start-up, and refuses one it cannot read, naming it', () => {
    expect(parseConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toHaveLength(2);
    expect(parseConfig({}).trustProxy).toBeNull();
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(
      /TRUST_PROXY must be loopback, or the reverse proxies' addresses/,
    );
  });
});
