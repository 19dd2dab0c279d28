import { expect } from 'chai';
import { describeDevice, storedAddress, storedUserAgent } from '../../../../src/web/shared/device.js';
import { english } from '../../../support/english.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

describe('describeDevice', () => {
  it('names the browser and the operating system', () => {
    expect(english(describeDevice(FIREFOX_LINUX))).to.equal('Firefox on Ubuntu');
    expect(english(describeDevice(CHROME_ANDROID))).to.equal('Chrome on Android 14');
    expect(english(describeDevice(SAFARI_MAC))).to.equal('Safari on Mac OS 10.15.7');
  });

  it('says "Unknown browser" for an empty or unrecognised header', () => {
    expect(english(describeDevice(''))).to.equal('Unknown browser');
    expect(english(describeDevice(null))).to.equal('Unknown browser');
    expect(english(describeDevice('curl/8.5.0'))).to.equal('Unknown browser');
  });
});

describe('storedUserAgent', () => {
  it('keeps at most 512 characters, and an empty string for a missing header', () => {
    expect(storedUserAgent('x'.repeat(600))).to.have.length(512);
    expect(storedUserAgent(undefined)).to.equal('');
  });
});

describe('storedAddress', () => {
  it('keeps an address whole, and at most 64 characters of anything longer', () => {
    expect(storedAddress('2001:db8::1')).to.equal('2001:db8::1');
    expect(storedAddress('x'.repeat(300))).to.have.length(64);
  });
});
