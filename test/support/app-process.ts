import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/infrastructure/project-root.js';

/** A real Gatehouse process started by a test, with what it printed. */
export interface AppProcess {
  readonly child: ChildProcess;
  /** Every stdout line parsed as JSON (non-JSON lines kept as `{ text }`). */
  readonly lines: Record<string, unknown>[];
  /** Everything written to stderr. */
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process ends. */
  readonly exited: Promise<number | string>;
  /** Resolves with the first stdout line matching `test`. */
  waitForLine(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

/** Runs `src/<entry>` through tsx with exactly this environment (plus PATH). */
export function startProcess(entry: string, env: Record<string, string>, args: string[] = []): AppProcess {
  const root = projectRoot();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', entry), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProcess(child);
}

/** Collects what a started process prints (stdout and stderr piped), as `startProcess` does. */
export function watchProcess(child: ChildProcess): AppProcess {
  const lines: Record<string, unknown>[] = [];
  const waiters: {
    test: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }[] = [];
  let stderr = '';
  let pending = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete.filter((t) => t.trim())) {
      const line = parse(text);
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitForLine(test) {
      const found = lines.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiters.push({ test, resolve });
        void exited.then((code) => reject(new Error(`process exited (${code}) first; stderr: ${stderr}`)));
      });
    },
  };
}

/** Where a started app's messages go when its test sets no SMTP_URL: never the checkout's ./data/outbox. */
const TEST_OUTBOX = join(tmpdir(), 'gatehouse-process-test-outbox');

/** Starts the app on a free port and resolves once it listens. */
export async function startApp(env: Record<string, string>): Promise<AppProcess & { readonly port: number }> {
  const app = startProcess('main.ts', { PORT: '0', HOST: '127.0.0.1', SMTP_URL: `file:${TEST_OUTBOX}`, ...env });
  const listening = await app.waitForLine((line) => line.msg === 'listening');
  return Object.assign(app, { port: Number(listening.port) });
}

function parse(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}
