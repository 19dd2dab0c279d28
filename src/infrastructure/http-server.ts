import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Idle keep-alive sockets stay open longer than the 60 s idle timeout of common
 * proxies and load balancers (nginx, AWS ALB), so the proxy is always the side that
 * retires a pooled connection and never sends a request onto one being closed here.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Above the keep-alive timeout, as Node requires, so reused sockets are not cut early. */
export const HEADERS_TIMEOUT_MS = 66_000;
/** A whole request (headers and body) must arrive within this; the forms here are tiny. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Where to listen. */
export interface ListenOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
}

/** A listening HTTP server that can stop gracefully. */
export interface HttpServer {
  readonly server: Server;
  /** The port actually bound (useful when asked for 0). */
  readonly port: number;
  /**
   * Stops accepting connections, lets in-flight requests finish (their connections
   * close after the response), closes idle keep-alive sockets, and after
   * `timeoutMs` cuts whatever is still open. Resolves whether it had to cut.
   */
  close(timeoutMs: number): Promise<{ readonly forced: boolean }>;
}

/** Starts an HTTP server with sane timeouts; resolves once it listens. */
export async function startHttpServer(handler: RequestListener, options: ListenOptions): Promise<HttpServer> {
  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const inFlight = new Set<ServerResponse>();
  let closing = false;

  // Registered before the app's handler, so every response is tracked from its start.
  server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    if (closing) endConnectionAfter(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (closing) server.closeIdleConnections();
    });
  });
  server.on('request', handler);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    server,
    port: (server.address() as AddressInfo).port,
    close(timeoutMs) {
      closing = true;
      return new Promise((resolve) => {
        let forced = false;
        const deadline = setTimeout(() => {
          forced = true;
          server.closeAllConnections();
        }, timeoutMs);
        server.close(() => {
          clearTimeout(deadline);
          resolve({ forced });
        });
        for (const response of inFlight) endConnectionAfter(response);
        server.closeIdleConnections();
      });
    },
  };
}

/** Asks Node to close the socket once this response is sent, instead of keeping it alive. */
function endConnectionAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('Connection', 'close');
}
