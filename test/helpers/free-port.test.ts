// freePort hands out a port the kernel never gives to a listen(0) or an outgoing connection, so the server it was
// picked for cannot lose it to another test between the pick and its listen (npm-run-web.test.ts once did).
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { canListen, ephemeralLow, freePort } from './free-port.ts';

describe('freePort', () => {
  it('picks a free port below the ephemeral range, different each time', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralLow());
    }
    expect(new Set(ports).size).toBeGreaterThan(15);
    expect(await canListen(ports[0]!)).toBe(true);
  });

  it('the ports listen(0) hands out are all in the ephemeral range freePort stays below', async () => {
    const servers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );
    try {
      for (const s of servers) expect((s.address() as AddressInfo).port).toBeGreaterThanOrEqual(ephemeralLow());
      // A port in use is not free.
      expect(await canListen((servers[0]!.address() as AddressInfo).port)).toBe(false);
    } finally {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });
});
