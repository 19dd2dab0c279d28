import { parseArgs } from 'node:util';

/** What one run of the harness does; `parseBenchArgs` builds it from the command line. */
export interface BenchOptions {
  /** Seconds each measured scenario runs. */
  readonly duration: number;
  /** Seconds of unmeasured load before each measured run, so the JIT has warmed up. */
  readonly warmup: number;
  /** Users in the table for scenario 6 (the login accounts and the admin included). */
  readonly users: number;
  /** Accounts that scenario 4 rotates over, one fresh login per request. */
  readonly accounts: number;
  /** Concurrent connections for the page scenarios (1–3, 6). */
  readonly connections: number;
  /** Concurrent connections for the login storm (4) and for the bcrypt bound. */
  readonly loginConnections: number;
  /** Requests of scenario 12, each with a remember-me cookie of its own, prepared before the run. */
  readonly rememberedLogins: number;
  /** Logins of scenario 14, each by a code of its own on an account of its own, prepared before the run. */
  readonly codeLogins: number;
  /** Callbacks of scenario 15, each a login with the loopback OpenID Provider, prepared before the run. */
  readonly providerLogins: number;
  /**
   * A `mysql://` or `postgres://` URL to run on that server (a fresh database named
   * after it is made and dropped), or null for SQLite.
   */
  readonly db: string | null;
  /** A `redis://` URL: sessions and throttle counts live there (under a fresh key prefix), or null. */
  readonly redis: string | null;
  /** `dist`: the compiled production entry point (`npm run bench` builds it); `tsx`: src/main.ts (the test). */
  readonly server: 'dist' | 'tsx';
  /** Starts the server under `node --cpu-prof`, its profile going to `<resultsDir>/profiles/`. */
  readonly cpuProf: boolean;
  /** Where the JSON result goes. */
  readonly resultsDir: string;
  /** Called with one line whenever a new step starts. */
  readonly progress: (line: string) => void;
}

const USAGE = `Usage: npm run bench -- [--quick] [--duration <s>] [--users <n>] [--db mysql://…|postgres://user:pass@host:port/name] [--redis redis://host:port]

  --quick          3 s per scenario instead of 10 s
  --duration <s>   seconds per scenario
  --users <n>      users seeded for the /users scenario (default 100000)
  --db <url>       run on MySQL or PostgreSQL (mysql://, postgres:// or postgresql://): a fresh database
                   <name>_bench_<random> is created there and dropped after
  --redis <url>    keep sessions and throttle counts in Redis (redis:// or rediss://), under a fresh key
                   prefix that is deleted after
  --cpu-prof       profile the server (node --cpu-prof); the .cpuprofile goes to bench/results/profiles/`;

/** Parses `npm run bench -- …`; throws with the usage text on a bad argument. */
export function parseBenchArgs(argv: readonly string[], resultsDir: string): BenchOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values } = parsed;
  if (values.help) throw new Error(USAGE);
  const duration = positive(values.duration, values.quick ? 3 : 10, '--duration');
  const db = values.db ?? null;
  if (db !== null && !/^(mysql|postgres|postgresql):\/\//.test(db)) {
    throw new Error(`--db must be a mysql://, postgres:// or postgresql:// URL\n\n${USAGE}`);
  }
  const redis = values.redis ?? null;
  if (redis !== null && !/^rediss?:\/\//.test(redis)) throw new Error(`--redis must be a redis:// or rediss:// URL\n\n${USAGE}`);
  return {
    duration,
    warmup: Math.min(2, duration / 5),
    users: Math.floor(positive(values.users, 100_000, '--users')),
    accounts: 1000,
    connections: 10,
    loginConnections: 32,
    // About as long as the other page scenarios at a thousand remembered logins a second.
    rememberedLogins: Math.round(1000 * duration),
    // Each asks the server for a code while preparing (about 2 ms each): a few seconds of logins.
    codeLogins: 1000,
    // Each is prepared through the provider first (a few ms each), so fewer than the others.
    providerLogins: Math.round(50 * duration),
    db,
    redis,
    server: 'dist',
    cpuProf: values['cpu-prof'] === true,
    resultsDir,
    progress: (line) => process.stderr.write(`${line}\n`),
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      quick: { type: 'boolean' },
      duration: { type: 'string' },
      users: { type: 'string' },
      db: { type: 'string' },
      redis: { type: 'string' },
      'cpu-prof': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number\n\n${USAGE}`);
  return value;
}
