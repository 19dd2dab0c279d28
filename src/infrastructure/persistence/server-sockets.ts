import { Socket } from 'node:net';

/**
 * A MySQL or PostgreSQL connection that receives nothing for this long is ended. Every
 * query here takes milliseconds, so such silence means a server or network that stopped
 * answering without closing the connection, which would otherwise hold a request (and a
 * pool slot) forever; the query fails as an outage and the page answers 503.
 */
export const SILENCE_LIMIT_MS = 6000;

/** Ends the socket with an ETIMEDOUT error once it has received nothing for the silence limit. */
export function endWhenSilent(socket: Socket): void {
  socket.setTimeout(SILENCE_LIMIT_MS, () => {
    socket.destroy(socketError(`database sent nothing for ${SILENCE_LIMIT_MS} ms`, 'ETIMEDOUT'));
  });
}

/**
 * The socket of a PostgreSQL connection (pg's documented `stream` option), under the
 * silence limit from the connection attempt on. When the server closes the connection
 * unasked, the socket ends with an error that has a code, which `isOutage` recognises:
 * pg itself reports such a close with an error that has none.
 */
export function postgresSocket(): Socket {
  const socket = new Socket();
  endWhenSilent(socket);
  socket.once('end', () => {
    // When the client ends the connection, it has ended its own side before the server's.
    if (!socket.writableEnded) socket.destroy(socketError('database closed the connection', 'ECONNRESET'));
  });
  return socket;
}

function socketError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}
