// A port for a server that must be told its port before it starts (WEB_PORT, a webhook's PUBLIC_URL). A port taken
// with listen(0) and let go is one the kernel hands out again: to the next listen(0) of a test in the other worker,
// or as the local port of any outgoing connection (a fetch to a stand-in), and the server that was to take it then
// fails with EADDRINUSE (npm-run-web.test.ts lost its port that way). So the port comes from below the kernel's
// ephemeral range, which neither ever hands out, at random (two workers and other runs on the machine seldom pick the
// same one) and is probed free before it is given.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port picked: above the well-known and most registered services' ports. */
const LOWEST = 20_000;

/** The first port of the kernel's ephemeral range (Linux's ip_local_port_range; IANA's 49152 elsewhere). */
export function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 0) return low;
  } catch {
    // not Linux
  }
  return 49_152;
}

/** Whether a server can listen on `port` at 127.0.0.1 right now (it is let go again at once). */
export function canListen(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A TCP port free right now on 127.0.0.1 that the kernel will not hand to anything else. */
export async function freePort(): Promise<number> {
  const high = ephemeralLow();
  if (high - LOWEST < 1_000) throw new Error(`freePort: the ephemeral range starts at ${high}; no room below it`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = randomInt(LOWEST, high);
    if (await canListen(port)) return port;
  }
  throw new Error(`freePort: no free port found between ${LOWEST} and ${high} in 100 tries`);
}
