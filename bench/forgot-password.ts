import { Agent, request } from 'node:http';
import { percentile } from './probe.js';
import { formHeaders } from './session.js';

/** The "Forgot your password?" scenario: known and unknown addresses, taking turns. */
export interface ForgotPasswordResult {
  readonly requests: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p99Ms: number;
  /** Median latency of the requests for an address that has an account. */
  readonly knownP50Ms: number;
  /** Median latency of the requests for an address that has none. */
  readonly unknownP50Ms: number;
  /** The larger median over the smaller: at most 1.10 so the time tells nothing. */
  readonly medianRatio: number;
  /** Answers other than the redirect to /login, and errors. */
  readonly failures: number;
}

/**
 * Closed loop: `connections` clients, each posting the next request on the answer, the
 * even requests for a seeded account (rotating over `accounts`) and the odd ones for
 * an address nobody registered. The answer must be the same redirect to /login either way.
 */
export async function forgotPasswordStorm(
  baseUrl: string,
  accounts: readonly string[],
  connections: number,
  seconds: number,
): Promise<ForgotPasswordResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL('/password/forgot', baseUrl);
  const headers = formHeaders(baseUrl);
  const known: number[] = [];
  const unknown: number[] = [];
  let failures = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const one = (email: string) =>
    new Promise<{ ms: number; ok: boolean }>((resolve) => {
      const body = new URLSearchParams({ email }).toString();
      const at = performance.now();
      const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ ms: performance.now() - at, ok: response.statusCode === 302 && response.headers.location === '/login' }),
        );
      });
      req.once('error', () => resolve({ ms: performance.now() - at, ok: false }));
      req.end(body);
    });

  const client = async () => {
    while (performance.now() < deadline) {
      const n = sent++;
      const isKnown = n % 2 === 0;
      const email = isKnown ? (accounts[(n / 2) % accounts.length] ?? '') : `nobody-${n}@bench.invalid`;
      const { ms, ok } = await one(email);
      if (!ok) failures += 1;
      (isKnown ? known : unknown).push(ms);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();

  const all = [...known, ...unknown].sort((a, b) => a - b);
  known.sort((a, b) => a - b);
  unknown.sort((a, b) => a - b);
  const knownP50Ms = percentile(known, 0.5);
  const unknownP50Ms = percentile(unknown, 0.5);
  return {
    requests: all.length,
    seconds: elapsed,
    perSecond: all.length / elapsed,
    p99Ms: percentile(all, 0.99),
    knownP50Ms,
    unknownP50Ms,
    medianRatio: Math.max(knownP50Ms, unknownP50Ms) / Math.max(Math.min(knownP50Ms, unknownP50Ms), 1e-9),
    failures,
  };
}
