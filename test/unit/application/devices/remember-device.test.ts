import { expect } from 'chai';
import { parseRememberCookie } from '../../../../src/application/devices/remember-cookie.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { TEST_REMEMBER_LIFETIME_MS } from '../../../support/remember-me.js';
import { FIREFOX, rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';
import { CLIENT_ADDRESS } from '../../../support/throttle.js';

describe('RememberDevice', () => {
  it('gives a cookie of a random selector and validator, and stores only the validator\'s SHA-256', async () => {
    const { services, tokens, ada, clock } = await rememberFixture();

    const result = await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('login'),
      currentCookie: undefined,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });

    const parts = parseRememberCookie(result.cookie.value);
    expect(parts).to.not.equal(null);
    const stored = await tokens.find(parts?.selector ?? '', clock.now());
    expect(stored?.validatorHash).to.equal(cryptoSecretTokens.hashOf(parts?.validator ?? '')).and.not.equal(parts?.validator);
    expect(stored).to.include({
      userId: ada.id,
      sessionHandle: sessionHandle('login'),
      createdAt: clock.now(),
      lastUsedAt: clock.now(),
      expiresAt: clock.now() + TEST_REMEMBER_LIFETIME_MS,
      userAgent: FIREFOX,
      ip: CLIENT_ADDRESS,
      previousValidatorHash: null,
      rotatedAt: null,
    });
    expect(stored?.handle).to.match(/^[0-9a-f]{32}$/);
  });

  it('asks the browser to keep the cookie for the whole lifetime (REMEMBER_ME_SECONDS)', async () => {
    const { services, ada } = await rememberFixture();
    const result = await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('login'),
      currentCookie: undefined,
      userAgent: '',
      clientAddress: CLIENT_ADDRESS,
    });
    expect(result.cookie.maxAgeMs).to.equal(TEST_REMEMBER_LIFETIME_MS);
  });

  it('makes a token of its own for each device: no selector or handle repeats', async () => {
    const { remember, tokens, ada, clock } = await rememberFixture();
    const cookies = [await remember(), await remember(), await remember()];
    const stored = await tokens.listOfUser(ada.id, clock.now());
    expect(new Set(cookies.map((cookie) => parseRememberCookie(cookie)?.selector)).size).to.equal(3);
    expect(new Set(stored.map((token) => token.handle)).size).to.equal(3);
  });

  it('replaces the token that the device\'s current cookie names, when it is this user\'s', async () => {
    const { remember, services, tokens, ada, clock } = await rememberFixture();
    const old = await remember();

    await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('again'),
      currentCookie: old,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });

    expect(await tokens.find(parseRememberCookie(old)?.selector ?? '', clock.now())).to.equal(null);
    expect(await tokens.listOfUser(ada.id, clock.now())).to.have.length(1);
  });

  it('leaves the token of another user that the cookie names alone', async () => {
    const { remember, services, tokens, ada, grace, clock } = await rememberFixture();
    const graces = await remember(grace.id);

    await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('ada'),
      currentCookie: graces,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });

    expect(await tokens.find(parseRememberCookie(graces)?.selector ?? '', clock.now())).to.not.equal(null);
  });
});
