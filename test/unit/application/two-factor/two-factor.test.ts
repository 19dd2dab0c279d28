import { expect } from 'chai';
import { totpContext } from '../../../../src/application/two-factor/totp-secret.js';
import { AesGcmSecretBox } from '../../../../src/infrastructure/two-factor/aes-gcm-secret-box.js';
import { STEP_MS, totpCode } from '../../../support/two-factor/two-factor-client.js';
import { TEST_DATA_KEY } from '../../../support/test-container.js';
import { twoFactorFixture } from './fixture.js';
import { auditIds } from '../../../../src/infrastructure/audit/audit-ids.js';
import { testRequest } from '../../../support/audit/security-events.js';

const ADDRESS = '192.0.2.1';

/** The fixture with Ada's authenticator app on; her plain secret and recovery codes. The clock is one step on. */
async function withTotpOn(limits: Parameters<typeof twoFactorFixture>[0] = {}) {
  const f = await twoFactorFixture(limits);
  await f.startTotpEnrolment.execute(f.userId);
  const stored = await f.totp.find(f.userId);
  const secret = f.box.open(stored?.sealedSecret ?? '', totpContext(f.userId))?.plain ?? '';
  const confirmed = await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code: totpCode(secret, f.clock.now()) });
  if (confirmed.kind !== 'ok') throw new Error(confirmed.kind);
  f.clock.advance(STEP_MS);
  const verify = async (code: string) => f.verifySecondFactor.execute({ pending: await f.pendingOf(f.userId), code, request: testRequest(ADDRESS) });
  return { ...f, secret, codes: confirmed.recoveryCodes, verify, now: () => totpCode(secret, f.clock.now()) };
}

