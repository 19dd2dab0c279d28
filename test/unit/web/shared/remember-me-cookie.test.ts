import { expect } from 'chai';
import { parseRememberCookie, rememberCookieValue } from '../../../../src/web/shared/remember-me-cookie.js';

const SELECTOR = 'A'.repeat(43);
const VALIDATOR = 'b_-9'.repeat(10) + 'xyz';

describe('the remember-me cookie value', () => {
  it('is the selector, a dot and the validator, and parses back to the same key', () => {
    const value = rememberCookieValue({ selector: SELECTOR, validator: VALIDATOR });
    expect(value).to.equal(`${SELECTOR}.${VALIDATOR}`);
    expect(parseRememberCookie(value)).to.deep.equal({ selector: SELECTOR, validator: VALIDATOR });
  });

  for (const [what, value] of [
    ['empty', ''],
    ['without its validator', SELECTOR],
    ['truncated', `${SELECTOR}.${'B'.repeat(42)}`],
    ['over-long', `${SELECTOR}.${'B'.repeat(44)}`],
    ['with a third part', `${SELECTOR}.${'B'.repeat(43)}.C`],
    ['with the dot elsewhere, at the right length', `${'A'.repeat(42)}.${'B'.repeat(44)}`],
    ['with characters outside base64url', `${'A'.repeat(42)}+.${'B'.repeat(43)}`],
    ['of 10,000 characters', 'A'.repeat(10_000)],
  ] as const) {
    it(`reads no key from a value ${what}`, () => {
      expect(parseRememberCookie(value)).to.equal(null);
    });
  }

  it('reads no key from what is not a string', () => {
    for (const value of [undefined, null, 87, ['a']]) expect(parseRememberCookie(value)).to.equal(null);
  });
});
