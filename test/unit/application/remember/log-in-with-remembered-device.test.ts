import { expect } from 'chai';
import {
  LogInWithRememberedDevice,
  REMEMBER_ROTATION_GRACE_MS,
} from '../../../../src/application/log-in-with-remembered-device.js';
import type { RememberRotation } from '../../../../src/application/ports/remember-tokens.js';
import type { SecretTokens } from '../../../../src/application/ports/secret-tokens.js';
import { parseRememberCookie } from '../../../../src/application/remember-cookie.js';
import { InMemoryRememberTokens } from '../../../../src/infrastructure/persistence/in-memory-remember-tokens.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/security/crypto-secret-tokens.js';
import { TEST_REMEMBER_LIFETIME_MS } from '../../../support/remember-me.js';
import { FIREFOX, rememberFixture, sessionHandle } from '../../../support/remember-fixture.js';

const DAY = 24 * 60 * 60 * 1000;

/** Counts look-ups, so a test can tell that a malformed cookie was never looked up. */
class CountingTokens extends InMemoryRememberTokens {
  finds = 0;
  /** Runs once, just before the next rotation: a twin request that rotates first. */
  beforeNextRotation: (() => Promise<unknown>) | null = null;

  override async find(selector: string, now: number) {
    this.finds += 1;
    return super.find(selector, now);
  }

  override async rotate(selector: string, from: string, rotation: RememberRotation, now: number) {
    const twin = this.beforeNextRotation;
    this.beforeNextRotation = null;
    if (twin) await twin();
    return super.rotate(selector, from, rotation, now);
  }
}

/** The fixture on counting tokens, with its own LogInWithRememberedDevice. */
async function onCountingTokens() {
  const fixture = await rememberFixture();
  const tokens = new CountingTokens();
  const { users, endSessions, clock } = fixture;
  const useCase = new LogInWithRememberedDevice(tokens, users, endSessions, cryptoSecretTokens, clock);
  const now = clock.now();
  const validator = cryptoSecretTokens.create();
  const selector = cryptoSecretTokens.create().token;
  await tokens.issue({
    handle: 'f'.repeat(32),
    selector,
    validatorHash: validator.hash,
    userId: fixture.ada.id,
    sessionHandle: sessionHandle('login'),
    createdAt: now,
    expiresAt: now + TEST_REMEMBER_LIFETIME_MS,
    userAgent: FIREFOX,
    ip: '192.0.2.1',
  });
  const logInWith = (cookie: string, handle = sessionHandle('remembered')) =>
    useCase.execute({ cookie, sessionHandle: handle, userAgent: FIREFOX, clientAddress: '192.0.2.1' });
  return { ...fixture, tokens, useCase, logInWith, cookie: `${selector}.${validator.token}`, selector };
}

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
  });

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
