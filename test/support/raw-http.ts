import { connect, type Socket } from 'node:net';

/** A hand-driven HTTP/1.1 connection, for requests a test holds open on purpose. */
export interface RawConnection {
  readonly socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves once the received text matches. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Resolves with everything received when the server closes the connection. */
  readonly closed: Promise<string>;
}

/** Opens a TCP connection to 127.0.0.1:port. */
export async function openConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  const waiters: { pattern: RegExp; resolve: (text: string) => void }[] = [];
  socket.setEncoding('latin1').on('data', (chunk: string) => {
    text += chunk;
    for (const waiter of waiters.filter((w) => w.pattern.test(text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(text);
    }
  });
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  return {
    socket,
    received: () => text,
    waitFor(pattern) {
      if (pattern.test(text)) return Promise.resolve(text);
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void closed.then(() => reject(new Error(`connection closed before ${pattern}; got: ${text}`)));
      });
    },
    closed,
  };
}

/** True when nothing accepts connections on 127.0.0.1:port. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