describe('two-factor use cases', () => {
  describe('GetSecondFactors', () => {
    it('says none before the setup, and none while it is not confirmed', async () => {
      const f = await twoFactorFixture();
      expect(await f.getSecondFactors.execute(1)).to.deep.equal({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
      await f.startTotpEnrolment.execute(1);
      expect((await f.getSecondFactors.execute(1)).totp).to.equal(false);
    });

    it('says the app is on, with 10 recovery codes, once confirmed', async () => {
      const f = await withTotpOn();
      expect(await f.getSecondFactors.execute(1)).to.deep.equal({ totp: true, recoveryCodesLeft: 10, passkeys: 0 });
    });
  });

  describe('StartTotpEnrolment and ConfirmTotpEnrolment', () => {
    it('seals a new secret, never stored in plain', async () => {
      const f = await twoFactorFixture();
      expect(await f.startTotpEnrolment.execute(1)).to.deep.equal({ kind: 'ok' });
      const stored = await f.totp.find(1);
      const plain = f.box.open(stored?.sealedSecret ?? '', totpContext(1))?.plain ?? '';
      expect(plain).to.match(/^[A-Z2-7]{32}$/);
      expect(stored?.sealedSecret).not.to.include(plain);
    });

    it('refuses a wrong or malformed first code, and a confirmation with nothing set up', async () => {
      const f = await twoFactorFixture();
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: 1, code: '123456' })).to.deep.equal({ kind: 'not-enrolling' });
      await f.startTotpEnrolment.execute(1);
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: 1, code: '12345' })).to.deep.equal({ kind: 'malformed' });
      const stored = await f.totp.find(1);
      const secret = f.box.open(stored?.sealedSecret ?? '', totpContext(1))?.plain ?? '';
      const wrong = totpCode(secret, f.clock.now() + 10 * STEP_MS);
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: 1, code: wrong })).to.deep.equal({ kind: 'wrong-code' });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(0);
    });

    it('switches on once; a second setup is refused while it is on', async () => {
      const f = await withTotpOn();
      expect(await f.startTotpEnrolment.execute(1)).to.deep.equal({ kind: 'already-on' });
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: 1, code: f.now() })).to.deep.equal({ kind: 'already-on' });
    });

    it('gives 10 distinct recovery codes of 16 base32 characters', async () => {
      const { codes } = await withTotpOn();
      expect(new Set(codes).size).to.equal(10);
      for (const code of codes) expect(code).to.match(/^[a-z2-7]{24}$/);
    });
  });

  describe('VerifySecondFactor', () => {
    it('accepts the code of now once, and refuses the code the setup used', async () => {
      const f = await withTotpOn();
      expect(await f.verify(totpCode(f.secret, f.clock.now() - STEP_MS))).to.deep.equal({ kind: 'replayed' });
      const code = f.now();
      expect(await f.verify(code)).to.deep.equal({ kind: 'ok', via: 'totp' });
      expect(await f.verify(code)).to.deep.equal({ kind: 'replayed' });
    });

    it('refuses malformed input unchecked and uncounted by the throttle', async () => {
      const f = await withTotpOn({ secondFactorPerUser: 1 });
      for (const typed of ['abc', '12345', '1234567', '']) expect(await f.verify(typed)).to.deep.equal({ kind: 'malformed' });
      expect(await f.verify(f.now())).to.deep.equal({ kind: 'ok', via: 'totp' });
    });

    it('throttles after 5 codes for the user, and a right code clears the count', async () => {
      const f = await withTotpOn();
      for (let i = 0; i < 4; i += 1) expect((await f.verify('000000')).kind).to.equal('wrong-code');
      expect((await f.verify(f.now())).kind).to.equal('ok');
      f.clock.advance(STEP_MS);
      for (let i = 0; i < 5; i += 1) await f.verify('000000');
      expect((await f.verify(f.now())).kind).to.equal('throttled');
    });

    it('takes each recovery code once, in any case and with dashes', async () => {
      const f = await withTotpOn();
      const [first = ''] = f.codes;
      const typed = `${first.slice(0, 8).toUpperCase()}-${first.slice(8)}`;
      expect(await f.verify(typed)).to.deep.equal({ kind: 'ok', via: 'recovery-code' });
      expect(await f.verify(first)).to.deep.equal({ kind: 'wrong-recovery-code' });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(9);
    });

    it('is unavailable to a locked or deleted user, or one whose app was turned off', async () => {
      const f = await withTotpOn();
      await f.disableTwoFactor.execute({ userId: 1, request: testRequest() });
      expect(await f.verify(f.now())).to.deep.equal({ kind: 'unavailable' });
      expect(await f.verifySecondFactor.execute({ pending: await f.pendingOf(99), code: '123456', request: testRequest(ADDRESS) })).to.deep.equal({
        kind: 'unavailable',
      });
    });

    it('re-seals a secret sealed with an older key at its next use', async () => {
      const f = await withTotpOn();
      const before = (await f.totp.find(1))?.sealedSecret ?? '';
      // The key rotated: a new key first, the old one still opens.
      const newKey = Buffer.alloc(32, 9);
      const rotated = new AesGcmSecretBox([newKey, TEST_DATA_KEY]);
      const verify = f.verifyWithBox(rotated);
      expect((await verify.execute({ pending: await f.pendingOf(1), code: f.now(), request: testRequest(ADDRESS) })).kind).to.equal('ok');
      const after = (await f.totp.find(1))?.sealedSecret ?? '';
      expect(after).not.to.equal(before);
      expect(new AesGcmSecretBox([newKey]).open(after, totpContext(1))?.plain).to.equal(f.secret);
    });
  });

  describe('RegenerateRecoveryCodes and DisableTwoFactor', () => {
    it('replaces every recovery code: the old ones stop working', async () => {
      const f = await withTotpOn();
      const result = await f.regenerateRecoveryCodes.execute({ userId: 1, request: testRequest() });
      if (result.kind !== 'ok') throw new Error(result.kind);
      expect(result.recoveryCodes).to.have.length(10);
      expect((await f.verify(f.codes[0] ?? '')).kind).to.equal('wrong-recovery-code');
      expect((await f.verify(result.recoveryCodes[0] ?? '')).kind).to.equal('ok');
    });

    it('makes no codes for a user whose app is off', async () => {
      const f = await twoFactorFixture();
      expect(await f.regenerateRecoveryCodes.execute({ userId: 1, request: testRequest() })).to.deep.equal({ kind: 'off' });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(0);
    });

    it('turns the app off with its codes, and says when it was off', async () => {
      const f = await withTotpOn();
      expect(await f.disableTwoFactor.execute({ userId: 1, request: testRequest() })).to.deep.equal({ kind: 'ok', passkeysRemain: false, recoveryCodesKept: false });
      expect(await f.totp.find(1)).to.equal(null);
      expect(await f.recoveryCodes.countUnused(1)).to.equal(0);
      expect(await f.disableTwoFactor.execute({ userId: 1, request: testRequest() })).to.deep.equal({ kind: 'off' });
    });
  });

  describe('their security events, on the user\'s activity', () => {
    /** The types of the user's activity, oldest first, and the fields of the newest. */
    const activity = async (f: Awaited<ReturnType<typeof twoFactorFixture>>) => {
      const rows = await f.container.get(auditIds.auditEvents).listOfUser(f.userId, { before: null, limit: 50 });
      return [...rows].reverse();
    };
    const typesOf = async (f: Awaited<ReturnType<typeof twoFactorFixture>>) => (await activity(f)).map((row) => row.type);

    it('records two-factor.enabled once the app is on, with the request', async () => {
      const f = await withTotpOn();
      const rows = await activity(f);
      expect(rows.map(({ type, ip, requestId }) => ({ type, ip, requestId }))).to.deep.equal([
        { type: 'two-factor.enabled', ip: ADDRESS, requestId: 'test-request' },
      ]);
    });

    it('records nothing for a refused first code', async () => {
      const f = await twoFactorFixture();
      await f.startTotpEnrolment.execute(1);
      await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: 1, code: '12345' });
      expect(await typesOf(f)).to.deep.equal([]);
    });

    it('records login.succeeded with method totp for a right code, and two-factor.failed with the reason for a wrong one', async () => {
      const f = await withTotpOn();
      await f.verify('000000');
      await f.verify(f.now());
      expect(await typesOf(f)).to.deep.equal(['two-factor.enabled', 'two-factor.failed', 'login.succeeded']);
    });

    it('records recovery-code-used, then login.succeeded, for a recovery code', async () => {
      const f = await withTotpOn();
      await f.verify(f.codes[0] ?? '');
      expect(await typesOf(f)).to.deep.equal(['two-factor.enabled', 'two-factor.recovery-code-used', 'login.succeeded']);
    });

    it('records nothing for a malformed code or a pending login that is over', async () => {
      const f = await withTotpOn();
      await f.verify('abc');
      const pending = await f.pendingOf(f.userId);
      f.clock.advance(5 * 60 * 1000);
      expect((await f.verifySecondFactor.execute({ pending, code: f.now(), request: testRequest(ADDRESS) })).kind).to.equal('expired');
      expect(await typesOf(f)).to.deep.equal(['two-factor.enabled']);
    });

    it('records a regeneration and a turning off, and nothing when there was nothing to do', async () => {
      const f = await withTotpOn();
      await f.regenerateRecoveryCodes.execute({ userId: 1, request: testRequest() });
      await f.disableTwoFactor.execute({ userId: 1, request: testRequest() });
      await f.disableTwoFactor.execute({ userId: 1, request: testRequest() });
      await f.regenerateRecoveryCodes.execute({ userId: 1, request: testRequest() });
      expect(await typesOf(f)).to.deep.equal(['two-factor.enabled', 'two-factor.recovery-codes-regenerated', 'two-factor.disabled']);
    });
  });

  describe('RekeyTotpSecrets', () => {
    it('re-seals every secret with the newest key, and names the ones no key opens', async () => {
      const f = await withTotpOn();
      await f.totp.savePending(2, new AesGcmSecretBox([Buffer.alloc(32, 3)]).seal('LOST', totpContext(2)));
      const newKey = Buffer.alloc(32, 9);
      const rekey = f.rekeyWithBox(new AesGcmSecretBox([newKey, TEST_DATA_KEY]));
      expect(await rekey.execute()).to.deep.equal({ resealed: 1, current: 0, unreadable: [2] });
      expect(new AesGcmSecretBox([newKey]).open((await f.totp.find(1))?.sealedSecret ?? '', totpContext(1))?.plain).to.equal(f.secret);
      expect(await rekey.execute()).to.deep.equal({ resealed: 0, current: 1, unreadable: [2] });
    });
  });
});
