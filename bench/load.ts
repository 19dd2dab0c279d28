import type { IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** What one load run measured. */
export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Answers whose status was not the expected one, plus socket errors and timeouts. */
  readonly failures: number;
  readonly statusCodes: Record<string, number>;
  /** CPU time the server process (every thread, user and system) spent per answered request; null off Linux. */
  readonly cpuUsPerRequest: number | null;
}

/** One load run: closed-loop, `connections` clients each sending the next request on the answer. */
export interface LoadSpec {
  readonly url: string;
  readonly connections: number;
  readonly seconds: number;
  /** Sends exactly this many requests instead, waiting for every answer (a warm-up that leaves no backlog). */
  readonly amount?: number;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  /** The status every answer must have (default 200). */
  readonly expectStatus?: number;
  /** Builds each request's body, in turn: the login storm rotates accounts with it. */
  readonly body?: (n: number) => string;
  /** Headers of each request, in turn, beside `headers`: the remembered logins send a cookie each. */
  readonly headersFor?: (n: number) => Record<string, string>;
  /** The server's process id, to read the CPU time it spends (Linux /proc). */
  readonly pid?: number;
  /** Sees every answer's headers (names lower-cased): the login storm counts real logins with it. */
  readonly onHeaders?: (headers: IncomingHttpHeaders) => void;
}

/** Drives load with autocannon and reduces its result to the figures the report prints. */
export async function drive(spec: LoadSpec): Promise<LoadResult> {
  let n = 0;
  const { body, headersFor, onHeaders } = spec;
  const setupRequest = (req: autocannon.Request): autocannon.Request => {
    const i = n++;
    return {
      ...req,
      ...(body && { body: body(i) }),
      ...(headersFor && { headers: { ...req.headers, ...headersFor(i) } }),
    };
  };
  const request: autocannon.Request = {
    method: spec.method ?? 'GET',
    ...((body || headersFor) && { setupRequest }),
    ...(onHeaders && {
      onResponse: (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) =>
        // autocannon hands the raw names over, as the server wrote them.
        onHeaders(
          Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
        ),
    }),
  };
  const cpuBefore = cpuMicroseconds(spec.pid);
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds }),
    // autocannon checks its stop flag on this tick: a 1 s tick stretches a short run to a second.
    sampleInt: Math.min(1000, Math.max(50, spec.seconds * 500)),
    headers: spec.headers ?? {},
    requests: [request],
  });
  const expected = String(spec.expectStatus ?? 200);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  const seconds = result.duration;
  const cpuAfter = cpuMicroseconds(spec.pid);
  return {
    requests: answered,
    seconds,
    perSecond: answered / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: answered - (statusCodes[expected] ?? 0) + result.errors + result.timeouts,
    statusCodes,
    cpuUsPerRequest: cpuBefore !== null && cpuAfter !== null && answered > 0 ? (cpuAfter - cpuBefore) / answered : null,
  };
}

/**
 * Runs the specs in turn, `rounds` times, each for its share of its `seconds`, after
 * one warm-up each; returns one combined result per spec. Requests and failures add
 * up; p50 is the median of the slices' and p99 the worst slice's.
 */
export async function interleaved<const T extends readonly LoadSpec[]>(
  specs: T,
  rounds: number,
  warmupSeconds: number,
  onRound: (round: number) => void,
): Promise<{ -readonly [K in keyof T]: LoadResult }> {
  if (warmupSeconds > 0) for (const spec of specs) await drive({ ...spec, seconds: warmupSeconds });
  const slices: LoadResult[][] = specs.map(() => []);
  for (let round = 1; round <= rounds; round += 1) {
    onRound(round);
    for (const [i, spec] of specs.entries()) slices[i]?.push(await drive({ ...spec, seconds: spec.seconds / rounds }));
  }
  return slices.map(combine) as { -readonly [K in keyof T]: LoadResult };
}

function combine(slices: readonly LoadResult[]): LoadResult {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const statusCodes: Record<string, number> = {};
  for (const slice of slices) {
    for (const [code, count] of Object.entries(slice.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  const p50s = slices.map((slice) => slice.p50Ms).sort((a, b) => a - b);
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50Ms: p50s[Math.floor((p50s.length - 1) / 2)] ?? 0,
    p99Ms: Math.max(0, ...slices.map((slice) => slice.p99Ms)),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
    statusCodes,
    cpuUsPerRequest: slices.every((slice) => slice.cpuUsPerRequest !== null)
      ? slices.reduce((sum, slice) => sum + (slice.cpuUsPerRequest ?? 0) * slice.requests, 0) / requests
      : null,
  };
}

/** User plus system CPU time of a process so far, in microseconds (clock ticks of 10 ms). */
export function cpuMicroseconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}
