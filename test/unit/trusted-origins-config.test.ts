import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/infrastructure/config.js';

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
