import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from '../application/shared/auth-throttle.js';
import { type DatabaseUrl, parseDatabaseUrl } from './persistence/database-url.js';
import { parseDataEncryptionKeys } from './two-factor/data-encryption-keys.js';
import {
  SECOND_FACTOR_REQUIREMENTS,
  type SecondFactorPolicySettings,
  type SecondFactorRequirement,
} from '../application/two-factor/second-factor-policy.js';
import { localesDir, localesIn } from './shared/i18n/catalog-files.js';
import { parseProviders, PROVIDER_VARIABLES, type ProvidersConfig } from './providers/providers-config.js';
import { ARGON2ID_LIMITS, type Argon2idParameters, OWASP_ARGON2ID } from './shared/passwords/argon2id-parameters.js';

/** Everything the process reads from its environment, parsed and validated once. */
export interface Config {
  readonly production: boolean;
  readonly http: { readonly host: string; readonly port: number };
  readonly database: { readonly url: DatabaseUrl; readonly poolMax: number };
  readonly session: {
    /** Signing keys, newest first; older keys still verify (rotation). */
    readonly keys: readonly string[];
    /** True when no keys were configured and a random one was made for this run. */
    readonly generatedKeys: boolean;
  };
  readonly redisUrl: string | null;
  /** Prefix of every Redis key this app writes, so several apps can share one Redis. */
  readonly redisKeyPrefix: string;
  /** Server-side session limits (SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS). */
  readonly sessionLifetime: { readonly idleMs: number; readonly absoluteMs: number };
  /** How long "Keep me logged in on this device" lasts from the login that ticked it (REMEMBER_ME_SECONDS). */
  readonly rememberMe: { readonly lifetimeMs: number };
  /** Secure `__Host-` session cookie (SESSION_COOKIE_SECURE; on in production): needs TLS. */
  readonly sessionCookieSecure: boolean;
  /** Worker processes sharing the port (WEB_CONCURRENCY); 1 runs no cluster. */
  readonly webConcurrency: number;
  /** Origins (`scheme://host[:port]`) allowed to post forms here besides this site itself. */
  readonly trustedOrigins: readonly string[];
  /** Reverse proxies in front of the app whose X-Forwarded-For entries are trusted; 0 trusts none. */
  readonly proxyHops: number;
  /** Brute-force limits of login and sign-up. */
  readonly throttle: ThrottleLimits;
  readonly log: {
    /** Least severe level written. */
    readonly level: LogLevel;
    /** Human-readable lines instead of JSON: development on a terminal only. */
    readonly pretty: boolean;
  };
  /** How long a shutdown waits for in-flight requests before cutting them off. */
  readonly shutdownTimeoutMs: number;
  /** Threads in libuv's pool (UV_THREADPOOL_SIZE, read by Node itself): password hashing must leave some free. */
  readonly threadPoolSize: number;
  /**
   * The algorithm that hashes new passwords (PASSWORD_HASHER) and argon2id's parameters
   * (ARGON2_*). Stored hashes of either algorithm still verify.
   */
  readonly passwordHasher: { readonly algorithm: PasswordHashAlgorithmName; readonly argon2id: Argon2idParameters };
  /** The public origin every link in a message is built on (APP_URL), never a request's Host. */
  readonly appUrl: string;
  readonly mail: {
    /** SMTP_URL: an `smtp://` or `smtps://` server, or a folder of `.eml` files (`file:`, the default outside production). */
    readonly transport: { readonly kind: 'smtp'; readonly url: string } | { readonly kind: 'file'; readonly dir: string };
    /** MAIL_FROM: the sender of every message. */
    readonly from: string;
    /** MAIL_SEND_TIMEOUT_SECONDS: the longest one send may take; a delivery claim is sized to it. */
    readonly sendTimeoutMs: number;
  };
  readonly accounts: {
    /** How long a password reset link works (PASSWORD_RESET_TTL_SECONDS). */
    readonly passwordResetTtlMs: number;
    /** How long an email verification or email change link works (EMAIL_VERIFICATION_TTL_SECONDS). */
    readonly emailVerificationTtlMs: number;
    /** EMAIL_VERIFICATION: `required` keeps unverified users to their profile and account pages. */
    readonly emailVerification: EmailVerificationMode;
    /** EMAIL_CODE_LOGIN: `on` offers "Email me a login code" on /login. */
    readonly emailCodeLogin: boolean;
  };
  readonly administration: {
    /** How long an administrator's password confirmation lasts (SUDO_SECONDS; 0 asks before every action). */
    readonly sudoMs: number;
  };
  /**
   * REQUIRE_2FA (off|admins|all; REQUIRE_2FA_FOR_ADMINS=true is `admins`): who must set up a
   * second factor, and REQUIRE_2FA_GRACE_DAYS, how long after their first login under it.
   */
  readonly secondFactorPolicy: SecondFactorPolicySettings;
  /** The check of new passwords against Have I Been Pwned's range API (BREACHED_PASSWORDS*). */
  readonly breachedPasswords: BreachedPasswordsConfig;
  /** How long an account's security events are kept (AUDIT_RETENTION_DAYS); older ones are purged. */
  readonly audit: { readonly retentionMs: number };
  /**
   * The mail to the owner when the account logs in from a device it has not used for
   * NEW_DEVICE_ALERT_DAYS (NEW_DEVICE_ALERTS=on|off, on by default).
   */
  readonly newDeviceAlerts: { readonly enabled: boolean; readonly windowMs: number };
  /**
   * DATA_ENCRYPTION_KEY: the AES-256 keys of secrets at rest (TOTP secrets), newest first.
   * Empty outside production when unset: a development key file is used (development-data-key.ts).
   */
  readonly dataEncryptionKeys: readonly Buffer[];
  /**
   * `/metrics` in Prometheus' text format (METRICS=on; off by default, and then no such
   * path), and the bearer token a scrape must send when METRICS_TOKEN is set.
   */
  readonly metrics: { readonly enabled: boolean; readonly token: string | null };
  /** DEFAULT_LOCALE: the language of a visitor who states no usable preference and of a mail to a user who chose none. */
  readonly defaultLocale: string;
  /**
   * Sign-in providers (GOOGLE_*, GITHUB_*, MICROSOFT_*, OIDC_PROVIDERS and its OIDC_<NAME>_*):
   * none unless configured, and then every page is as without the feature.
   */
  readonly providers: ProvidersConfig;
}

