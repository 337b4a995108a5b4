import net from 'node:net';

export type ProxyMode = 'up' | 'down' | 'blackhole';

/**
 * A TCP relay on 127.0.0.1 in front of the database, so a test can take the database away from
 * one shop without touching anyone else's: `down` drops every connection and refuses new ones
 * (a restart or crash of the server), `blackhole` accepts and answers nothing (a network
 * partition), `up` relays again.
 */
export interface TcpProxy {
  port: number;
  mode(): ProxyMode;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  listenPort: number,
  target: { host: string; port: number },
): Promise<TcpProxy> {
  let mode: ProxyMode = 'up';
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return; // held open, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const dropAll = () => {
    for (const s of sockets) s.resetAndDestroy();
    sockets.clear();
  };
  await listen();
  return {
    port: listenPort,
    mode: () => mode,
    async setMode(next) {
      if (next === mode) return;
      const was = mode;
      mode = next;
      if (next === 'down') {
        dropAll();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else if (next === 'blackhole') {
        if (was === 'down') await listen();
        // Established connections fall silent: nothing more is relayed either way.
        for (const s of sockets) {
          s.unpipe();
          s.pause();
        }
      } else {
        // Back up: connections that fell silent are dead to both ends, as after a partition.
        dropAll();
        if (was === 'down') await listen();
      }
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
