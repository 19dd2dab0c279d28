import type { Argon2idParameters } from '../src/infrastructure/shared/passwords/argon2id-parameters.js';
import type { CodeLoginResult } from './code-login.js';
import type { ForgotPasswordResult } from './forgot-password.js';
import type { ProviderLoginResult } from './provider-login.js';
import type { LoadResult } from './load.js';
import type { ProbeResult } from './probe.js';
import type { RememberedLoginResult } from './remembered-login.js';
import type { UserSearchResults } from './user-search.js';

/** Hashes (or comparisons) per second that one hasher completes on its own: the login storm's bound. */
export interface HashBound {
  readonly compares: number;
  readonly seconds: number;
  readonly perSecond: number;
  /** CPU time of the bound's process per compare: what one login cannot spend less than. */
  readonly cpuUsPerCompare: number;
}

/** The login storm's figures. */
export type LoginStormResult = LoadResult & {
  /** Answers that were a real login (302 to /) in the measured run. */
  readonly logins: number;
  /** Logins of the warm-up before it, every one checked to have succeeded. */
  readonly warmupLogins: number;
  readonly loginsPerSecond: number;
};

/** Everything one run measured; written as JSON to bench/results/. */
export interface BenchReport {
  readonly startedAt: string;
  readonly machine: {
    readonly cpus: number;
    readonly cpuModel: string;
    readonly memoryGiB: number;
    readonly node: string;
    readonly platform: string;
    /** Load average (1 min) when the run started: other work on the machine shows here. */
    readonly loadAverage: number;
    readonly pinned: boolean;
  };
  readonly settings: {
    readonly database: 'sqlite' | 'mysql' | 'postgres';
    /** Where sessions and throttle counts lived: the app's database or Redis (`--redis`). */
    readonly sessions: 'database' | 'redis';
    readonly secondsPerScenario: number;
    readonly users: number;
    readonly connections: number;
    readonly loginConnections: number;
  };
  readonly bareKoa: LoadResult;
  readonly home: LoadResult;
  readonly profile: LoadResult;
  readonly admin: LoadResult;
  readonly usersFirstPage: LoadResult;
  readonly usersDeepPage: LoadResult & { readonly afterId: number };
  /** Scenario 12: `GET /users/profile` with no session and a valid remember-me cookie, a fresh one per request. */
  readonly rememberedLogin: RememberedLoginResult;
  /** Scenario 14: `POST /login/code` with the right emailed code, a fresh one per request, each a login. */
  readonly codeLogin: CodeLoginResult;
  /** Scenario 13: the searches of `/users` by email. */
  readonly usersSearch: UserSearchResults;
  /** Scenario 11: `POST /password/forgot`, known and unknown addresses taking turns. */
  readonly forgotPassword: ForgotPasswordResult;
  /** Scenario 15: provider login callbacks against the loopback OpenID Provider, on a server of its own. */
  readonly providerLogin: ProviderLoginResult;
  readonly login: LoginStormResult;
  readonly bcryptBound: HashBound;
  readonly homeDuringLogins: ProbeResult;
  /** The server of scenarios 0–6 (bcrypt, the default), read before it stops. */
  readonly server: {
    readonly startupMs: number;
    readonly peakRssMb: number | null;
    /** The Node options of `npm start`, which the server ran with. */
    readonly nodeFlags: readonly string[];
  };
  /** Scenarios 8–10: the same login storm on a second server with PASSWORD_HASHER=argon2id. */
  readonly argon2id: {
    readonly parameters: Argon2idParameters;
    readonly login: LoginStormResult;
    readonly bound: HashBound;
    readonly homeDuringLogins: ProbeResult;
    readonly server: { readonly startupMs: number; readonly peakRssMb: number | null };
  };
}