/** The locales whose catalogs are present (`locales/<code>/`): the values DEFAULT_LOCALE takes. */
export const LOCALES = localesIn(localesDir());

/** The values of EMAIL_VERIFICATION. */
export const EMAIL_VERIFICATION_MODES = ['optional', 'required'] as const;

/** One of EMAIL_VERIFICATION_MODES. */
export type EmailVerificationMode = (typeof EMAIL_VERIFICATION_MODES)[number];

/** Where messages go when SMTP_URL is unset outside production. */
export const DEFAULT_OUTBOX_DIR = './data/outbox';

/** BREACHED_PASSWORDS*: whether new passwords are looked up, where, from which count, and what an outage does. */
export interface BreachedPasswordsConfig {
  readonly check: boolean;
  /** The range endpoint's base, without a trailing slash; `/<5 hex>` is appended. */
  readonly url: string;
  /** A password seen at least this many times is refused. */
  readonly minCount: number;
  /** When the service cannot be reached: accept the password (with a warning line) or refuse it. */
  readonly onError: 'accept' | 'refuse';
  readonly timeoutMs: number;
}

/** The values of PASSWORD_HASHER. */
export const PASSWORD_HASH_ALGORITHMS = ['bcrypt', 'argon2id'] as const;

/** One of PASSWORD_HASH_ALGORITHMS. */
export type PasswordHashAlgorithmName = (typeof PASSWORD_HASH_ALGORITHMS)[number];

/** The pino levels an operator may choose with LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One of LOG_LEVELS. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What the process knows about its surroundings besides the variables. */
export interface ConfigContext {
  /** Whether stdout is a terminal, where pretty logs help a developer. */
  readonly stdoutIsTty?: boolean;
}

/** Configuration mistakes, each naming its variable. */
export class ConfigError extends Error {
  /** Every problem found, one line each. */
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('; '));
    this.name = 'ConfigError';
    this.problems = list;
  }

  /** What an entry point prints before it exits: one line per problem. */
  report(): string {
    return this.problems.map((problem) => `Invalid configuration: ${problem}`).join('\n');
  }
}

/** The environment variables read, so a test can pass a plain object. */
export type Environment = Readonly<Record<string, string | undefined>>;

