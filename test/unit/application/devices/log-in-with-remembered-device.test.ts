import { expect } from 'chai';
import {
  LogInWithRememberedDevice,
  REMEMBER_ROTATION_GRACE_MS,
} from '../../../../src/application/devices/log-in-with-remembered-device.js';
import type { SecretTokens } from '../../../../src/application/shared/ports/secret-tokens.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { onCountingTokens } from '../../../support/devices/counting-remember-tokens.js';
import { TEST_REMEMBER_LIFETIME_MS } from '../../../support/remember-me.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { REMEMBERED_REQUEST, rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';

const DAY = 24 * 60 * 60 * 1000;

describe('LogInWithRememberedDevice', () => {
  describe('with the current validator', () => {
    it('logs the user in and rotates the validator: same selector, new validator, the old one no longer current', async () => {
      const { remember, logInWith, tokens, ada, clock } = await rememberFixture();
      const before = await remember();

      const result = await logInWith(before);

      expect(result.kind).to.equal('ok');
      if (result.kind !== 'ok' || !result.renewed) throw new Error('expected a rotated key');
      expect(result.userId).to.equal(ada.id);
      const after = result.renewed.key;
      expect(after.selector).to.equal(before.selector);
      expect(after.validator).to.not.equal(before.validator);
      const stored = await tokens.find(before.selector, clock.now());
      expect(stored?.validatorHash).to.equal(cryptoSecretTokens.hashOf(after.validator));
      expect(stored?.previousValidatorHash).to.equal(cryptoSecretTokens.hashOf(before.validator));
    });

    it('logs in again and again with each rotated key in turn', async () => {
      const { remember, rotate, clock } = await rememberFixture();
      const first = await remember();
      let key = first;
      for (let day = 0; day < 5; day += 1) {
        clock.advance(DAY);
        key = await rotate(key);
      }
      expect(key.selector).to.equal(first.selector);
    });

    it('keeps the expiry set at login: the new key lives only as long as the token has left', async () => {
      const { remember, logInWith, clock } = await rememberFixture();
      const key = await remember();
      clock.advance(10 * DAY);

      const result = await logInWith(key);

      expect(result.kind === 'ok' && result.renewed?.lifetimeMs).to.equal(TEST_REMEMBER_LIFETIME_MS - 10 * DAY);
    });

    it('binds the token to the new session, and records the browser and address of this use', async () => {
      const { remember, services, tokens, ada, clock } = await rememberFixture();
      const key = await remember();
      clock.advance(DAY);

      await services.logInWithRememberedDevice.execute({
        key,
        sessionHandle: sessionHandle('second'),
        request: { ip: '2001:db8::7', userAgent: 'curl/8.5.0' },
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
      const key = await remember();

      const useCase = new LogInWithRememberedDevice(tokens, users, endSessions, secrets, clock, new RecordedEvents());
      const result = await useCase.execute({ key, sessionHandle: sessionHandle('x'), request: REMEMBERED_REQUEST });

      expect(result.kind).to.equal('ok');
      expect(compared).to.have.length(1);
    });
  });

  describe('refusals, which the web layer treats as no cookie', () => {
    const good = 'A'.repeat(43);
    for (const [what, key] of [
      ['none (the device sent something not of the shape)', null],
      ['with an empty validator', { selector: good, validator: '' }],
      ['with a truncated selector', { selector: 'A'.repeat(42), validator: good }],
      ['with an over-long validator', { selector: good, validator: 'B'.repeat(44) }],
      ['with characters outside base64url', { selector: `${'A'.repeat(42)}+`, validator: good }],
      ['with a dot in a part', { selector: good, validator: `${'B'.repeat(42)}.` }],
    ] as const) {
      it(`refuses a key ${what} as malformed, before any look-up`, async () => {
        const { logInWith, tokens } = await onCountingTokens();
        expect(await logInWith(key)).to.deep.equal({ kind: 'malformed' });
        expect(tokens.finds).to.equal(0);
      });
    }

    it('refuses a well-formed key whose selector no token has as unknown', async () => {
      const { logInWith } = await rememberFixture();
      const made = { selector: cryptoSecretTokens.create().token, validator: cryptoSecretTokens.create().token };
      expect(await logInWith(made)).to.deep.equal({ kind: 'unknown' });
    });

    it('refuses an expired token as unknown, however good the validator', async () => {
      const { remember, logInWith, clock } = await rememberFixture();
      const key = await remember();
      clock.advance(TEST_REMEMBER_LIFETIME_MS);
      expect(await logInWith(key)).to.deep.equal({ kind: 'unknown' });
    });

    it('refuses a live selector with a validator that is neither the current nor the previous one, and ends nothing', async () => {
      const { remember, logInWith, ada, hasSession, devicesOf } = await rememberFixture();
      const key = await remember();
      const forged = { selector: key.selector, validator: cryptoSecretTokens.create().token };

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
      const key = await remember();
      await users.delete(ada.id);

      expect(await logInWith(key)).to.deep.equal({ kind: 'unknown' });
      expect(await tokens.listOfUser(ada.id, clock.now())).to.deep.equal([]);
    });

    it('refuses the token of an account locked meanwhile as unknown, and deletes the token', async () => {
      const { remember, logInWith, users, tokens, ada, clock } = await rememberFixture();
      const key = await remember();
      await users.setLocked(ada.id, true);

      expect(await logInWith(key)).to.deep.equal({ kind: 'unknown' });
      expect(await tokens.listOfUser(ada.id, clock.now())).to.deep.equal([]);
    });

    it('records a remembered login as the last login', async () => {
      const { remember, logInWith, users, ada } = await rememberFixture();
      const key = await remember();

      expect((await logInWith(key)).kind).to.equal('ok');
      expect((await users.findById(ada.id))?.lastLoginAt).to.be.instanceOf(Date);
    });
  });

  describe('the security events it records, with the request', () => {
    it('records a login as login.remembered', async () => {
      const { remember, logInWith, ada, events } = await rememberFixture();
      await logInWith(await remember());
      expect(events).to.deep.equal([{ type: 'login.remembered', userId: ada.id, request: REMEMBERED_REQUEST }]);
    });

    it('records refusals as remember.refused with their reason, naming the account only for a wrong validator', async () => {
      const { remember, logInWith, ada, events } = await rememberFixture();
      const key = await remember();
      await logInWith(null);
      await logInWith({ selector: cryptoSecretTokens.create().token, validator: key.validator });
      await logInWith({ selector: key.selector, validator: cryptoSecretTokens.create().token });
      expect(events).to.deep.equal([
        { type: 'remember.refused', reason: 'malformed', request: REMEMBERED_REQUEST },
        { type: 'remember.refused', reason: 'unknown', request: REMEMBERED_REQUEST },
        { type: 'remember.refused', userId: ada.id, reason: 'wrong-validator', request: REMEMBERED_REQUEST },
      ]);
    });

    it('records a copy used after the grace as remember.theft-detected', async () => {
      const { remember, rotate, logInWith, ada, clock, events } = await rememberFixture();
      const stolen = await remember();
      await rotate(stolen);
      clock.advance(REMEMBER_ROTATION_GRACE_MS + 1);
      await logInWith(stolen);
      expect(events.at(-1)).to.deep.equal({ type: 'remember.theft-detected', userId: ada.id, request: REMEMBERED_REQUEST });
    });
  });
});