/** The targets, checked against a report; `null` when the figure is missing. */
export function targets(r: BenchReport) {
  const ratio = (load: LoadResult) => load.perSecond / r.bareKoa.perSecond;
  const loginRatio = r.login.loginsPerSecond / r.bcryptBound.perSecond;
  const argon2idRatio = r.argon2id.login.loginsPerSecond / r.argon2id.bound.perSecond;
  const rss = (peakRssMb: number | null) => ({ value: peakRssMb, met: peakRssMb !== null && peakRssMb <= 150 });
  return {
    home: { value: ratio(r.home), met: ratio(r.home) >= 0.4 },
    profile: { value: ratio(r.profile), met: ratio(r.profile) >= 0.2 },
    admin: { value: ratio(r.admin), met: ratio(r.admin) >= 0.2 },
    login: { value: loginRatio, met: loginRatio >= 0.9 },
    homeDuringLogins: { value: r.homeDuringLogins.p99Ms, met: r.homeDuringLogins.p99Ms <= 50 },
    usersDeepPage: { value: r.usersDeepPage.p99Ms, met: r.usersDeepPage.p99Ms <= 20 },
    usersPrefixSearch: { value: r.usersSearch.prefix.p99Ms, met: r.usersSearch.prefix.p99Ms <= 20 },
    peakRss: rss(r.server.peakRssMb),
    argon2idLogin: { value: argon2idRatio, met: argon2idRatio >= 0.9 },
    argon2idHomeDuringLogins: {
      value: r.argon2id.homeDuringLogins.p99Ms,
      met: r.argon2id.homeDuringLogins.p99Ms <= 50,
    },
    argon2idPeakRss: rss(r.argon2id.server.peakRssMb),
    forgotPassword: { value: r.forgotPassword.medianRatio, met: r.forgotPassword.medianRatio <= 1.1 },
  };
}

/** The one markdown table `npm run bench` prints. */
export function markdownTable(r: BenchReport): string {
  const t = targets(r);
  const bare = r.bareKoa.perSecond;
  const mark = (met: boolean) => (met ? 'met' : '**missed**');
  const load = (n: string, name: string, x: LoadResult, target: string, result: string) =>
    row(n, name, int(x.perSecond), ratio(x.perSecond / bare), ms(x.p50Ms), ms(x.p99Ms), cpu(x), target, result + failures(x));
  const lines = [
    row('#', 'scenario', 'req/s', '× bare Koa', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'target', 'result'),
    row('---', '---', '---:', '---:', '---:', '---:', '---:', '---', '---'),
    load('0', 'bare Koa, same home page from memory', r.bareKoa, '', ''),
    load('1', '`GET /` anonymous', r.home, '≥ 0.40 × bare', mark(t.home.met)),
    load('2', '`GET /users/profile`, live session', r.profile, '≥ 0.20 × bare', mark(t.profile.met)),
    load('3', '`GET /admin` as admin', r.admin, '≥ 0.20 × bare', mark(t.admin.met)),
    row(
      '4',
      `\`POST /login\`, fresh login per request (${r.settings.loginConnections} clients): logins/s`,
      int(r.login.loginsPerSecond),
      ratio(r.login.loginsPerSecond / bare),
      ms(r.login.p50Ms),
      ms(r.login.p99Ms),
      cpu(r.login),
      '≥ 0.90 × bcrypt bound',
      `${ratio(t.login.value)} bound, ${mark(t.login.met)}${failures(r.login)}`,
    ),
    row(
      '4b',
      `bcrypt bound: \`compare\` cost 10, ${r.settings.loginConnections} in flight`,
      int(r.bcryptBound.perSecond),
      ratio(r.bcryptBound.perSecond / bare),
      '',
      '',
      int(r.bcryptBound.cpuUsPerCompare),
      '',
      '',
    ),
    row(
      '5',
      '`GET /` every 20 ms during 4',
      int(r.homeDuringLogins.requests / r.settings.secondsPerScenario),
      '',
      ms(r.homeDuringLogins.p50Ms),
      ms(r.homeDuringLogins.p99Ms),
      '',
      'p99 ≤ 50 ms',
      mark(t.homeDuringLogins.met) + (r.homeDuringLogins.failures ? ` (${r.homeDuringLogins.failures} failed)` : ''),
    ),
    load('6a', `\`GET /users\` first page, ${int(r.settings.users)} users`, r.usersFirstPage, '', ''),
    load(
      '6b',
      `\`GET /users?after=${r.usersDeepPage.afterId}\` deep page`,
      r.usersDeepPage,
      'p99 ≤ 20 ms',
      mark(t.usersDeepPage.met),
    ),
    load(
      '12',
      `\`GET /users/profile\`, no session, a valid remember-me cookie each: logs in, rotates (${int(r.rememberedLogin.rotations)} logins)`,
      r.rememberedLogin,
      '',
      '',
    ),
    load(
      '14',
      `\`POST /login/code\`, the right emailed code each, used once: logs in (${int(r.codeLogin.logins)} logins)`,
      r.codeLogin,
      '',
      '',
    ),
    row(
      '7',
      `server peak RSS (0–6, bcrypt); start-up to first 200: ${int(r.server.startupMs)} ms`,
      '',
      '',
      '',
      '',
      '',
      '≤ 150 MB',
      `${megabytes(r.server.peakRssMb)}, ${mark(t.peakRss.met)}`,
    ),
    ...argon2idRows(r, t, mark),
    row(
      '11',
      `\`POST /password/forgot\`, known and unknown addresses in turn (${r.settings.connections} clients); ` +
        `medians known ${ms(r.forgotPassword.knownP50Ms)} ms, unknown ${ms(r.forgotPassword.unknownP50Ms)} ms`,
      int(r.forgotPassword.perSecond),
      ratio(r.forgotPassword.perSecond / bare),
      '',
      ms(r.forgotPassword.p99Ms),
      '',
      'medians within 10 %',
      `${r.forgotPassword.medianRatio.toFixed(3)}, ${mark(t.forgotPassword.met)}` +
        (r.forgotPassword.failures ? ` (${r.forgotPassword.failures} unexpected answers)` : ''),
    ),
    load('13a', `\`GET /users?${r.usersSearch.prefix.query}\`: a few addresses start so`, r.usersSearch.prefix, 'p99 ≤ 20 ms', mark(t.usersPrefixSearch.met)),
    load('13b', `\`GET /users?${r.usersSearch.broadPrefix.query}\`: nearly every address starts so`, r.usersSearch.broadPrefix, 'measured', ''),
    load('13c', `\`GET /users?${r.usersSearch.substring.query}\`: a part of the address`, r.usersSearch.substring, 'measured', ''),
    row(
      '15',
      `\`GET /auth/<name>/callback\`, a login with the loopback OpenID Provider (${r.settings.connections} clients, ${int(r.providerLogin.logins)} logins)`,
      int(r.providerLogin.perSecond),
      ratio(r.providerLogin.perSecond / bare),
      ms(r.providerLogin.p50Ms),
      ms(r.providerLogin.p99Ms),
      r.providerLogin.cpuUsPerLogin === null ? '' : int(r.providerLogin.cpuUsPerLogin),
      'measured',
      r.providerLogin.failures ? `${r.providerLogin.failures} unexpected answers` : '',
    ),
  ];
  return lines.join('\n');
}