const MIN_PRODUCTION_KEY_LENGTH = 32;
const DAY_MS = 24 * 60 * 60 * 1000;
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A whole number in a range, with one message for every way to miss it. */
const integer = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const schema = z.object({
  NODE_ENV: optional(
    z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }),
  ),
  PORT: optional(integer(0, 65535)).default(3000),
  HOST: optional(z.string()).default('127.0.0.1'),
  DATABASE_URL: optional(z.string()).default('sqlite:./data/gatehouse.sqlite'),
  DATABASE_POOL_MAX: optional(integer(1, 1000)).default(10),
  SESSION_KEYS: optional(z.string()),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')),
  TRUSTED_ORIGINS: optional(z.string()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })).default('info'),
  SHUTDOWN_TIMEOUT_MS: optional(integer(0, 600_000)).default(10_000),
  TRUST_PROXY: optional(integer(0, 10)).default(0),
  THROTTLE_LOGIN_PER_EMAIL: optional(integer(0, 1_000_000)).default(DEFAULT_THROTTLE_LIMITS.loginFailuresPerEmail),
  THROTTLE_LOGIN_PER_ADDRESS: optional(integer(0, 1_000_000)).default(DEFAULT_THROTTLE_LIMITS.loginFailuresPerAddress),
  THROTTLE_SIGNUP_PER_ADDRESS: optional(integer(0, 1_000_000)).default(DEFAULT_THROTTLE_LIMITS.signUpsPerAddress),
  THROTTLE_PASSWORD_RESET_PER_EMAIL: optional(integer(0, 1_000_000)).default(DEFAULT_THROTTLE_LIMITS.passwordResetsPerEmail),
  THROTTLE_PASSWORD_RESET_PER_ADDRESS: optional(integer(0, 1_000_000)).default(
    DEFAULT_THROTTLE_LIMITS.passwordResetsPerAddress,
  ),
  UV_THREADPOOL_SIZE: optional(integer(1, 1024)).default(4),
  REDIS_KEY_PREFIX: optional(z.string().max(100)).default('gatehouse:'),
  // Two hours without a request ends a session; seven days end it however busy.
  SESSION_IDLE_SECONDS: optional(integer(60, 31_536_000)).default(2 * 60 * 60),
  SESSION_ABSOLUTE_SECONDS: optional(integer(60, 31_536_000)).default(7 * 24 * 60 * 60),
  // Thirty days; browsers keep a cookie at most 400 days.
  REMEMBER_ME_SECONDS: optional(integer(60, 400 * 24 * 60 * 60)).default(30 * 24 * 60 * 60),
  WEB_CONCURRENCY: optional(integer(1, 64)).default(1),
  SESSION_COOKIE_SECURE: optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  PASSWORD_HASHER: optional(z.enum(PASSWORD_HASH_ALGORITHMS, { error: 'must be bcrypt or argon2id' })).default(
    'bcrypt',
  ),
  ARGON2_MEMORY_KIB: optional(integer(ARGON2ID_LIMITS.memoryKiB.min, ARGON2ID_LIMITS.memoryKiB.max)).default(
    OWASP_ARGON2ID.memoryKiB,
  ),
  ARGON2_TIME_COST: optional(integer(ARGON2ID_LIMITS.timeCost.min, ARGON2ID_LIMITS.timeCost.max)).default(
    OWASP_ARGON2ID.timeCost,
  ),
  ARGON2_PARALLELISM: optional(integer(ARGON2ID_LIMITS.parallelism.min, ARGON2ID_LIMITS.parallelism.max)).default(
    OWASP_ARGON2ID.parallelism,
  ),
  APP_URL: optional(z.string()),
  SMTP_URL: optional(z.string()),
  MAIL_FROM: optional(z.string().max(300)),
  MAIL_SEND_TIMEOUT_SECONDS: optional(integer(1, 600)).default(60),
  PASSWORD_RESET_TTL_SECONDS: optional(integer(60, 7 * 24 * 60 * 60)).default(60 * 60),
  EMAIL_VERIFICATION_TTL_SECONDS: optional(integer(60, 30 * 24 * 60 * 60)).default(24 * 60 * 60),
  // GitHub's sudo mode lasts a few hours; ten minutes keeps a forgotten admin tab harmless.
  SUDO_SECONDS: optional(integer(0, 24 * 60 * 60)).default(10 * 60),
  REQUIRE_2FA_FOR_ADMINS: optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  REQUIRE_2FA: optional(z.enum(SECOND_FACTOR_REQUIREMENTS, { error: 'must be off, admins or all' })),
  REQUIRE_2FA_GRACE_DAYS: optional(integer(0, 365)).default(0),
  EMAIL_VERIFICATION: optional(
    z.enum(EMAIL_VERIFICATION_MODES, { error: 'must be optional or required' }),
  ).default('optional'),
  EMAIL_CODE_LOGIN: optional(z.enum(['on', 'off'], { error: 'must be on or off' })).default('off'),
  BREACHED_PASSWORDS: optional(z.enum(['off', 'check'], { error: 'must be off or check' })).default('off'),
  BREACHED_PASSWORDS_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' })).default(
    'https://api.pwnedpasswords.com/range',
  ),
  BREACHED_PASSWORD_MIN_COUNT: optional(integer(1, 1_000_000_000)).default(1),
  BREACHED_PASSWORDS_ON_ERROR: optional(z.enum(['accept', 'refuse'], { error: 'must be accept or refuse' })).default('accept'),
  AUDIT_RETENTION_DAYS: optional(integer(1, 36_500)).default(365),
  NEW_DEVICE_ALERTS: optional(z.enum(['on', 'off'], { error: 'must be on or off' })).default('on'),
  // The device cookie lives 400 days, the most a browser keeps one: a longer window would never be reached.
  NEW_DEVICE_ALERT_DAYS: optional(integer(1, 400)).default(90),
  DATA_ENCRYPTION_KEY: optional(z.string()),
  DEFAULT_LOCALE: optional(z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` })).default('en'),
  METRICS: optional(z.enum(['on', 'off'], { error: 'must be on or off' })).default('off'),
  // Sent as `Authorization: Bearer <token>`: printable, no spaces, long enough not to be guessed.
  METRICS_TOKEN: optional(
    z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .min(16, 'must be at least 16 characters (openssl rand -hex 32)')
      .max(1000, 'must be at most 1000 characters'),
  ),
  // Read and checked together by parseProviders (with the OIDC_<NAME>_* that OIDC_PROVIDERS names).
  ...Object.fromEntries(PROVIDER_VARIABLES.map((name) => [name, optional(z.string())])),
});

/** Keys that appear in documentation or tests; a production run must not sign with them. */
const KNOWN_DEVELOPMENT_KEYS = new Set(['test-session-key', 'change-me-to-a-long-random-string-of-32-chars-or-more']);

/**
 * What production cannot run without, and how to make or find each. They are checked
 * together, with the values that fail the schema, so one start names every one missing.
 */
const REQUIRED_IN_PRODUCTION: Readonly<Record<string, string>> = {
  SESSION_KEYS: '',
  APP_URL: ' (the public origin, e.g. https://auth.example.com)',
  SMTP_URL: ' (smtp://user:pass@host:587 or smtps://…:465)',
  DATA_ENCRYPTION_KEY: ' (openssl rand -base64 32)',
};

/** Parses the environment; throws `ConfigError` naming the bad variables. */
export function loadConfig(env: Environment, context: ConfigContext = {}): Config {
  const parsed = schema.safeParse(env);
  const problems = parsed.success ? [] : invalidValues(parsed.error.issues);
  if (env.NODE_ENV === 'production') {
    const missing = Object.keys(REQUIRED_IN_PRODUCTION).filter((name) => blankToUndefined(env[name]) === undefined);
    problems.push(...missing.map(requiredInProduction));
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const vars = parsed.data;
  const production = vars.NODE_ENV === 'production';
  const url = parseDatabaseUrl(vars.DATABASE_URL);
  if (typeof url === 'string') throw new ConfigError(`DATABASE_URL: ${url}`);
  const session = sessionKeys(vars.SESSION_KEYS, production);
  const appUrl = publicOrigin(vars.APP_URL, production, vars.HOST, vars.PORT);
  const providers = parseProviders(env);
  if (typeof providers === 'string') throw new ConfigError(providers);
  return {
    production,
    http: { host: vars.HOST, port: vars.PORT },
    database: { url, poolMax: vars.DATABASE_POOL_MAX },
    session,
    redisUrl: vars.REDIS_URL ?? null,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    sessionLifetime: { idleMs: vars.SESSION_IDLE_SECONDS * 1000, absoluteMs: vars.SESSION_ABSOLUTE_SECONDS * 1000 },
    rememberMe: { lifetimeMs: vars.REMEMBER_ME_SECONDS * 1000 },
    webConcurrency: vars.WEB_CONCURRENCY,
    sessionCookieSecure: vars.SESSION_COOKIE_SECURE ? vars.SESSION_COOKIE_SECURE === 'true' : production,
    trustedOrigins: trustedOrigins(vars.TRUSTED_ORIGINS),
    log: { level: vars.LOG_LEVEL, pretty: !production && context.stdoutIsTty === true },
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    proxyHops: vars.TRUST_PROXY,
    throttle: {
      ...DEFAULT_THROTTLE_LIMITS,
      loginFailuresPerEmail: vars.THROTTLE_LOGIN_PER_EMAIL,
      loginFailuresPerAddress: vars.THROTTLE_LOGIN_PER_ADDRESS,
      signUpsPerAddress: vars.THROTTLE_SIGNUP_PER_ADDRESS,
      passwordResetsPerEmail: vars.THROTTLE_PASSWORD_RESET_PER_EMAIL,
      passwordResetsPerAddress: vars.THROTTLE_PASSWORD_RESET_PER_ADDRESS,
    },
    threadPoolSize: vars.UV_THREADPOOL_SIZE,
    passwordHasher: {
      algorithm: vars.PASSWORD_HASHER,
      argon2id: {
        memoryKiB: vars.ARGON2_MEMORY_KIB,
        timeCost: vars.ARGON2_TIME_COST,
        parallelism: vars.ARGON2_PARALLELISM,
      },
    },
    appUrl,
    mail: {
      transport: mailTransport(vars.SMTP_URL, production),
      from: vars.MAIL_FROM ?? `Gatehouse <no-reply@${new URL(appUrl).hostname}>`,
      sendTimeoutMs: vars.MAIL_SEND_TIMEOUT_SECONDS * 1000,
    },
    accounts: {
      passwordResetTtlMs: vars.PASSWORD_RESET_TTL_SECONDS * 1000,
      emailVerificationTtlMs: vars.EMAIL_VERIFICATION_TTL_SECONDS * 1000,
      emailVerification: vars.EMAIL_VERIFICATION,
      emailCodeLogin: vars.EMAIL_CODE_LOGIN === 'on',
    },
    administration: { sudoMs: vars.SUDO_SECONDS * 1000 },
    secondFactorPolicy: {
      requirement: secondFactorRequirement(vars.REQUIRE_2FA, vars.REQUIRE_2FA_FOR_ADMINS),
      graceMs: vars.REQUIRE_2FA_GRACE_DAYS * DAY_MS,
    },
    breachedPasswords: {
      check: vars.BREACHED_PASSWORDS === 'check',
      url: vars.BREACHED_PASSWORDS_URL.replace(/\/+$/, ''),
      minCount: vars.BREACHED_PASSWORD_MIN_COUNT,
      onError: vars.BREACHED_PASSWORDS_ON_ERROR,
      timeoutMs: 2000,
    },
    audit: { retentionMs: vars.AUDIT_RETENTION_DAYS * DAY_MS },
    newDeviceAlerts: { enabled: vars.NEW_DEVICE_ALERTS === 'on', windowMs: vars.NEW_DEVICE_ALERT_DAYS * DAY_MS },
    dataEncryptionKeys: dataEncryptionKeys(vars.DATA_ENCRYPTION_KEY, production),
    metrics: { enabled: vars.METRICS === 'on', token: vars.METRICS_TOKEN ?? null },
    defaultLocale: vars.DEFAULT_LOCALE,
    providers,
  };
}

/** One line per variable whose value the schema refuses: its first issue. */
function invalidValues(issues: z.ZodError['issues']): string[] {
  const byVariable = new Map<string, string>();
  for (const issue of issues) {
    const name = String(issue.path[0]);
    if (!byVariable.has(name)) byVariable.set(name, `${name}: ${oneLine(issue.message)}`);
  }
  return [...byVariable.values()];
}

/**
 * REQUIRE_2FA, or the older REQUIRE_2FA_FOR_ADMINS (`true` is `admins`, `false` is `off`);
 * both set to different answers is refused rather than guessed.
 */
function secondFactorRequirement(
  requirement: SecondFactorRequirement | undefined,
  forAdmins: 'true' | 'false' | undefined,
): SecondFactorRequirement {
  const legacy = forAdmins === undefined ? undefined : forAdmins === 'true' ? 'admins' : 'off';
  if (requirement !== undefined && legacy !== undefined && requirement !== legacy) {
    throw new ConfigError(
      `REQUIRE_2FA: "${requirement}" contradicts REQUIRE_2FA_FOR_ADMINS=${forAdmins}; set only REQUIRE_2FA (off, admins or all)`,
    );
  }
  return requirement ?? legacy ?? 'off';
}

function requiredInProduction(name: string): string {
  return `${name}: required when NODE_ENV=production${REQUIRED_IN_PRODUCTION[name] ?? ''}`;
}

/** DATA_ENCRYPTION_KEY: required in production; the message never repeats a key. */
function dataEncryptionKeys(raw: string | undefined, production: boolean): Buffer[] {
  const keys = parseDataEncryptionKeys(raw);
  if (typeof keys === 'string') throw new ConfigError(`DATA_ENCRYPTION_KEY: ${keys}`);
  if (production && keys.length === 0) {
    throw new ConfigError(requiredInProduction('DATA_ENCRYPTION_KEY'));
  }
  return keys;
}

/** APP_URL as an origin without a trailing slash; `http://HOST:PORT` by default, required in production. */
function publicOrigin(raw: string | undefined, production: boolean, host: string, port: number): string {
  if (raw === undefined) {
    if (production) throw new ConfigError(requiredInProduction('APP_URL'));
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  }
  const origin = raw.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#@\s]+$/.test(origin) || !URL.canParse(origin)) {
    throw new ConfigError(`APP_URL: "${raw}" is not an origin of the form http(s)://host[:port] (no path)`);
  }
  return new URL(origin).origin;
}

