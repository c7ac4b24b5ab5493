// A TCP relay on 127.0.0.1 in front of PostgreSQL, so a test can take the database away from the
// server the way a network does: refuse (the database is down), hang (a partition: packets vanish)
// and back to normal. Only loopback addresses are involved.
import net from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'hang';

export interface TcpProxy {
  port: number;
  /** Live connections through the relay. */
  readonly connections: number;
  /** forward: relay; refuse: cut every connection and reset new ones; hang: accept, relay nothing. */
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<{ client: net.Socket; upstream?: net.Socket }>();

  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const pair: { client: net.Socket; upstream?: net.Socket } = { client };
    pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');

  return {
    port: address.port,
    get connections() {
      return pairs.size;
    },
    setMode(next) {
      mode = next;
      for (const pair of pairs) {
        if (next === 'refuse') {
          pair.client.resetAndDestroy();
          pair.upstream?.destroy();
        } else if (next === 'hang') {
          // Nothing more passes either way, and nothing is closed: a partition.
          pair.client.unpipe();
          pair.upstream?.unpipe();
          pair.client.pause();
          pair.upstream?.pause();
        }
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
