/**
 * The address a request comes from, for rate limits and the registration cap. Behind a reverse proxy every request
 * arrives from the proxy, so TRUST_PROXY names the proxies whose X-Forwarded-For is believed: `loopback` (a proxy on
 * this machine, as docs/deployment.md sets up), or addresses and CIDR ranges separated by commas. Unset, the socket's
 * address is the client's and the header is ignored (a client could write anything into it).
 */
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
export type TrustedProxies = readonly Range[];

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/** The proxies TRUST_PROXY names, or why it cannot be read. */
export function parseTrustProxy(text: string): TrustedProxies | { problem: string } {
  const items =
    text.trim() === 'loopback'
      ? LOOPBACK
      : text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  const ranges: Range[] = [];
  for (const item of items) {
    try {
      ranges.push(
        item.includes('/')
          ? ipaddr.parseCIDR(item)
          : ((a) => [a, a.kind() === 'ipv4' ? 32 : 128] as Range)(ipaddr.parse(item)),
      );
    } catch {
      return { problem: `"${item.slice(0, 60)}" is not an address or CIDR range` };
    }
  }
  return ranges.length > 0 ? ranges : { problem: 'names no proxy' };
}

const inRanges = (address: string, trusted: TrustedProxies) => {
  if (!ipaddr.isValid(address)) return false;
  const a = ipaddr.process(address);
  return trusted.some(([range, bits]) => a.kind() === range.kind() && a.match(range, bits));
};

/** The client's address: the socket's, or, from a trusted proxy, the nearest X-Forwarded-For hop that is no proxy. */
export function clientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trusted: TrustedProxies | null,
): string {
  const socket = ipaddr.isValid(socketAddress) ? ipaddr.process(socketAddress).toString() : socketAddress;
  if (!trusted || !forwardedFor || !inRanges(socketAddress, trusted)) return socket;
  const hops = forwardedFor
    .split(',')
    .map(hopAddress)
    .filter((h) => ipaddr.isValid(h));
  for (let i = hops.length - 1; i >= 0; i -= 1)
    if (!inRanges(hops[i]!, trusted)) return ipaddr.process(hops[i]!).toString();
  return hops.length > 0 ? ipaddr.process(hops[0]!).toString() : socket;
}

/**
 * One X-Forwarded-For entry's address: proxies may add the port (`1.2.3.4:5678`, `[2001:db8::1]:443`) or brackets
 * alone (`[2001:db8::1]`); a bare IPv6 address (`2001:db8::1`) is taken whole.
 */
export function hopAddress(hop: string): string {
  const h = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(h);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(h);
  return v4WithPort ? v4WithPort[1]! : h;
}

/**
 * The key per-address limits count under: an IPv4 address itself, an IPv6 address its /64 (one subscriber's network:
 * a host given a /64 has 2^64 addresses to rotate through).
 */
export function addressLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