/** SMTP_URL: `smtp://`, `smtps://` or `file:<dir>`; unset, a file outbox, except in production. */
function mailTransport(raw: string | undefined, production: boolean): Config['mail']['transport'] {
  if (raw === undefined) {
    if (production) throw new ConfigError(requiredInProduction('SMTP_URL'));
    return { kind: 'file', dir: DEFAULT_OUTBOX_DIR };
  }
  if (raw.startsWith('file:')) {
    const dir = raw.slice('file:'.length);
    if (dir.length === 0) throw new ConfigError('SMTP_URL: file: needs a folder, e.g. file:./data/outbox');
    return { kind: 'file', dir };
  }
  if (!/^smtps?:\/\//.test(raw) || !URL.canParse(raw)) {
    throw new ConfigError('SMTP_URL: must be smtp://host:port, smtps://host:port or file:<folder>');
  }
  return { kind: 'smtp', url: raw };
}

/** Reads a comma-separated list of origins, each exactly `scheme://host[:port]`. */
function trustedOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
  const bad = origins.find((origin) => !isOrigin(origin));
  if (bad !== undefined) {
    throw new ConfigError(`TRUSTED_ORIGINS: "${bad}" is not an origin of the form scheme://host[:port] (no path)`);
  }
  return origins;
}

/** The rule of Go's `AddTrustedOrigin`: a scheme and a host, no path, query or fragment. */
function isOrigin(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#@\s]+$/.test(value)) return false;
  return URL.canParse(value);
}

function sessionKeys(raw: string | undefined, production: boolean): Config['session'] {
  const keys = (raw ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
  if (keys.length === 0) {
    if (production) throw new ConfigError(requiredInProduction('SESSION_KEYS'));
    return { keys: [randomBytes(32).toString('base64url')], generatedKeys: true };
  }
  if (production && keys.some((key) => key.length < MIN_PRODUCTION_KEY_LENGTH)) {
    throw new ConfigError(`SESSION_KEYS: each key must be at least ${MIN_PRODUCTION_KEY_LENGTH} characters`);
  }
  if (production && keys.some((key) => KNOWN_DEVELOPMENT_KEYS.has(key))) {
    throw new ConfigError('SESSION_KEYS: a published example key cannot sign production sessions; generate your own');
  }
  return { keys, generatedKeys: false };
}

/** Zod's messages may span lines; the start-up error is one line. */
function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim();
}

/** The name of every environment variable the configuration reads (docs/configuration.md lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);
