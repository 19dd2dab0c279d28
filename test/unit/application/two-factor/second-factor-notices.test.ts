import { expect } from 'chai';
import type { OutgoingMail, SecondFactorChange } from '../../../../src/application/mail/outgoing-mail.js';
import { totpContext } from '../../../../src/application/two-factor/totp-secret.js';
import type { InMemoryMailOutbox } from '../../../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { STEP_MS, totpCode } from '../../../support/two-factor/two-factor-client.js';
import { twoFactorFixture } from './fixture.js';
import { storedPasskey } from '../../../support/passkeys/passkeys.js';
import { testRequest } from '../../../support/audit/security-events.js';

type Fixture = Awaited<ReturnType<typeof twoFactorFixture>>;

/** The notice of this change to Ada, as the outbox holds it. */
const notice = (change: SecondFactorChange): OutgoingMail => ({ kind: 'second-factor-changed', to: 'ada@example.com', change });

/** Ada's app set up and not yet confirmed; resolves the code that confirms it now. */
async function settingUp(f: Fixture): Promise<string> {
  return codeOfSetup(f, 0);
}

/** Ada's app set up and not yet confirmed; resolves its code `steps` steps from now. */
async function codeOfSetup(f: Fixture, steps: number): Promise<string> {
  if (!(await f.totp.find(f.userId))) await f.startTotpEnrolment.execute(f.userId);
  const sealed = (await f.totp.find(f.userId))?.sealedSecret ?? '';
  return totpCode(f.box.open(sealed, totpContext(f.userId))?.plain ?? '', f.clock.now() + steps * STEP_MS);
}

/** The fixture with Ada's app on and her first recovery codes; `queuedSince()` leaves out the notice of that setup. */
async function withTotpOn() {
  const f = await twoFactorFixture();
  const confirmed = await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code: await settingUp(f) });
  if (confirmed.kind !== 'ok') throw new Error(confirmed.kind);
  f.clock.advance(STEP_MS);
  const before = f.outbox.queued.length;
  return { ...f, codes: confirmed.recoveryCodes, queuedSince: () => f.outbox.queued.slice(before) };
}

/** Makes every enqueue of `outbox` fail, as a database error inside the transaction would. */
function breakOutbox(outbox: InMemoryMailOutbox): void {
  outbox.enqueue = () => Promise.reject(new Error('outbox unavailable'));
}

/** Undoes `breakOutbox`: enqueue is the class's again. */
function mendOutbox(outbox: InMemoryMailOutbox): void {
  delete (outbox as { enqueue?: unknown }).enqueue;
}

