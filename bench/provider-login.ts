import { Agent, request } from 'node:http';
import { TEST_CLIENT, TestOpenIdProvider } from '../test/support/providers/test-provider.js';
import { cpuMicroseconds } from './load.js';
import { percentile } from './probe.js';

/** Scenario 15: provider login callbacks against the in-process OpenID Provider. */
export interface ProviderLoginResult {
  /** Callbacks answered with the login's redirect to /. */
  readonly logins: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The app server's CPU per callback (the token request, the ID token's checks, the UserInfo call, the login). */
  readonly cpuUsPerLogin: number | null;
  /** Callbacks answered otherwise, and errors. */
  readonly failures: number;
}

/** The environment that configures the provider `bench` on the loopback OpenID Provider at `issuer`. */
export function benchProviderEnv(issuer: string): Record<string, string> {
  return {
    OIDC_PROVIDERS: 'bench',
    OIDC_BENCH_ISSUER: issuer,
    OIDC_BENCH_CLIENT_ID: TEST_CLIENT.id,
    OIDC_BENCH_CLIENT_SECRET: TEST_CLIENT.secret,
  };
}

/** A loopback OpenID Provider (oidc-provider, in this process) whose client returns to `appUrl`/auth/bench/callback. */
export async function startBenchProvider(appUrl: string): Promise<{ provider: TestOpenIdProvider; issuer: string }> {
  const provider = new TestOpenIdProvider([`${appUrl}/auth/bench/callback`]);
  provider.account = { sub: 'bench-subject', email: 'provider@bench.invalid', emailVerified: true };
  return { provider, issuer: await provider.start() };
}

/**
 * Signs one identity up (the first callback), then makes `count` trips to the provider
 * (`GET /auth/bench`, the provider's sign-in), and only then times their callbacks,
 * `connections` at a time, reading the server's CPU around them: what a login with a
 * provider costs the app, without the provider's own work or the trips' starts.
 */
export async function providerLogins(
  baseUrl: string,
  pid: number,
  provider: TestOpenIdProvider,
  count: number,
  connections: number,
): Promise<ProviderLoginResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const get = (path: string, cookie?: string) =>
    new Promise<{ status: number; location: string; cookie: string }>((resolve, reject) => {
      const req = request(new URL(path, baseUrl), { agent, headers: cookie ? { cookie } : {} }, (response) => {
        response.resume();
        const setCookie = (response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? '', cookie: setCookie || (cookie ?? '') }),
        );
      });
      req.once('error', reject);
      req.end();
    });
  const trip = async () => {
    const started = await get('/auth/bench');
    if (started.status !== 302) throw new Error(`GET /auth/bench answered ${started.status}`);
    return { cookie: started.cookie, callback: await provider.signIn(started.location) };
  };

  const first = await trip();
  const signedUp = await get(first.callback, first.cookie);
  if (signedUp.location !== '/users/profile' && signedUp.location !== '/') throw new Error(`the first callback led to ${signedUp.location}`);

  const trips: { cookie: string; callback: string }[] = [];
  let asked = 0;
  const prepare = async () => {
    while (asked++ < count) trips.push(await trip());
  };
  await Promise.all(Array.from({ length: connections }, prepare));

  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const cpuBefore = cpuMicroseconds(pid);
  const started = performance.now();
  const client = async () => {
    while (next < trips.length) {
      const one = trips[next++];
      if (!one) break;
      const at = performance.now();
      const answer = await get(one.callback, one.cookie).catch(() => null);
      latencies.push(performance.now() - at);
      if (answer?.location !== '/') failures += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMicroseconds(pid);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const logins = latencies.length - failures;
  return {
    logins,
    seconds,
    perSecond: logins / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    cpuUsPerLogin: cpuBefore !== null && cpuAfter !== null && latencies.length > 0 ? (cpuAfter - cpuBefore) / latencies.length : null,
    failures,
  };
}
