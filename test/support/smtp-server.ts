import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { serverOptions } from './smtp-server-handlers.js';

export { TEST_SMTP_CA, TEST_SMTP_CA_FILE } from './smtp-test-certificate.js';

/** One message the server accepted. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO. */
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** Who logged in (AUTH), or null on the plain relay. */
  readonly user: string | null;
  /** Whether the session was encrypted (STARTTLS) when the message came. */
  readonly secure: boolean;
  /** The message as it arrived. */
  readonly raw: Buffer;
  /** The message as mailparser reads it: `subject`, `text`, `html`, `from.value[0].address`… */
  readonly parsed: ParsedMail;
}

/** What the server does with the next connections and recipients. */
export type SmtpBehaviour =
  /** Takes every message. */
  | { readonly kind: 'accept' }
  /** Refuses RCPT TO with this reply (550 for good, 450 for now), for one address or every one. */
  | { readonly kind: 'refuse'; readonly code: number; readonly to?: string }
  /**
   * Holds every new connection without a greeting (`greeting`), or every message
   * without an answer to its content (`data`), until `accept()` (which lets them go on)
   * or `stop()` (which drops them: a held message is then not received).
   */
  | { readonly kind: 'stall'; readonly at: 'greeting' | 'data' };

/** How a test server is set up. */
export interface SmtpServerOptions {
  /**
   * With credentials: a submission server that offers STARTTLS (the test certificate)
   * and requires AUTH over it. Without: a local relay with neither STARTTLS nor AUTH.
   */
  readonly auth?: { readonly user: string; readonly pass: string };
  /** With `auth`: TLS from the first byte (`smtps://`, port 465's way) instead of STARTTLS. */
  readonly implicitTls?: boolean;
  /** The port; a free one by default. */
  readonly port?: number;
}

/**
 * A real SMTP server in this process (the `smtp-server` package) for tests that send
 * mail: `startSmtpServer()` listens on 127.0.0.1 and gives its `url` for SMTP_URL; every
 * accepted message is parsed with mailparser into `received`. `stop()` and `start()`
 * take it down and bring it back on the same port (an outage); `refuse()` and `stall()`
 * make it answer 5xx/4xx to recipients, or hold connections or messages unanswered.
 *
 * ```ts
 * const smtp = await startSmtpServer();
 * const app = await buildGatehouseApp({ SMTP_URL: smtp.url, ... });
 * const mail = await smtp.waitForMail('ada@example.com');
 * expect(mail.parsed.subject).to.equal('Reset your Gatehouse password');
 * const link = linkIn(mail, '/password/reset'); // http://127.0.0.1:3000/password/reset?token=…
 * await smtp.stop();
 * ```
 */
export interface TestSmtpServer {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>` (`smtps://` with implicit TLS), with the credentials when the server requires AUTH. */
  readonly url: string;
  /** Every message accepted so far, in order of arrival. */
  readonly received: readonly ReceivedMail[];
  /** Resolves once `count` messages in all have arrived (at once if they have). */
  waitForMessages(count: number): Promise<ReceivedMail[]>;
  /** Resolves the first message to this address, once it has arrived. */
  waitForMail(to: string): Promise<ReceivedMail>;
  /** Takes every message again, and lets held connections and messages go on. */
  accept(): void;
  /** Refuses RCPT TO with `code` (550 for good, 450 for now), for `to` or every address, until `accept()`. */
  refuse(code: number, to?: string): void;
  /** Holds new connections before the greeting (the default) or messages before the answer to DATA. */
  stall(at?: 'greeting' | 'data'): void;
  /** Stops listening and drops every connection. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Whether it listens. */
  readonly listening: boolean;
  /** How many connections or messages a stall holds now. */
  readonly holding: number;
  /** Forgets the messages received so far (for a server shared by a suite's tests). */
  clear(): void;
}

/** Starts a test SMTP server on 127.0.0.1 and resolves once it listens. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  /** What waits on a stall: each entry lets it go on (true) or drops it (false). */
  const held = new Set<(goOn: boolean) => void>();
  let behaviour: SmtpBehaviour = { kind: 'accept' };
  let server: SMTPServer | null = null;
  let port = options.port ?? 0;

  const arrived = (mail: ReceivedMail) => {
    received.push(mail);
    for (const wake of [...waiters]) wake();
  };
  const until = <T>(found: () => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        waiters.delete(check);
        resolve(value);
      };
      waiters.add(check);
      check();
    });
  const release = (goOn: boolean) => {
    const waiting = [...held];
    held.clear();
    for (const decide of waiting) decide(goOn);
  };

  const listen = async () => {
    server = new SMTPServer(serverOptions(options, () => behaviour, held, arrived));
    const listener = server;
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        listener.off('error', reject);
        resolve();
      });
    });
    // Errors of single connections (a client that went away) are not the test's concern.
    listener.on('error', () => {});
    port = (listener.server.address() as AddressInfo).port;
  };
  await listen();
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';

  return {
    port,
    url: `${options.implicitTls ? 'smtps' : 'smtp'}://${credentials}127.0.0.1:${port}`,
    received,
    waitForMessages: (count) => until(() => (received.length >= count ? [...received] : undefined)),
    waitForMail: (to) => until(() => received.find((mail) => mail.envelope.to.includes(to))),
    accept() {
      behaviour = { kind: 'accept' };
      release(true);
    },
    refuse(code, to) {
      behaviour = { kind: 'refuse', code, ...(to !== undefined && { to }) };
    },
    stall(at = 'greeting') {
      behaviour = { kind: 'stall', at };
    },
    async stop() {
      const closing = server;
      server = null;
      if (!closing) return;
      release(false);
      await new Promise<void>((resolve) => closing.close(resolve));
    },
    async start() {
      if (!server) await listen();
    },
    get listening() {
      return server !== null;
    },
    get holding() {
      return held.size;
    },
    clear() {
      received.length = 0;
    },
  };
}

/**
 * The first absolute link to `path` in the message's text part (`…/password/reset?token=…`),
 * as a person would copy it; throws when there is none.
 */
export function linkIn(mail: ReceivedMail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = (mail.parsed.text ?? '').match(new RegExp(`https?://[^\\s/]+${escaped}(?:\\?[^\\s]*)?`));
  if (!found) throw new Error(`no link to ${path} in the message "${mail.parsed.subject ?? ''}"`);
  return found[0];
}
