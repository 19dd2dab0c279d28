import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../src/infrastructure/config.js';

describe('session, Redis and worker configuration', () => {
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

describe('SESSION_COOKIE_SECURE', () => {
  const keys = { SESSION_KEYS: 'k'.repeat(16) + 'x'.repeat(16) };

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
