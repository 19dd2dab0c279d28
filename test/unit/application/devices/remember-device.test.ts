import { expect } from 'chai';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { TEST_REMEMBER_LIFETIME_MS } from '../../../support/remember-me.js';
import { FIREFOX, rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';
import { CLIENT_ADDRESS } from '../../../support/throttle.js';

describe('RememberDevice', () => {
  it('gives a key of a random selector and validator, and stores only the validator\'s SHA-256', async () => {
    const { services, tokens, ada, clock } = await rememberFixture();

    const result = await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('login'),
      currentKey: null,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });

    const { selector, validator } = result.key;
    expect(selector).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(validator).to.match(/^[A-Za-z0-9_-]{43}$/).and.not.equal(selector);
    const stored = await tokens.find(selector, clock.now());
    expect(stored?.validatorHash).to.equal(cryptoSecretTokens.hashOf(validator)).and.not.equal(validator);
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

  it('asks the device to keep the key for the whole lifetime (REMEMBER_ME_SECONDS)', async () => {
    const { services, ada } = await rememberFixture();
    const result = await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('login'),
      currentKey: null,
      userAgent: '',
      clientAddress: CLIENT_ADDRESS,
    });
    expect(result.lifetimeMs).to.equal(TEST_REMEMBER_LIFETIME_MS);
  });

  it('makes a token of its own for each device: no selector or handle repeats', async () => {
    const { remember, tokens, ada, clock } = await rememberFixture();
    const keys = [await remember(), await remember(), await remember()];
    const stored = await tokens.listOfUser(ada.id, clock.now());
    expect(new Set(keys.map((key) => key.selector)).size).to.equal(3);
    expect(new Set(stored.map((token) => token.handle)).size).to.equal(3);
  });

  it('replaces the token that the device\'s current key names, when it is this user\'s', async () => {
    const { remember, services, tokens, ada, clock } = await rememberFixture();
    const old = await remember();

    await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('again'),
      currentKey: old,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });

    expect(await tokens.find(old.selector, clock.now())).to.equal(null);
    expect(await tokens.listOfUser(ada.id, clock.now())).to.have.length(1);
  });

  it('leaves the token of another user that the key names alone', async () => {
    const { remember, services, tokens, ada, grace, clock } = await rememberFixture();
    const graces = await remember(grace.id);

    await services.rememberDevice.execute({
      userId: ada.id,
      sessionHandle: sessionHandle('ada'),
      currentKey: graces,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });

    expect(await tokens.find(graces.selector, clock.now())).to.not.equal(null);
  });
});
