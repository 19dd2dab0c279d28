import { expect } from 'chai';
import { checkNewPassword, passwordByteLength } from '../../../../src/domain/shared/password-policy.js';

describe('checkNewPassword', () => {
  it('refuses fewer than 8 characters, counting code points', () => {
    expect(checkNewPassword('1234567')).to.equal('password-too-short');
    // Four emoji are 8 UTF-16 units but 4 characters.
    expect(checkNewPassword('😀😀😀😀')).to.equal('password-too-short');
  });

  it('accepts 8 characters up to 72 bytes, spaces kept as typed', () => {
    expect(checkNewPassword('12345678')).to.equal(null);
    expect(checkNewPassword(' 1234567 ')).to.equal(null);
    expect(checkNewPassword('a'.repeat(72))).to.equal(null);
  });

  it('refuses more than 72 bytes of UTF-8', () => {
    expect(checkNewPassword('a'.repeat(73))).to.equal('password-too-long');
    expect(passwordByteLength('😀'.repeat(18))).to.equal(72);
    expect(checkNewPassword('😀'.repeat(18))).to.equal(null);
    expect(checkNewPassword('😀'.repeat(18) + 'a')).to.equal('password-too-long');
  });
});
