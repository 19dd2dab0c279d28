import { expect } from 'chai';
import { REMEMBER_ROTATION_GRACE_MS } from '../../../../src/application/devices/log-in-with-remembered-device.js';
import { parseRememberCookie } from '../../../../src/application/devices/remember-cookie.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { onCountingTokens } from '../../../support/devices/counting-remember-tokens.js';
import { rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';

const DAY = 24 * 60 * 60 * 1000;

describe('LogInWithRememberedDevice', () => {
  describe('a replayed validator', () => {
    it('logs in within the grace without rotating again, and sets no cookie: the browser keeps the one its twin request set', async () => {
      const { remember, rotate, logInWith, tokens, ada, clock } = await rememberFixture();
      const cookie = await remember();
      const rotated = await rotate(cookie);
      clock.advance(REMEMBER_ROTATION_GRACE_MS);

      expect(await logInWith(cookie)).to.deep.equal({ kind: 'ok', userId: ada.id, cookie: null });
      const [stored] = await tokens.listOfUser(ada.id, clock.now());
      expect(stored?.validatorHash).to.equal(cryptoSecretTokens.hashOf(parseRememberCookie(rotated)?.validator ?? ''));
    });

    it('after the grace is theft: every session and remembered device of the user ends, and no one else\'s', async () => {
      const { remember, rotate, logInWith, ada, grace, clock, hasSession, devicesOf } = await rememberFixture();
      const stolen = await remember();
      await remember(ada.id, sessionHandle('laptop'));
      await remember(grace.id);
      await rotate(stolen);
      clock.advance(REMEMBER_ROTATION_GRACE_MS + 1);

      expect(await logInWith(stolen)).to.deep.equal({ kind: 'theft', userId: ada.id, endedSessions: 1 });
      expect(await hasSession(ada.id)).to.equal(false);
      expect(await devicesOf(ada.id)).to.equal(0);
      expect(await hasSession(grace.id)).to.equal(true);
      expect(await devicesOf(grace.id)).to.equal(1);
    });

    it('catches a thief who used the copy first: the owner\'s next use ends the thief\'s login too', async () => {
      const { remember, rotate, logInWith, ada, clock, devicesOf } = await rememberFixture();
      const owners = await remember();
      const thiefs = await rotate(owners);
      clock.advance(DAY);

      expect((await logInWith(owners)).kind).to.equal('theft');
      expect(await devicesOf(ada.id)).to.equal(0);
      expect(await logInWith(thiefs)).to.deep.equal({ kind: 'unknown' });
    });
  });

  describe('two requests of one browser at once, with the same cookie', () => {
    it('logs both in, and only the winner of the compare-and-set rotates and sets a cookie', async () => {
      const { logInWith, tokens, cookie, ada } = await onCountingTokens();
      let twin: Awaited<ReturnType<typeof logInWith>> | undefined;
      tokens.beforeNextRotation = async () => {
        twin = await logInWith(cookie, sessionHandle('twin'));
      };

      const slower = await logInWith(cookie, sessionHandle('slower'));

      expect(twin?.kind === 'ok' && twin.cookie !== null).to.equal(true);
      expect(slower).to.deep.equal({ kind: 'ok', userId: ada.id, cookie: null });
    });

    it('lets exactly one of ten concurrent requests rotate, and takes none for a thief', async () => {
      const { remember, logInWith, ada, hasSession } = await rememberFixture();
      const cookie = await remember();

      const results = await Promise.all(Array.from({ length: 10 }, () => logInWith(cookie)));

      expect(results.every((result) => result.kind === 'ok')).to.equal(true);
      expect(results.filter((result) => result.kind === 'ok' && result.cookie !== null)).to.have.length(1);
      expect(await hasSession(ada.id)).to.equal(true);
    });
  });
});