/** The rejection of `work`, or null when it resolves. */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('the notices of changed second factors', () => {
  describe('ConfirmTotpEnrolment', () => {
    it('queues "authenticator app turned on" to the owner with the app switched on', async () => {
      const f = await twoFactorFixture();
      await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code: await settingUp(f) });
      expect(f.outbox.queued).to.deep.equal([notice({ kind: 'authenticator-on' })]);
    });

    it('queues nothing for a wrong code, with nothing set up, or with the app already on', async () => {
      const f = await twoFactorFixture();
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code: '123456' })).to.deep.equal({ kind: 'not-enrolling' });
      const wrong = await codeOfSetup(f, 10);
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code: wrong })).to.deep.equal({ kind: 'wrong-code' });
      expect(f.outbox.queued).to.deep.equal([]);
      const code = await settingUp(f);
      await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code });
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code })).to.deep.equal({ kind: 'already-on' });
      expect(f.outbox.queued).to.have.length(1);
    });

    it('switches nothing on, and queues nothing, for a user deleted meanwhile', async () => {
      const f = await twoFactorFixture();
      const code = await settingUp(f);
      await f.users.delete(f.userId);
      expect(await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code })).to.deep.equal({ kind: 'not-enrolling' });
      expect(await f.totp.find(f.userId)).to.include({ enabledAt: null });
      expect(f.outbox.queued).to.deep.equal([]);
    });

    it('leaves the app off and makes no codes when the notice cannot be queued', async () => {
      const f = await twoFactorFixture();
      const code = await settingUp(f);
      breakOutbox(f.outbox);
      expect(await failureOf(f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code }))).to.have.property('message', 'outbox unavailable');
      expect(await f.totp.find(f.userId)).to.include({ enabledAt: null });
      expect(await f.recoveryCodes.countUnused(f.userId)).to.equal(0);
    });
  });

  describe('DisableTwoFactor', () => {
    it('queues "authenticator app turned off" to the owner', async () => {
      const f = await withTotpOn();
      await f.disableTwoFactor.execute({ userId: f.userId, request: testRequest() });
      expect(f.queuedSince()).to.deep.equal([notice({ kind: 'authenticator-off', passkeysRemain: false, recoveryCodesKept: false })]);
    });

    it('says the recovery codes still work when a passkey remains for them to stand in for', async () => {
      const f = await withTotpOn();
      await f.transactions.stores.passkeys.add(storedPasskey(f.userId, 'Laptop'));
      await f.disableTwoFactor.execute({ userId: f.userId, request: testRequest() });
      expect(f.queuedSince()).to.deep.equal([notice({ kind: 'authenticator-off', passkeysRemain: true, recoveryCodesKept: true })]);
      expect(await f.recoveryCodes.countUnused(f.userId)).to.be.above(0);
    });

    it('says only the passkeys still work when no unused recovery code is left', async () => {
      const f = await withTotpOn();
      await f.recoveryCodes.deleteAllOfUser(f.userId);
      await f.transactions.stores.passkeys.add(storedPasskey(f.userId, 'Laptop'));
      expect(await f.disableTwoFactor.execute({ userId: f.userId, request: testRequest() })).to.deep.equal({ kind: 'ok', passkeysRemain: true, recoveryCodesKept: false });
      expect(f.queuedSince()).to.deep.equal([notice({ kind: 'authenticator-off', passkeysRemain: true, recoveryCodesKept: false })]);
    });

    it('queues nothing when the app was off, or only being set up', async () => {
      const f = await twoFactorFixture();
      expect(await f.disableTwoFactor.execute({ userId: f.userId, request: testRequest() })).to.deep.equal({ kind: 'off' });
      await settingUp(f);
      expect(await f.disableTwoFactor.execute({ userId: f.userId, request: testRequest() })).to.deep.equal({ kind: 'off' });
      expect(f.outbox.queued).to.deep.equal([]);
    });

    it('keeps the app on with its codes when the notice cannot be queued', async () => {
      const f = await withTotpOn();
      breakOutbox(f.outbox);
      expect(await failureOf(f.disableTwoFactor.execute({ userId: f.userId, request: testRequest() }))).to.have.property('message', 'outbox unavailable');
      expect((await f.totp.find(f.userId))?.enabledAt).to.be.a('number');
      expect(await f.recoveryCodes.countUnused(f.userId)).to.equal(10);
    });
  });

  describe('RegenerateRecoveryCodes', () => {
    it('queues "new recovery codes made" to the owner, naming no code', async () => {
      const f = await withTotpOn();
      await f.regenerateRecoveryCodes.execute({ userId: f.userId, request: testRequest() });
      expect(f.queuedSince()).to.deep.equal([notice({ kind: 'recovery-codes-renewed' })]);
    });

    it('queues nothing when the app is off', async () => {
      const f = await twoFactorFixture();
      expect(await f.regenerateRecoveryCodes.execute({ userId: f.userId, request: testRequest() })).to.deep.equal({ kind: 'off' });
      expect(f.outbox.queued).to.deep.equal([]);
    });

    it('keeps the old codes working when the notice cannot be queued', async () => {
      const f = await withTotpOn();
      breakOutbox(f.outbox);
      expect(await failureOf(f.regenerateRecoveryCodes.execute({ userId: f.userId, request: testRequest() }))).to.have.property('message', 'outbox unavailable');
      mendOutbox(f.outbox);
      const verified = await f.verifySecondFactor.execute({ pending: await f.pendingOf(f.userId), code: f.codes[0] ?? '', request: testRequest('192.0.2.1') });
      expect(verified).to.deep.equal({ kind: 'ok', via: 'recovery-code' });
    });
  });

  describe('a login with a recovery code', () => {
    const verify = async (f: Awaited<ReturnType<typeof withTotpOn>>, code: string) =>
      f.verifySecondFactor.execute({ pending: await f.pendingOf(f.userId), code, request: testRequest('192.0.2.1') });

    it('queues "a recovery code was used" to the owner with how many are left, naming no code', async () => {
      const f = await withTotpOn();
      expect(await verify(f, f.codes[0] ?? '')).to.deep.equal({ kind: 'ok', via: 'recovery-code' });
      expect(f.queuedSince()).to.deep.equal([{ kind: 'recovery-code-used', to: 'ada@example.com', codesLeft: 9 }]);
    });

    it('queues nothing for a wrong or used code, nor for an authenticator code', async () => {
      const f = await withTotpOn();
      await verify(f, f.codes[0] ?? '');
      const before = f.queuedSince().length;
      expect((await verify(f, f.codes[0] ?? '')).kind).to.equal('wrong-recovery-code');
      expect((await verify(f, 'AAAA-BBBB-CCCC-DDDD')).kind).to.equal('wrong-recovery-code');
      expect((await verify(f, '000000')).kind).to.be.oneOf(['wrong-code', 'ok']);
      expect(f.queuedSince()).to.have.length(before);
    });

    it('keeps the code unused, and the login from completing, when the notice cannot be queued', async () => {
      const f = await withTotpOn();
      breakOutbox(f.outbox);
      expect(await failureOf(verify(f, f.codes[0] ?? ''))).to.have.property('message', 'outbox unavailable');
      mendOutbox(f.outbox);
      expect(await verify(f, f.codes[0] ?? '')).to.deep.equal({ kind: 'ok', via: 'recovery-code' });
    });
  });
});
