import { createServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy on 127.0.0.1 that a test can cut and restore, to play a dependency outage. */
export interface TcpProxy {
  /** The port to connect to instead of the target's. */
  readonly port: number;
  /** Drops every open connection and drops each new one at once, like a crashed server. */
  cut(): void;
  /**
   * Stops forwarding without closing anything, like a network that silently drops
   * packets: open connections hang, new ones are accepted and never answered.
   */
  stall(): void;
  /** Forwards new connections to the target again (stalled ones stay dead). */
  restore(): void;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/** Starts a proxy on a free port that forwards to host:port. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let cut = false;
  let stalled = false;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    track(client);
    if (stalled) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (!stalled) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      dropAll();
    },
    stall() {
      stalled = true;
    },
    restore() {
      if (stalled) dropAll();
      cut = false;
      stalled = false;
    },
    close() {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
