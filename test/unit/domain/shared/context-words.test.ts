import { expect } from 'chai';
import { containsContextWord, contextWords } from '../../../../src/domain/shared/context-words.js';
import { BCRYPT_PASSWORD_LIMITS, checkNewPassword } from '../../../../src/domain/shared/password-policy.js';

describe('contextWords', () => {
  it('lists the product, the host and its labels, the address, its local part and its pieces, its domain labels and the phone', () => {
    const words = contextWords({ host: 'auth.acme-corp.com', email: 'ada.lovelace+gh@analytical.org', phone: '+44 20 7946 0000' });
    expect(words).to.have.members([
      'gatehouse',
      'auth.acme-corp.com',
      'auth',
      'acme-corp',
      'ada.lovelace+gh@analytical.org',
      'ada.lovelace+gh',
      'lovelace',
      'analytical.org',
      'analytical',
      '442079460000',
      '7946',
      '0000',
    ]);
  });

  it('leaves out parts under 4 characters and the top-level labels, and is the product alone without an account', () => {
    const words = contextWords({ host: 'www.io.test', email: 'bob@ab.com', phone: '12 34' });
    expect(words).to.deep.equal(['gatehouse', 'www.io.test', 'bob@ab.com', 'ab.com', '1234']);
    expect(contextWords({ host: null, email: null, phone: null })).to.deep.equal(['gatehouse']);
  });
});

describe('containsContextWord', () => {
  it('finds a word anywhere in the password, whatever its letter case', () => {
    const words = contextWords({ host: null, email: 'grace@navy.mil', phone: null });
    expect(containsContextWord('my-GRACE-1906', words)).to.equal(true);
    expect(containsContextWord('GateHouse!2026', words)).to.equal(true);
    expect(containsContextWord('cobol compiler', words)).to.equal(false);
  });
});

describe('checkNewPassword with context words', () => {
  it('refuses a password holding one, after the length and common-password rules', () => {
    const words = contextWords({ host: null, email: 'grace@navy.mil', phone: null });
    expect(checkNewPassword('graceful-compiler', BCRYPT_PASSWORD_LIMITS, () => false, words)).to.equal('password-context-word');
    expect(checkNewPassword('grace', BCRYPT_PASSWORD_LIMITS, () => false, words)).to.equal('password-too-short');
    expect(checkNewPassword('graceful', BCRYPT_PASSWORD_LIMITS, () => true, words)).to.equal('password-too-common');
    expect(checkNewPassword('cobol compiler', BCRYPT_PASSWORD_LIMITS, () => false, words)).to.equal(null);
  });
});
