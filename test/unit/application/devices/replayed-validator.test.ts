import { expect } from 'chai';
import { REMEMBER_ROTATION_GRACE_MS } from '../../../../src/application/devices/log-in-with-remembered-device.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { onCountingTokens } from '../../../support/devices/counting-remember-tokens.js';
import { rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';

const DAY = 24 * 60 * 60 * 1000;

describe('LogInWithRememberedDevice', () => {
  describe('a replayed validator', () => {
    it('logs in within the grace without rotating again, and gives no key: the device keeps the one its twin request got', async () => {
      const { remember, rotate, logInWith, tokens, ada, clock } = await rememberFixture();
      const key = await remember();
      const rotated = await rotate(key);
      clock.advance(REMEMBER_ROTATION_GRACE_MS);

      expect(await logInWith(key)).to.deep.equal({ kind: 'ok', userId: ada.id, renewed: null });
      const [stored] = await tokens.listOfUser(ada.id, clock.now());
      expect(stored?.validatorHash).to.equal(cryptoSecretTokens.hashOf(rotated.validator));
    });

    it('logs in within the grace once: later requests with it in the grace are refused like a wrong one, ending nothing', async () => {
      const { remember, rotate, logInWith, ada, clock, hasSession, devicesOf } = await rememberFixture();
      const key = await remember();
      await rotate(key);

      const results = [];
      for (let n = 0; n < 3; n++) {
        clock.advance(REMEMBER_ROTATION_GRACE_MS / 4);
        results.push(await logInWith(key));
      }

      expect(results).to.deep.equal([
        { kind: 'ok', userId: ada.id, renewed: null },
        { kind: 'wrong-validator', userId: ada.id },
        { kind: 'wrong-validator', userId: ada.id },
      ]);
      expect(await hasSession(ada.id)).to.equal(true);
      expect(await devicesOf(ada.id)).to.equal(1);
    });

    it('takes the replaced validator for a copy after the grace, also once its grace use is spent', async () => {
      const { remember, rotate, logInWith, ada, clock } = await rememberFixture();
      const key = await remember();
      await rotate(key);
      await logInWith(key);
      clock.advance(REMEMBER_ROTATION_GRACE_MS + 1);

      expect(await logInWith(key)).to.deep.equal({ kind: 'theft', userId: ada.id, endedSessions: 1 });
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

  describe('two requests of one browser at once, with the same key', () => {
    it('logs both in, and only the winner of the compare-and-set rotates and gives a key', async () => {
      const { logInWith, tokens, key, ada } = await onCountingTokens();
      let twin: Awaited<ReturnType<typeof logInWith>> | undefined;
      tokens.beforeNextRotation = async () => {
        twin = await logInWith(key, sessionHandle('twin'));
      };

      const slower = await logInWith(key, sessionHandle('slower'));

      expect(twin?.kind === 'ok' && twin.renewed !== null).to.equal(true);
      expect(slower).to.deep.equal({ kind: 'ok', userId: ada.id, renewed: null });
    });

    it('of ten concurrent requests, lets one rotate and one more in on the grace, refuses the rest, and takes none for a thief', async () => {
      const { remember, logInWith, ada, hasSession, devicesOf } = await rememberFixture();
      const key = await remember();

      const results = await Promise.all(Array.from({ length: 10 }, () => logInWith(key)));

      expect(results.filter((result) => result.kind === 'ok' && result.renewed !== null)).to.have.length(1);
      expect(results.filter((result) => result.kind === 'ok' && result.renewed === null)).to.have.length(1);
      expect(results.filter((result) => result.kind === 'wrong-validator')).to.have.length(8);
      expect(await hasSession(ada.id)).to.equal(true);
      expect(await devicesOf(ada.id)).to.equal(1);
    });
  });
});
