import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../src/application/auth-throttle.js';
import { ConfigError, loadConfig } from '../../src/infrastructure/config.js';

describe('TRUST_PROXY and THROTTLE_* configuration', () => {
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
    });
    expect(config.proxyHops).to.equal(1);
    expect(config.throttle).to.include({ loginFailuresPerEmail: 5, loginFailuresPerAddress: 0, signUpsPerAddress: 100 });
  });

  for (const [name, value] of [
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '-1'],
    ['THROTTLE_LOGIN_PER_EMAIL', '1.5'],
    ['THROTTLE_SIGNUP_PER_ADDRESS', 'many'],
  ] as const) {
    it(`refuses ${name}=${value} with a message naming the variable`, () => {
      expect(() => loadConfig({ [name]: value }))
        .to.throw(ConfigError)
        .with.property('message')
        .that.matches(new RegExp(`^${name}: `));
    });
  }
});
