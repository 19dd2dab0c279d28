import { openConnection, type RawConnection } from './raw-http.js';

const BODY = 'email=ada%40example.com&password=wrong-password';

/** A failed login the app is handling, held open half-way through its body. */
export interface LoginInFlight {
  readonly connection: RawConnection;
  /** Sends the rest of the body, so the app can answer. */
  finish(): void;
}

/**
 * Sends a login's headers and half its body, and resolves once the app is handling
 * it: what a shutdown must let finish. `headers` are added, e.g. what a proxy sends.
 */
export async function holdLoginOpen(port: number, headers: readonly string[] = []): Promise<LoginInFlight> {
  const connection = await openConnection(port);
  connection.socket.write(
    [
      'POST /login HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${BODY.length}`,
      ...headers,
      // Node answers "100 Continue" as it hands the request to the app: proof it is in flight.
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  await connection.waitFor(/100 Continue/);
  connection.socket.write(BODY.slice(0, 10));
  return { connection, finish: () => connection.socket.write(BODY.slice(10)) };
}
