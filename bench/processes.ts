import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** True when `taskset` (util-linux) is here to pin processes to cores. */
export const canPin = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Pins every thread of a process to the given cores (`"0"`, `"0,1"`); a no-op without taskset. */
export function pin(pid: number, cpus: string): void {
  if (canPin) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** A free TCP port on 127.0.0.1, found by listening on port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A server process started by the harness. */
export interface ServerProcess {
  readonly pid: number;
  readonly baseUrl: string;
  /** Milliseconds from spawn to the first 200 answer to `GET /`. */
  readonly startupMs: number;
  /** The kernel's high-water mark of resident memory (VmHWM), in MiB; null off Linux. */
  peakRssMb(): number | null;
  /** SIGTERM, then waits for the exit (SIGKILL after 5 s). */
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` with the given environment and a free port in PORT, its output going
 * to `logFile`, and resolves once `GET /` answers 200.
 */
export async function startServer(options: {
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
  logFile: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const out = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...options.args], {
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    cwd: options.cwd,
    stdio: ['ignore', out, out],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await untilOk(baseUrl, child, options.logFile);
  const startupMs = performance.now() - started;
  const pid = child.pid ?? 0;
  return {
    pid,
    baseUrl,
    startupMs,
    peakRssMb: () => peakRssMb(pid),
    stop: () => stop(child),
  };
}

async function untilOk(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with code ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer 200 within 30 s; see ${logFile}`);
}

function peakRssMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
