import { Agent, get } from 'node:http';

/** Latency of requests sent at a fixed pace, whatever the server's speed (open loop). */
export interface ProbeResult {
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Answers other than 200, and errors. */
  readonly failures: number;
}

/**
 * Sends `GET url` every `everyMs` milliseconds for `seconds`, on keep-alive
 * connections, without waiting for earlier answers, so a slow server shows as latency
 * rather than as fewer requests. Resolves when every answer is in.
 */
export async function probeLatency(url: string, everyMs: number, seconds: number): Promise<ProbeResult> {
  const agent = new Agent({ keepAlive: true });
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const one = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      get(url, { agent }, (response) => {
        response.resume();
        response.once('end', () => {
          latencies.push(performance.now() - sent);
          if (response.statusCode !== 200) failures += 1;
          resolve();
        });
      }).once('error', () => {
        failures += 1;
        resolve();
      });
    });

  const count = Math.max(1, Math.round((seconds * 1000) / everyMs));
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    // Paced from the start time, so a late timer does not shift every later request.
    const wait = started + i * everyMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one());
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    failures,
  };
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
