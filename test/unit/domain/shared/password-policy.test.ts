import { expect } from 'chai';
import {
  ARGON2ID_PASSWORD_LIMITS,
  BCRYPT_PASSWORD_LIMITS,
  checkNewPassword,
  isPasswordTooLong,
  passwordByteLength,
} from '../../../../src/domain/shared/password-policy.js';

const BCRYPT = BCRYPT_PASSWORD_LIMITS;
const ARGON2ID = ARGON2ID_PASSWORD_LIMITS;

/** 64 characters of CJK text (3 bytes each in UTF-8), and of emoji (4 bytes each). */
const CJK_64 = '漢字仮名交じり文'.repeat(8);
const EMOJI_64 = '😀🔐🌏🎉'.repeat(16);

describe('checkNewPassword', () => {
  it('refuses fewer than 8 characters, counting code points', () => {
    expect(checkNewPassword('1234567', BCRYPT)).to.equal('password-too-short');
    // Four emoji are 8 UTF-16 units but 4 characters.
    expect(checkNewPassword('😀😀😀😀', BCRYPT)).to.equal('password-too-short');
    expect(checkNewPassword('😀😀😀😀', ARGON2ID)).to.equal('password-too-short');
  });

  it('accepts 8 characters up to 72 bytes, spaces kept as typed', () => {
    expect(checkNewPassword('12345678', BCRYPT)).to.equal(null);
    expect(checkNewPassword(' 1234567 ', BCRYPT)).to.equal(null);
    expect(checkNewPassword('a'.repeat(72), BCRYPT)).to.equal(null);
  });

  it('refuses more than 72 bytes of UTF-8 with bcrypt', () => {
    expect(checkNewPassword('a'.repeat(73), BCRYPT)).to.equal('password-too-long');
    expect(passwordByteLength('😀'.repeat(18))).to.equal(72);
    expect(checkNewPassword('😀'.repeat(18), BCRYPT)).to.equal(null);
    expect(checkNewPassword('😀'.repeat(18) + 'a', BCRYPT)).to.equal('password-too-long');
    expect(checkNewPassword(CJK_64, BCRYPT)).to.equal('password-too-long');
  });

  it('accepts 64 characters of any script with argon2id: CJK and emoji', () => {
    expect([...CJK_64]).to.have.length(64);
    expect([...EMOJI_64]).to.have.length(64);
    expect(passwordByteLength(EMOJI_64)).to.equal(256);
    expect(checkNewPassword(CJK_64, ARGON2ID)).to.equal(null);
    expect(checkNewPassword(EMOJI_64, ARGON2ID)).to.equal(null);
    expect(checkNewPassword('😀'.repeat(256), ARGON2ID)).to.equal(null);
  });

  it('refuses more than 1024 bytes with argon2id', () => {
    expect(checkNewPassword('a'.repeat(1024), ARGON2ID)).to.equal(null);
    expect(checkNewPassword('a'.repeat(1025), ARGON2ID)).to.equal('password-too-long');
    expect(isPasswordTooLong('😀'.repeat(257), ARGON2ID)).to.equal(true);
  });

  it('checks the common list last, with either hasher', () => {
    const common = (password: string) => password === 'password1';
    expect(checkNewPassword('password1', BCRYPT, common)).to.equal('password-too-common');
    expect(checkNewPassword('password1', ARGON2ID, common)).to.equal('password-too-common');
  });
});
