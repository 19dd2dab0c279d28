import { createHash, createHmac } from 'node:crypto';
import { expect } from 'chai';
import { accountsIds } from '../../../../src/infrastructure/accounts/accounts-ids.js';
import { keyedLoginCodes } from '../../../../src/infrastructure/accounts/keyed-login-codes.js';
import { testConfig, testContainer } from '../../../support/test-container.js';

const KEY = 'a-session-signing-key-of-the-server-0123456789';

/** Every code from 00000000 to 00009999: a slice of the 10^8 an attacker would try. */
const SLICE = Array.from({ length: 10_000 }, (_, n) => n.toString().padStart(8, '0'));

describe('keyedLoginCodes', () => {
  it('makes 8-digit codes, and hashes a code differently for each user', () => {
    const secrets = keyedLoginCodes(KEY);
    const codes = Array.from({ length: 200 }, () => secrets.create());
    for (const code of codes) expect(code).to.match(/^[0-9]{8}$/);
    expect(new Set(codes).size).to.be.greaterThan(190);
    expect(secrets.hashOf(1, '12345678')).not.to.equal(secrets.hashOf(2, '12345678'));
    expect(secrets.hashOf(1, '12345678')).to.match(/^[0-9a-f]{64}$/);
  });

  it('hashes alike under the same key, so every process of the server finds the code another one stored', () => {
    expect(keyedLoginCodes(KEY).hashOf(7, '00004711')).to.equal(keyedLoginCodes(KEY).hashOf(7, '00004711'));
  });

  it('stores a hash that cannot be recomputed without the key: trying every code finds it only with the key', () => {
    const stored = keyedLoginCodes(KEY).hashOf(42, '00004711');
    const found = (hashOf: (code: string) => string) => SLICE.filter((code) => hashOf(code) === stored);
    const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

    expect(found((code) => keyedLoginCodes(KEY).hashOf(42, code))).to.deep.equal(['00004711']);
    // A table stolen without the key: unkeyed hashes of every shape, another key, an empty one, the key used directly.
    expect(found((code) => sha256(`login-code:42:${code}`))).to.deep.equal([]);
    expect(found((code) => sha256(`42:${code}`))).to.deep.equal([]);
    expect(found((code) => sha256(code))).to.deep.equal([]);
    expect(found((code) => keyedLoginCodes(`${KEY}-other`).hashOf(42, code))).to.deep.equal([]);
    expect(found((code) => keyedLoginCodes('').hashOf(42, code))).to.deep.equal([]);
    expect(found((code) => createHmac('sha256', KEY).update(`42:${code}`).digest('hex'))).to.deep.equal([]);
  });

  it('is keyed, as the app wires it, by the newest session signing key', () => {
    const config = testConfig((base) => ({ ...base, session: { keys: ['newest-key', 'older-key'], generatedKeys: false } }));
    const wired = testContainer({ config }).get(accountsIds.loginCodeSecrets);
    expect(wired.hashOf(42, '00004711')).to.equal(keyedLoginCodes('newest-key').hashOf(42, '00004711'));
    expect(wired.hashOf(42, '00004711')).not.to.equal(keyedLoginCodes('older-key').hashOf(42, '00004711'));
  });
});
