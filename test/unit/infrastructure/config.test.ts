import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../src/application/shared/auth-throttle.js';
import { ConfigError, loadConfig } from '../../../src/infrastructure/config.js';

const PRODUCTION_KEY = 'k'.repeat(32);
/** A DATA_ENCRYPTION_KEY of 32 bytes in base64. */
const DATA_KEY = Buffer.alloc(32, 7).toString('base64');
/** What production requires besides keys: the public origin, a mail server and the data key. */
const PRODUCTION_MAIL = {
  APP_URL: 'https://auth.example.com',
  SMTP_URL: 'smtp://mail.internal:587',
  DATA_ENCRYPTION_KEY: DATA_KEY,
};

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

function errorOf(env: Record<string, string>): string {
  return configErrorOf(env).message;
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.production).to.equal(false);
    expect(config.http).to.deep.equal({ host: '127.0.0.1', port: 3000 });
    expect(config.database.url).to.deep.equal({ client: 'sqlite', filename: './data/gatehouse.sqlite' });
    expect(config.database.poolMax).to.equal(10);
    expect(config.redisUrl).to.equal(null);
    expect(config.log).to.deep.equal({ level: 'info', pretty: false });
    expect(config.shutdownTimeoutMs).to.equal(10_000);
    expect(config.session.generatedKeys).to.equal(true);
  });

  it('makes a fresh random session key per start when none is set outside production', () => {
    const [first] = loadConfig({}).session.keys;
    const [second] = loadConfig({}).session.keys;
    expect(first).to.have.length.greaterThan(31);
    expect(first).not.to.equal(second);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ...PRODUCTION_MAIL,
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'mysql://app:secret@db.internal:3307/gatehouse',
      DATABASE_POOL_MAX: '20',
      SESSION_KEYS: `${'n'.repeat(40)}, ${PRODUCTION_KEY}`,
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: '2500',
    });
    expect(config.production).to.equal(true);
    expect(config.http).to.deep.equal({ host: '0.0.0.0', port: 8080 });
    expect(config.database.url).to.include({ client: 'mysql', host: 'db.internal', port: 3307, database: 'gatehouse' });
    expect(config.database.poolMax).to.equal(20);
    expect(config.session).to.deep.equal({ keys: ['n'.repeat(40), PRODUCTION_KEY], generatedKeys: false });
    expect(config.redisUrl).to.equal('redis://cache:6379');
    expect(config.log.level).to.equal('warn');
    expect(config.shutdownTimeoutMs).to.equal(2500);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' }).http.port).to.equal(3000);
  });

  it('asks for pretty logs only outside production and on a terminal', () => {
    expect(loadConfig({}, { stdoutIsTty: true }).log.pretty).to.equal(true);
    expect(loadConfig({}, { stdoutIsTty: false }).log.pretty).to.equal(false);
    const production = { NODE_ENV: 'production', SESSION_KEYS: PRODUCTION_KEY, ...PRODUCTION_MAIL };
    expect(loadConfig(production, { stdoutIsTty: true }).log.pretty).to.equal(false);
  });

  for (const [name, value, expected] of [
    ['PORT', 'eighty', 'PORT: must be a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT: must be a whole number from 0 to 65535'],
    ['PORT', '80.5', 'PORT: must be a whole number from 0 to 65535'],
    ['DATABASE_POOL_MAX', '0', 'DATABASE_POOL_MAX: must be a whole number from 1 to 1000'],
    ['SHUTDOWN_TIMEOUT_MS', '-1', 'SHUTDOWN_TIMEOUT_MS: must be a whole number from 0 to 600000'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    ['NODE_ENV', 'prod', 'NODE_ENV: must be production, development or test'],
    ['REDIS_URL', 'http://cache', 'REDIS_URL: must start with redis:// or rediss://'],
    ['DATABASE_URL', 'mongodb://db/app', 'DATABASE_URL: must start with sqlite:, mysql://, postgres:// or postgresql://'],
    ['PASSWORD_HASHER', 'scrypt', 'PASSWORD_HASHER: must be bcrypt or argon2id'],
    ['PASSWORD_HASHER', 'Argon2id', 'PASSWORD_HASHER: must be bcrypt or argon2id'],
    ['ARGON2_MEMORY_KIB', '19 MiB', 'ARGON2_MEMORY_KIB: must be a whole number from 1024 to 1048576'],
    ['ARGON2_MEMORY_KIB', '512', 'ARGON2_MEMORY_KIB: must be a whole number from 1024 to 1048576'],
    ['ARGON2_MEMORY_KIB', '2097152', 'ARGON2_MEMORY_KIB: must be a whole number from 1024 to 1048576'],
    ['ARGON2_TIME_COST', '0', 'ARGON2_TIME_COST: must be a whole number from 1 to 100'],
    ['ARGON2_TIME_COST', '2.5', 'ARGON2_TIME_COST: must be a whole number from 1 to 100'],
    ['ARGON2_PARALLELISM', '17', 'ARGON2_PARALLELISM: must be a whole number from 1 to 16'],
  ] as const) {
    it(`refuses ${name}=${value} with one line naming the variable`, () => {
      const message = errorOf({ [name]: value });
      expect(message).to.equal(expected);
      expect(message).not.to.include('\n');
    });
  }

  describe('with NODE_ENV=production', () => {
    it('requires SESSION_KEYS', () => {
      expect(errorOf({ NODE_ENV: 'production', ...PRODUCTION_MAIL })).to.equal('SESSION_KEYS: required when NODE_ENV=production');
    });

    it('names every missing required variable at once, one problem each', () => {
      const error = configErrorOf({ NODE_ENV: 'production' });
      expect(error.problems).to.have.length(4);
      expect(error.problems.map((problem) => problem.split(':')[0])).to.deep.equal([
        'SESSION_KEYS',
        'APP_URL',
        'SMTP_URL',
        'DATA_ENCRYPTION_KEY',
      ]);
      for (const problem of error.problems) expect(problem).to.match(/^[A-Z_]+: required when NODE_ENV=production/);
    });

    it('names the missing variables together with the invalid values', () => {
      const error = configErrorOf({ NODE_ENV: 'production', PORT: 'eighty', SESSION_KEYS: PRODUCTION_KEY, APP_URL: 'https://a.example' });
      expect(error.problems).to.deep.equal([
        'PORT: must be a whole number from 0 to 65535',
        'SMTP_URL: required when NODE_ENV=production (smtp://user:pass@host:587 or smtps://…:465)',
        'DATA_ENCRYPTION_KEY: required when NODE_ENV=production (openssl rand -base64 32)',
      ]);
    });

    it('prints one line per problem, each saying the configuration is invalid', () => {
      const lines = configErrorOf({ NODE_ENV: 'production', ...PRODUCTION_MAIL }).report().split('\n');
      expect(lines).to.deep.equal(['Invalid configuration: SESSION_KEYS: required when NODE_ENV=production']);
    });

    it('requires every key to have at least 32 characters', () => {
      expect(errorOf({ NODE_ENV: 'production', ...PRODUCTION_MAIL, SESSION_KEYS: `${PRODUCTION_KEY},short` })).to.equal(
        'SESSION_KEYS: each key must be at least 32 characters',
      );
    });

    it('refuses the example key printed in the README', () => {
      const example = 'change-me-to-a-long-random-string-of-32-chars-or-more';
      expect(errorOf({ NODE_ENV: 'production', ...PRODUCTION_MAIL, SESSION_KEYS: example })).to.match(/^SESSION_KEYS: /);
    });

    it('accepts short keys outside production, for development', () => {
      expect(loadConfig({ SESSION_KEYS: 'dev' }).session.keys).to.deep.equal(['dev']);
    });
  });

  describe('TRUST_PROXY and THROTTLE_*', () => {
    it('trusts no proxy and uses the default limits when unset', () => {
      const config = loadConfig({});
      expect(config.proxyHops).to.equal(0);
      expect(config.throttle).to.deep.equal(DEFAULT_THROTTLE_LIMITS);
    });

    it('reads the proxy count and the limits, 0 turning a limit off', () => {
      const config = loadConfig({
        TRUST_PROXY: '1',
        THROTTLE_LOGIN_PER_EMAIL: '5',
        THROTTLE_LOGIN_PER_ADDRESS: '0',
        THROTTLE_SIGNUP_PER_ADDRESS: '100',
        THROTTLE_PASSWORD_RESET_PER_EMAIL: '0',
        THROTTLE_PASSWORD_RESET_PER_ADDRESS: '1000',
      });
      expect(config.proxyHops).to.equal(1);
      expect(config.throttle).to.include({
        loginFailuresPerEmail: 5,
        loginFailuresPerAddress: 0,
        signUpsPerAddress: 100,
        passwordResetsPerEmail: 0,
        passwordResetsPerAddress: 1000,
      });
    });

    for (const [name, value] of [
      ['TRUST_PROXY', 'yes'],
      ['TRUST_PROXY', '-1'],
      ['THROTTLE_LOGIN_PER_EMAIL', '1.5'],
      ['THROTTLE_SIGNUP_PER_ADDRESS', 'many'],
      ['THROTTLE_PASSWORD_RESET_PER_EMAIL', '-1'],
    ] as const) {
      it(`refuses ${name}=${value} with a message naming the variable`, () => {
        expect(() => loadConfig({ [name]: value }))
          .to.throw(ConfigError)
          .with.property('message')
          .that.matches(new RegExp(`^${name}: `));
      });
    }
  });

  describe('TRUSTED_ORIGINS', () => {
    it('is empty by default', () => {
      expect(loadConfig({}).trustedOrigins).to.deep.equal([]);
    });

    it('reads a comma-separated list of origins', () => {
      const config = loadConfig({ TRUSTED_ORIGINS: 'https://example.com, https://example.com:8080,http://example.com' });
      expect(config.trustedOrigins).to.deep.equal([
        'https://example.com',
        'https://example.com:8080',
        'http://example.com',
      ]);
    });

    // The invalid rows of Go's TestCrossOriginProtectionAddTrustedOriginErrors (the empty
    // string is simply "no origin" in a list).
    for (const origin of [
      'example.com',
      'https://',
      'https://example.com/',
      'https://example.com/path',
      'https://example.com?query=value',
      'https://example.com#fragment',
      'https://ex ample.com',
      'null',
    ]) {
      it(`refuses "${origin}" with a message naming the variable`, () => {
        expect(() => loadConfig({ TRUSTED_ORIGINS: origin }))
          .to.throw(ConfigError)
          .with.property('message')
          .that.matches(/^TRUSTED_ORIGINS: /);
      });
    }
  });

  describe('SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS, WEB_CONCURRENCY and REDIS_KEY_PREFIX', () => {
    it('defaults to a 2-hour idle timeout, a 7-day lifetime, one process and the gatehouse: prefix', () => {
      const config = loadConfig({});
      expect(config.sessionLifetime).to.deep.equal({ idleMs: 2 * 60 * 60 * 1000, absoluteMs: 7 * 24 * 60 * 60 * 1000 });
      expect(config.webConcurrency).to.equal(1);
      expect(config.redisKeyPrefix).to.equal('gatehouse:');
    });

    it('reads SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS, WEB_CONCURRENCY and REDIS_KEY_PREFIX', () => {
      const config = loadConfig({
        SESSION_IDLE_SECONDS: '900',
        SESSION_ABSOLUTE_SECONDS: '86400',
        WEB_CONCURRENCY: '4',
        REDIS_KEY_PREFIX: 'shop:',
      });
      expect(config.sessionLifetime).to.deep.equal({ idleMs: 900_000, absoluteMs: 86_400_000 });
      expect(config.webConcurrency).to.equal(4);
      expect(config.redisKeyPrefix).to.equal('shop:');
    });

    for (const [name, value] of [
      ['SESSION_IDLE_SECONDS', '10'],
      ['SESSION_ABSOLUTE_SECONDS', 'a week'],
      ['WEB_CONCURRENCY', '0'],
    ] as const) {
      it(`refuses ${name}=${value} with a message naming it`, () => {
        expect(() => loadConfig({ [name]: value }))
          .to.throw(ConfigError)
          .with.property('message')
          .that.match(new RegExp(`^${name}:`));
      });
    }
  });

  describe('REMEMBER_ME_SECONDS', () => {
    it('keeps a remembered device logged in for 30 days by default', () => {
      expect(loadConfig({}).rememberMe).to.deep.equal({ lifetimeMs: 30 * 24 * 60 * 60 * 1000 });
    });

    it('reads REMEMBER_ME_SECONDS', () => {
      expect(loadConfig({ REMEMBER_ME_SECONDS: '604800' }).rememberMe).to.deep.equal({ lifetimeMs: 604_800_000 });
    });

    for (const value of ['59', '34560001', '30 days', '1.5']) {
      it(`refuses REMEMBER_ME_SECONDS=${value} with a message naming it and the range`, () => {
        expect(errorOf({ REMEMBER_ME_SECONDS: value })).to.equal(
          'REMEMBER_ME_SECONDS: must be a whole number from 60 to 34560000',
        );
      });
    }
  });

  describe('PASSWORD_HASHER and ARGON2_*', () => {
    it("hashes with bcrypt by default, with OWASP's argon2id parameters ready for a switch", () => {
      expect(loadConfig({}).passwordHasher).to.deep.equal({
        algorithm: 'bcrypt',
        argon2id: { memoryKiB: 19_456, timeCost: 2, parallelism: 1 },
      });
    });

    it('reads the algorithm and the argon2id parameters', () => {
      const config = loadConfig({
        PASSWORD_HASHER: 'argon2id',
        ARGON2_MEMORY_KIB: '65536',
        ARGON2_TIME_COST: '3',
        ARGON2_PARALLELISM: '4',
      });
      expect(config.passwordHasher).to.deep.equal({
        algorithm: 'argon2id',
        argon2id: { memoryKiB: 65_536, timeCost: 3, parallelism: 4 },
      });
    });

    it('accepts both ends of each argon2id range', () => {
      const low = loadConfig({ ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ARGON2_PARALLELISM: '1' });
      const high = loadConfig({ ARGON2_MEMORY_KIB: '1048576', ARGON2_TIME_COST: '100', ARGON2_PARALLELISM: '16' });
      expect(low.passwordHasher.argon2id).to.deep.equal({ memoryKiB: 1024, timeCost: 1, parallelism: 1 });
      expect(high.passwordHasher.argon2id).to.deep.equal({ memoryKiB: 1_048_576, timeCost: 100, parallelism: 16 });
    });
  });

  describe('SESSION_COOKIE_SECURE', () => {
    const keys = { SESSION_KEYS: PRODUCTION_KEY, ...PRODUCTION_MAIL };

    it('is on in production and off elsewhere unless set', () => {
      expect(loadConfig({ NODE_ENV: 'production', ...keys }).sessionCookieSecure).to.equal(true);
      expect(loadConfig({}).sessionCookieSecure).to.equal(false);
    });

    it('can be turned off in production (plain HTTP on a private network) and on elsewhere', () => {
      expect(loadConfig({ NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'false', ...keys }).sessionCookieSecure).to.equal(
        false,
      );
      expect(loadConfig({ SESSION_COOKIE_SECURE: 'true' }).sessionCookieSecure).to.equal(true);
    });
  });

  describe('APP_URL', () => {
    it('defaults to http://HOST:PORT outside production', () => {
      expect(loadConfig({ HOST: '127.0.0.1', PORT: '4000' }).appUrl).to.equal('http://127.0.0.1:4000');
      expect(loadConfig({ HOST: '::1', PORT: '4000' }).appUrl).to.equal('http://[::1]:4000');
    });

    it('is required in production, with one line naming it', () => {
      expect(errorOf({ NODE_ENV: 'production', SESSION_KEYS: PRODUCTION_KEY, SMTP_URL: 'smtp://mail:25' })).to.match(
        /^APP_URL: required when NODE_ENV=production/,
      );
    });

    it('keeps the origin, without a trailing slash', () => {
      expect(loadConfig({ APP_URL: 'https://Auth.Example.com/' }).appUrl).to.equal('https://auth.example.com');
      expect(loadConfig({ APP_URL: 'http://localhost:8080' }).appUrl).to.equal('http://localhost:8080');
    });

    for (const bad of ['auth.example.com', 'ftp://example.com', 'https://example.com/app', 'https://u@example.com', 'https://example.com?x=1']) {
      it(`refuses ${bad}`, () => {
        expect(errorOf({ APP_URL: bad })).to.match(/^APP_URL: .* is not an origin/);
      });
    }
  });

  describe('SMTP_URL and MAIL_FROM', () => {
    it('writes .eml files under ./data/outbox when unset outside production', () => {
      expect(loadConfig({}).mail.transport).to.deep.equal({ kind: 'file', dir: './data/outbox' });
    });

    it('is required in production, with one line naming it', () => {
      expect(errorOf({ NODE_ENV: 'production', SESSION_KEYS: PRODUCTION_KEY, APP_URL: 'https://a.example' })).to.match(
        /^SMTP_URL: required when NODE_ENV=production/,
      );
    });

    it('takes smtp://, smtps:// and file:<folder>', () => {
      expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail:587' }).mail.transport).to.deep.equal({ kind: 'smtp', url: 'smtp://u:p@mail:587' });
      expect(loadConfig({ SMTP_URL: 'smtps://mail:465' }).mail.transport).to.deep.equal({ kind: 'smtp', url: 'smtps://mail:465' });
      expect(loadConfig({ SMTP_URL: 'file:/tmp/out' }).mail.transport).to.deep.equal({ kind: 'file', dir: '/tmp/out' });
    });

    for (const bad of ['http://mail', 'mail:25', 'file:']) {
      it(`refuses ${bad}`, () => {
        expect(errorOf({ SMTP_URL: bad })).to.match(/^SMTP_URL: /);
      });
    }

    it('sends from MAIL_FROM, or from no-reply at the APP_URL host', () => {
      expect(loadConfig({ MAIL_FROM: 'Support <help@example.com>' }).mail.from).to.equal('Support <help@example.com>');
      expect(loadConfig({ APP_URL: 'https://auth.example.com' }).mail.from).to.equal('Gatehouse <no-reply@auth.example.com>');
    });
  });

  describe('account links and EMAIL_VERIFICATION', () => {
    it('has the documented defaults', () => {
      expect(loadConfig({}).accounts).to.deep.equal({
        passwordResetTtlMs: 3_600_000,
        emailVerificationTtlMs: 86_400_000,
        emailVerification: 'optional',
        emailCodeLogin: false,
      });
    });

    it('reads them', () => {
      const config = loadConfig({
        PASSWORD_RESET_TTL_SECONDS: '600',
        EMAIL_VERIFICATION_TTL_SECONDS: '7200',
        EMAIL_VERIFICATION: 'required',
        EMAIL_CODE_LOGIN: 'on',
      });
      expect(config.accounts).to.deep.equal({
        passwordResetTtlMs: 600_000,
        emailVerificationTtlMs: 7_200_000,
        emailVerification: 'required',
        emailCodeLogin: true,
      });
    });

    it('refuses another EMAIL_VERIFICATION', () => {
      expect(errorOf({ EMAIL_VERIFICATION: 'always' })).to.equal('EMAIL_VERIFICATION: must be optional or required');
    });

    it('refuses an EMAIL_CODE_LOGIN other than on or off', () => {
      expect(errorOf({ EMAIL_CODE_LOGIN: 'yes' })).to.equal('EMAIL_CODE_LOGIN: must be on or off');
    });
  });

  describe('BREACHED_PASSWORDS', () => {
    it('is off by default, on the public range API, any hit refused, an outage accepted, 2 s at most', () => {
      expect(loadConfig({}).breachedPasswords).to.deep.equal({
        check: false,
        url: 'https://api.pwnedpasswords.com/range',
        minCount: 1,
        onError: 'accept',
        timeoutMs: 2000,
      });
    });

    it('reads check, a mirror URL (without a trailing slash), a minimum count and refuse', () => {
      const config = loadConfig({
        BREACHED_PASSWORDS: 'check',
        BREACHED_PASSWORDS_URL: 'http://127.0.0.1:8080/range/',
        BREACHED_PASSWORD_MIN_COUNT: '10',
        BREACHED_PASSWORDS_ON_ERROR: 'refuse',
      });
      expect(config.breachedPasswords).to.deep.equal({
        check: true,
        url: 'http://127.0.0.1:8080/range',
        minCount: 10,
        onError: 'refuse',
        timeoutMs: 2000,
      });
    });

    it('refuses other values', () => {
      expect(errorOf({ BREACHED_PASSWORDS: 'on' })).to.equal('BREACHED_PASSWORDS: must be off or check');
      expect(errorOf({ BREACHED_PASSWORDS_ON_ERROR: 'warn' })).to.equal('BREACHED_PASSWORDS_ON_ERROR: must be accept or refuse');
      expect(errorOf({ BREACHED_PASSWORDS_URL: 'ftp://mirror/range' })).to.equal('BREACHED_PASSWORDS_URL: must be an http or https URL');
      expect(errorOf({ BREACHED_PASSWORD_MIN_COUNT: '0' })).to.match(/^BREACHED_PASSWORD_MIN_COUNT: /);
    });
  });

  describe('SUDO_SECONDS', () => {
    it('lasts ten minutes by default, and reads a number of seconds, 0 included', () => {
      expect(loadConfig({}).administration.sudoMs).to.equal(600_000);
      expect(loadConfig({ SUDO_SECONDS: '120' }).administration.sudoMs).to.equal(120_000);
      expect(loadConfig({ SUDO_SECONDS: '0' }).administration.sudoMs).to.equal(0);
    });

    it('refuses a value that is no whole number of seconds up to a day', () => {
      for (const value of ['-1', '1.5', 'ten', '86401']) {
        expect(errorOf({ SUDO_SECONDS: value }), value).to.equal('SUDO_SECONDS: must be a whole number from 0 to 86400');
      }
    });
  });

  describe('REQUIRE_2FA_FOR_ADMINS', () => {
    it('is off by default (blank too), and reads true as REQUIRE_2FA=admins and false as off', () => {
      const requirement = (env: Record<string, string>) => loadConfig(env).secondFactorPolicy.requirement;
      expect(requirement({})).to.equal('off');
      expect(requirement({ REQUIRE_2FA_FOR_ADMINS: '' })).to.equal('off');
      expect(requirement({ REQUIRE_2FA_FOR_ADMINS: 'true' })).to.equal('admins');
      expect(requirement({ REQUIRE_2FA_FOR_ADMINS: 'false' })).to.equal('off');
    });

    it('refuses anything but true or false, naming the variable', () => {
      for (const value of ['yes', '1', 'TRUE', 'on']) {
        expect(errorOf({ REQUIRE_2FA_FOR_ADMINS: value }), value).to.equal('REQUIRE_2FA_FOR_ADMINS: must be true or false');
      }
    });
  });

  describe('REQUIRE_2FA and REQUIRE_2FA_GRACE_DAYS', () => {
    it('reads off, admins or all, with no grace by default', () => {
      expect(loadConfig({}).secondFactorPolicy).to.deep.equal({ requirement: 'off', graceMs: 0 });
      for (const requirement of ['off', 'admins', 'all']) {
        expect(loadConfig({ REQUIRE_2FA: requirement }).secondFactorPolicy.requirement).to.equal(requirement);
      }
      expect(loadConfig({ REQUIRE_2FA: 'all', REQUIRE_2FA_GRACE_DAYS: '7' }).secondFactorPolicy).to.deep.equal({
        requirement: 'all',
        graceMs: 7 * 86_400_000,
      });
    });

    it('accepts REQUIRE_2FA_FOR_ADMINS beside it when both say the same', () => {
      expect(loadConfig({ REQUIRE_2FA: 'admins', REQUIRE_2FA_FOR_ADMINS: 'true' }).secondFactorPolicy.requirement).to.equal('admins');
      expect(loadConfig({ REQUIRE_2FA: 'off', REQUIRE_2FA_FOR_ADMINS: 'false' }).secondFactorPolicy.requirement).to.equal('off');
    });

    it('refuses both set to different answers in one line naming both', () => {
      expect(errorOf({ REQUIRE_2FA: 'all', REQUIRE_2FA_FOR_ADMINS: 'true' })).to.equal(
        'REQUIRE_2FA: "all" contradicts REQUIRE_2FA_FOR_ADMINS=true; set only REQUIRE_2FA (off, admins or all)',
      );
      expect(errorOf({ REQUIRE_2FA: 'admins', REQUIRE_2FA_FOR_ADMINS: 'false' })).to.contain('contradicts');
    });

    it('refuses other values, naming the variable', () => {
      for (const value of ['on', 'true', 'ALL', 'users']) {
        expect(errorOf({ REQUIRE_2FA: value }), value).to.equal('REQUIRE_2FA: must be off, admins or all');
      }
      for (const value of ['-1', '1.5', 'week', '366']) {
        expect(errorOf({ REQUIRE_2FA_GRACE_DAYS: value }), value).to.equal(
          'REQUIRE_2FA_GRACE_DAYS: must be a whole number from 0 to 365',
        );
      }
    });
  });

  describe('AUDIT_RETENTION_DAYS', () => {
    it('keeps security events for 365 days by default', () => {
      expect(loadConfig({}).audit).to.deep.equal({ retentionMs: 365 * 86_400_000 });
    });

    it('reads a number of days', () => {
      expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).audit).to.deep.equal({ retentionMs: 30 * 86_400_000 });
    });

    for (const value of ['0', '-1', '1.5', 'a year', '36501']) {
      it(`refuses AUDIT_RETENTION_DAYS=${value} with a message naming it`, () => {
        expect(errorOf({ AUDIT_RETENTION_DAYS: value })).to.equal('AUDIT_RETENTION_DAYS: must be a whole number from 1 to 36500');
      });
    }
  });

  describe('DATA_ENCRYPTION_KEY', () => {
    const production = { NODE_ENV: 'production', SESSION_KEYS: PRODUCTION_KEY, ...PRODUCTION_MAIL };

    it('reads keys newest first, as 64 hex characters, base64 or base64url', () => {
      const hex = 'ab'.repeat(32);
      const url = Buffer.alloc(32, 0xfb).toString('base64url');
      const keys = loadConfig({ DATA_ENCRYPTION_KEY: `${hex}, ${DATA_KEY},${url}` }).dataEncryptionKeys;
      expect(keys.map((key) => key.toString('hex'))).to.deep.equal([hex, '07'.repeat(32), 'fb'.repeat(32)]);
    });

    it('is required when NODE_ENV=production, and optional elsewhere (a development key file)', () => {
      const { DATA_ENCRYPTION_KEY: _unset, ...withoutKey } = production;
      expect(errorOf(withoutKey)).to.match(/^DATA_ENCRYPTION_KEY: required when NODE_ENV=production/);
      expect(loadConfig({}).dataEncryptionKeys).to.deep.equal([]);
    });

    it('stops the process naming the variable and the key, never its value', () => {
      for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64'), `${DATA_KEY},zz`]) {
        const message = errorOf({ DATA_ENCRYPTION_KEY: bad });
        expect(message).to.match(/^DATA_ENCRYPTION_KEY: key [12] is not 32 bytes/);
        expect(message).not.to.include(bad);
      }
    });
  });

  describe('METRICS and METRICS_TOKEN', () => {
    it('serves no metrics and asks no token by default (blank too)', () => {
      expect(loadConfig({}).metrics).to.deep.equal({ enabled: false, token: null });
      expect(loadConfig({ METRICS: '', METRICS_TOKEN: '' }).metrics).to.deep.equal({ enabled: false, token: null });
    });

    it('reads on or off, and the token', () => {
      const token = 'f'.repeat(64);
      expect(loadConfig({ METRICS: 'on', METRICS_TOKEN: token }).metrics).to.deep.equal({ enabled: true, token });
      expect(loadConfig({ METRICS: 'off' }).metrics.enabled).to.equal(false);
    });

    it('refuses anything but on or off, naming the variable', () => {
      for (const value of ['true', 'yes', '1', 'ON']) {
        expect(errorOf({ METRICS: value }), value).to.equal('METRICS: must be on or off');
      }
    });

    it('refuses a token that is short or holds a space, never repeating it', () => {
      for (const bad of ['short-token', `${'a'.repeat(20)} b`, `${'é'.repeat(20)}`]) {
        const message = errorOf({ METRICS_TOKEN: bad });
        expect(message).to.match(/^METRICS_TOKEN: must be/);
        expect(message).not.to.include(bad);
      }
    });
  });
});
