import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the loopback range server answers. */
export type RangeMode = 'normal' | 'padding-only' | 'slow' | 'garbage' | 'status-500';

/** A request the server received: the path asked and its headers. */
export interface RangeRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

/** The upper-case SHA-1 of a password, as the range API spells it. */
export function sha1Of(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}

/**
 * A loopback HTTP server answering Have I Been Pwned's range API in its documented
 * format: `SUFFIX:COUNT` lines with CRLF, padding lines with count 0 among them.
 */
export class RangeServer {
  mode: RangeMode = 'normal';
  readonly requests: RangeRequest[] = [];
  private readonly server: Server;

  /** `breached`: each password and how many times it was seen. */
  constructor(private readonly breached: ReadonlyMap<string, number>) {
    this.server = createServer((request, response) => this.answer(request.url ?? '', request.headers, response));
  }

  /** Starts listening on 127.0.0.1; resolves the range endpoint's base URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/range`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(path: string, headers: IncomingHttpHeaders, response: ServerResponse) {
    this.requests.push({ path, headers });
    const prefix = /^\/range\/([0-9A-F]{5})$/.exec(path)?.[1];
    if (this.mode === 'slow') return; // Never answers: the client's timeout ends it.
    if (this.mode === 'status-500') return response.writeHead(500).end('oops');
    if (this.mode === 'garbage') return response.writeHead(200, { 'Content-Type': 'text/plain' }).end('<html>not a range</html>');
    if (!prefix) return response.writeHead(404).end();
    const padding = ['0000000000000000000000000000000000A:0', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:0'];
    const hits =
      this.mode === 'padding-only'
        ? []
        : [...this.breached]
            .map(([password, count]) => [sha1Of(password), count] as const)
            .filter(([sha1]) => sha1.startsWith(prefix))
            .map(([sha1, count]) => `${sha1.slice(5)}:${count}`);
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end([...padding, ...hits].join('\r\n'));
  }
}