/** Scenarios 8–10: the login storm, its bound, the page during it and the peak RSS, on argon2id. */
function argon2idRows(r: BenchReport, t: ReturnType<typeof targets>, mark: (met: boolean) => string): string[] {
  const a = r.argon2id;
  const { memoryKiB, timeCost, parallelism } = a.parameters;
  const bare = r.bareKoa.perSecond;
  return [
    row(
      '8',
      `\`POST /login\` on argon2id, fresh login per request (${r.settings.loginConnections} clients): logins/s`,
      int(a.login.loginsPerSecond),
      ratio(a.login.loginsPerSecond / bare),
      ms(a.login.p50Ms),
      ms(a.login.p99Ms),
      cpu(a.login),
      '≥ 0.90 × argon2id bound',
      `${ratio(t.argon2idLogin.value)} bound, ${mark(t.argon2idLogin.met)}${failures(a.login)}`,
    ),
    row(
      '8b',
      `argon2id bound: \`verify\` m=${memoryKiB} KiB t=${timeCost} p=${parallelism}, ` +
        `${r.settings.loginConnections} in flight`,
      int(a.bound.perSecond),
      ratio(a.bound.perSecond / bare),
      '',
      '',
      int(a.bound.cpuUsPerCompare),
      '',
      '',
    ),
    row(
      '9',
      '`GET /` every 20 ms during 8',
      int(a.homeDuringLogins.requests / r.settings.secondsPerScenario),
      '',
      ms(a.homeDuringLogins.p50Ms),
      ms(a.homeDuringLogins.p99Ms),
      '',
      'p99 ≤ 50 ms',
      mark(t.argon2idHomeDuringLogins.met) +
        (a.homeDuringLogins.failures ? ` (${a.homeDuringLogins.failures} failed)` : ''),
    ),
    row(
      '10',
      `argon2id server peak RSS (start-up and 8); start-up to first 200: ${int(a.server.startupMs)} ms`,
      '',
      '',
      '',
      '',
      '',
      '≤ 150 MB',
      `${megabytes(a.server.peakRssMb)}, ${mark(t.argon2idPeakRss.met)}`,
    ),
  ];
}

function megabytes(value: number | null): string {
  return value === null ? 'n/a' : `${int(value)} MB`;
}

function row(...cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function int(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Three decimals: a 0.396 printed as "0.40" beside "missed" would read as a contradiction. */
function ratio(value: number): string {
  return `${value.toFixed(3)} ×`;
}

function cpu(x: LoadResult): string {
  return x.cpuUsPerRequest === null ? '' : int(x.cpuUsPerRequest);
}

function ms(value: number): string {
  return value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
}

function failures(x: LoadResult): string {
  return x.failures > 0 ? ` (${x.failures} unexpected answers: ${JSON.stringify(x.statusCodes)})` : '';
}
