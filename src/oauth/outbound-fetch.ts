/**
 * Fetches from addresses a stranger names (a Client ID Metadata Document URL) that cannot reach inside: the host name
 * is resolved once, in the socket's own `lookup`, every address it resolves to must be a public unicast one (no
 * loopback, private, link-local, unique-local, CGNAT, multicast or reserved address, v4 or v6, IPv4-mapped forms
 * unwrapped), and the socket connects to the address that was checked: no second resolution an attacker's DNS could
 * answer differently. Plain node:https, GET only, no redirects, a size cap and a deadline.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Special-purpose ranges (IANA's IPv6 Special-Purpose Address Registry and RFCs) that ipaddr.js 2.2 calls `unicast`:
 * each is refused as well as every range it names otherwise (loopback, private, link-local, unique-local, CGNAT,
 * 6to4, Teredo, NAT64, multicast, reserved, …). test/oauth/outbound-fetch.test.ts has a case for each.
 */
export const SPECIAL_RANGES_IPADDR_MISSES: readonly string[] = [
  '::/96', // IPv4-compatible IPv6 (RFC 4291, deprecated): ::a.b.c.d, written ::a00:1 once a URL is normalised
  '64:ff9b:1::/48', // local-use IPv4/IPv6 translation (RFC 8215)
  'fec0::/10', // site-local (RFC 3879, deprecated, still routed inside some networks)
  '5f00::/16', // SRv6 segment identifiers (RFC 9602)
  '3fff::/20', // documentation (RFC 9637)
];
const SPECIAL = SPECIAL_RANGES_IPADDR_MISSES.map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * Whether an address is a public unicast one a server may be asked to connect to: ipaddr.js's range is `unicast`
 * (IPv4-mapped forms unwrapped first) and it is in none of the special ranges ipaddr.js does not name.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return !SPECIAL.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}

/** Refused before any connection: why stays in the log; the caller gets one uniform answer. */
export class OutboundRefused extends Error {}

/** A resolver that hands the socket only addresses that passed isPublicAddress; `resolve` is dns.lookup (tests pass their own). */
export function checkedLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0)
        return callback(
          new OutboundRefused(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`),
          '',
          0,
        );
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface OutboundAnswer {
  status: number;
  /** The body, or null when it was larger than the cap. */
  text: string | null;
}

export interface OutboundOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Resolves names (dns.lookup by default); its answers are checked either way. */
  resolve?: typeof dnsLookup;
}

/** GETs an https URL through checkedLookup; rejects with OutboundRefused or the socket's error. */
export function outboundGet(url: string, options: OutboundOptions): Promise<OutboundAnswer> {
  const target = new URL(url);
  if (target.protocol !== 'https:') return Promise.reject(new OutboundRefused(`${target.protocol} is not https`));
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(literal) && !isPublicAddress(literal))
    return Promise.reject(new OutboundRefused(`${literal} is not a public address`));
  return new Promise((resolve, reject) => {
    const request = https.get(
      target,
      {
        lookup: checkedLookup(options.resolve),
        headers: { accept: 'application/json' },
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            resolve({ status: response.statusCode ?? 0, text: null });
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${options.timeoutMs} ms`)));
    request.on('error', reject);
  });
}
