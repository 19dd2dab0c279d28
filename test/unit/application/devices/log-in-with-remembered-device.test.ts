import { expect } from 'chai';
import {
  LogInWithRememberedDevice,
  REMEMBER_ROTATION_GRACE_MS,
} from '../../../../src/application/devices/log-in-with-remembered-device.js';
import type { SecretTokens } from '../../../../src/application/shared/ports/secret-tokens.js';
import { parseRememberCookie } from '../../../../src/application/devices/remember-cookie.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { onCountingTokens } from '../../../support/devices/counting-remember-tokens.js';
import { TEST_REMEMBER_LIFETIME_MS } from '../../../support/remember-me.js';
import { rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';

const DAY = 24 * 60 * 60 * 1000;

describe('LogInWithRememberedDevice', () => {
  describe('with the current validator', () => {
    it('logs the user in and rotates the validator: same selector, new validator, the old one no longer current', async () => {
      const { remember, logInWith, tokens, ada, clock } = await rememberFixture();
      const cookie = await remember();

      const result = await logInWith(cookie);

      expect(result.kind).to.equal('ok');
      if (result.kind !== 'ok' || !result.cookie) throw new Error('expected a rotated cookie');
      expect(result.userId).to.equal(ada.id);
      const [before, after] = [parseRememberCookie(cookie), parseRememberCookie(result.cookie.value)];
      expect(after?.selector).to.equal(before?.selector);
      expect(after?.validator).to.not.equal(before?.validator);
      const stored = await tokens.find(before?.selector ?? '', clock.now());
      expect(stored?.validatorHash).to.equal(cryptoSecretTokens.hashOf(after?.validator ?? ''));
      expect(stored?.previousValidatorHash).to.equal(cryptoSecretTokens.hashOf(before?.validator ?? ''));
    });

    it('logs in again and again with each rotated cookie in turn', async () => {
      const { remember, rotate, clock } = await rememberFixture();
      let cookie = await remember();
      for (let day = 0; day < 5; day += 1) {
        clock.advance(DAY);
        cookie = await rotate(cookie);
      }
      expect(parseRememberCookie(cookie)).to.not.equal(null);
    });

    it('keeps the expiry set at login: the new cookie lives only as long as the token has left', async () => {
      const { remember, logInWith, clock } = await rememberFixture();
      const cookie = await remember();
      clock.advance(10 * DAY);

      const result = await logInWith(cookie);

      expect(result.kind === 'ok' && result.cookie?.maxAgeMs).to.equal(TEST_REMEMBER_LIFETIME_MS - 10 * DAY);
    });

    it('binds the token to the new session, and records the browser and address of this use', async () => {
      const { remember, services, tokens, ada, clock } = await rememberFixture();
      const cookie = await remember();
      clock.advance(DAY);

      await services.logInWithRememberedDevice.execute({
        cookie,
        sessionHandle: sessionHandle('second'),
        userAgent: 'curl/8.5.0',
        clientAddress: '2001:db8::7',
      });

      const [stored] = await tokens.listOfUser(ada.id, clock.now());
      expect(stored).to.include({
        sessionHandle: sessionHandle('second'),
        userAgent: 'curl/8.5.0',
        ip: '2001:db8::7',
        lastUsedAt: clock.now(),
        rotatedAt: clock.now(),
      });
    });

    it('compares the validator through SecretTokens.sameHash, in constant time', async () => {
      const { users, endSessions, clock, remember, tokens } = await rememberFixture();
      const compared: string[][] = [];
      const secrets: SecretTokens = {
        ...cryptoSecretTokens,
        sameHash: (a, b) => {
          compared.push([a, b]);
          return cryptoSecretTokens.sameHash(a, b);
        },
      };
      const cookie = await remember();

      const useCase = new LogInWithRememberedDevice(tokens, users, endSessions, secrets, clock);
      const result = await useCase.execute({ cookie, sessionHandle: sessionHandle('x'), userAgent: '', clientAddress: '' });

      expect(result.kind).to.equal('ok');
      expect(compared).to.have.length(1);
    });
  });

  describe('refusals, which the web layer treats as no cookie', () => {
    for (const [what, value] of [
      ['empty', ''],
      ['without its validator', 'A'.repeat(43)],
      ['truncated', `${'A'.repeat(43)}.${'B'.repeat(42)}`],
      ['over-long', `${'A'.repeat(43)}.${'B'.repeat(44)}`],
      ['with a third part', `${'A'.repeat(43)}.${'B'.repeat(43)}.C`],
      ['with characters outside base64url', `${'A'.repeat(42)}+.${'B'.repeat(43)}`],
      ['of 10,000 characters', 'A'.repeat(10_000)],
    ] as const) {
      it(`refuses a cookie ${what} as malformed, before any look-up`, async () => {
        const { logInWith, tokens } = await onCountingTokens();
        expect(await logInWith(value)).to.deep.equal({ kind: 'malformed' });
        expect(tokens.finds).to.equal(0);
      });
    }

    it('refuses a well-formed cookie whose selector no token has as unknown', async () => {
      const { logInWith } = await rememberFixture();
      const made = `${cryptoSecretTokens.create().token}.${cryptoSecretTokens.create().token}`;
      expect(await logInWith(made)).to.deep.equal({ kind: 'unknown' });
    });

    it('refuses an expired token as unknown, however good the validator', async () => {
      const { remember, logInWith, clock } = await rememberFixture();
      const cookie = await remember();
      clock.advance(TEST_REMEMBER_LIFETIME_MS);
      expect(await logInWith(cookie)).to.deep.equal({ kind: 'unknown' });
    });

    it('refuses a live selector with a validator that is neither the current nor the previous one, and ends nothing', async () => {
      const { remember, logInWith, ada, hasSession, devicesOf } = await rememberFixture();
      const cookie = await remember();
      const forged = `${parseRememberCookie(cookie)?.selector}.${cryptoSecretTokens.create().token}`;

      expect(await logInWith(forged)).to.deep.equal({ kind: 'wrong-validator', userId: ada.id });
      expect(await hasSession(ada.id)).to.equal(true);
      expect(await devicesOf(ada.id)).to.equal(1);
    });

    it('refuses a validator two rotations old as wrong, not as theft: only the previous hash is kept', async () => {
      const { remember, rotate, logInWith, clock, ada, hasSession } = await rememberFixture();
      const first = await remember();
      const second = await rotate(first);
      await rotate(second);
      clock.advance(REMEMBER_ROTATION_GRACE_MS + 1);

      expect(await logInWith(first)).to.deep.equal({ kind: 'wrong-validator', userId: ada.id });
      expect(await hasSession(ada.id)).to.equal(true);
    });

    it('refuses the token of an account deleted meanwhile as unknown, and deletes the token', async () => {
      const { remember, logInWith, users, tokens, ada, clock } = await rememberFixture();
      const cookie = await remember();
      await users.delete(ada.id);

      expect(await logInWith(cookie)).to.deep.equal({ kind: 'unknown' });
      expect(await tokens.listOfUser(ada.id, clock.now())).to.deep.equal([]);
    });

    it('refuses the token of an account locked meanwhile as unknown, and deletes the token', async () => {
      const { remember, logInWith, users, tokens, ada, clock } = await rememberFixture();
      const cookie = await remember();
      await users.setLocked(ada.id, true);

      expect(await logInWith(cookie)).to.deep.equal({ kind: 'unknown' });
      expect(await tokens.listOfUser(ada.id, clock.now())).to.deep.equal([]);
    });

    it('records a remembered login as the last login', async () => {
      const { remember, logInWith, users, ada } = await rememberFixture();
      const cookie = await remember();

      expect((await logInWith(cookie)).kind).to.equal('ok');
      expect((await users.findById(ada.id))?.lastLoginAt).to.be.instanceOf(Date);
    });
  });
});
