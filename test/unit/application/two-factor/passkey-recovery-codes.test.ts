import { expect } from 'chai';
import type { Passkeys } from '../../../../src/application/passkeys/ports/passkeys.js';
import { totpContext } from '../../../../src/application/two-factor/totp-secret.js';
import type { UserId } from '../../../../src/domain/shared/user.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryRecoveryCodes } from '../../../../src/infrastructure/two-factor/in-memory-recovery-codes.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { passkeysIds } from '../../../../src/infrastructure/passkeys/passkeys-ids.js';
import { twoFactorIds } from '../../../../src/infrastructure/two-factor/two-factor-ids.js';
import { memoryTransactions, testContainer } from '../../../support/test-container.js';
import { STEP_MS, totpCode } from '../../../support/two-factor/two-factor-client.js';
import { twoFactorFixture } from './fixture.js';
import { storedPasskey } from '../../../support/passkeys/passkeys.js';

const ADDRESS = '192.0.2.1';

/** Stores a passkey of `userId` straight in the store, as a finished registration does; resolves its id. */
async function addPasskey(passkeys: Passkeys, userId: UserId, name = 'Laptop'): Promise<number> {
  const added = await passkeys.add(storedPasskey(userId, `${userId}-${name}`));
  if (!added) throw new Error('passkey not stored');
  return added.id;
}

/** The fixture with Ada (user 1) holding one passkey, no authenticator app, and her first recovery codes made. */
async function passkeyOnly(limits: Parameters<typeof twoFactorFixture>[0] = {}) {
  const f = await twoFactorFixture(limits);
  const { passkeys } = f.transactions.stores;
  const passkeyId = await addPasskey(passkeys, f.userId);
  const made = await f.regenerateRecoveryCodes.execute({ userId: f.userId, request: testRequest() });
  if (made.kind !== 'ok') throw new Error(made.kind);
  const verify = async (code: string) => f.verifySecondFactor.execute({ pending: await f.pendingOf(f.userId), code, request: testRequest(ADDRESS) });
  const deletePasskey = f.container.get(passkeysIds.delete);
  const remove = (id: number) => deletePasskey.execute({ userId: f.userId, passkeyId: id, request: testRequest(), passwordConfirmed: true });
  return { ...f, passkeys, passkeyId, codes: made.recoveryCodes, verify, remove };
}

/** Turns the authenticator app on for `f`'s user; resolves the recovery codes its confirmation showed. */
async function turnAppOn(f: Awaited<ReturnType<typeof twoFactorFixture>>): Promise<readonly string[]> {
  await f.startTotpEnrolment.execute(f.userId);
  const stored = await f.totp.find(f.userId);
  const secret = f.box.open(stored?.sealedSecret ?? '', totpContext(f.userId))?.plain ?? '';
  const confirmed = await f.confirmTotpEnrolment.execute({ request: testRequest(), userId: f.userId, code: totpCode(secret, f.clock.now()) });
  if (confirmed.kind !== 'ok') throw new Error(confirmed.kind);
  f.clock.advance(STEP_MS);
  return confirmed.recoveryCodes;
}

/** A recovery-code store whose deletes fail, as a database error inside the transaction would. */
class FailingDeletes extends InMemoryRecoveryCodes {
  override async deleteAllOfUser(): Promise<number> {
    throw new Error('database unavailable');
  }
}

describe('recovery codes of a user whose second factor is a passkey', () => {
  describe('RegenerateRecoveryCodes', () => {
    it('makes a first set of 10 for a passkey-only user', async () => {
      const f = await passkeyOnly();
      expect(f.codes).to.have.length(10);
      expect(await f.recoveryCodes.countUnused(1)).to.equal(10);
      expect((await f.getSecondFactors.execute(1)).recoveryCodesLeft).to.equal(10);
    });

    it('still makes none for a user with no second factor', async () => {
      const f = await twoFactorFixture();
      expect(await f.regenerateRecoveryCodes.execute({ userId: 1, request: testRequest() })).to.deep.equal({ kind: 'off' });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(0);
    });
  });

  describe('VerifySecondFactor', () => {
    it('takes each recovery code of a passkey-only user once', async () => {
      const f = await passkeyOnly();
      const [first = ''] = f.codes;
      expect(await f.verify(first)).to.deep.equal({ kind: 'ok', via: 'recovery-code' });
      expect(await f.verify(first)).to.deep.equal({ kind: 'wrong-recovery-code' });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(9);
    });

    it('answers six digits from a passkey-only user with `no-app`, counted as every code is', async () => {
      const f = await passkeyOnly({ secondFactorPerUser: 2 });
      expect(await f.verify('123456')).to.deep.equal({ kind: 'no-app' });
      expect(await f.verify('123456')).to.deep.equal({ kind: 'no-app' });
      expect((await f.verify(f.codes[0] ?? '')).kind).to.equal('throttled');
    });

    it('is unavailable to a user with codes left but no second factor', async () => {
      const f = await passkeyOnly();
      await f.transactions.stores.passkeys.delete(1, f.passkeyId);
      expect(await f.verify(f.codes[0] ?? '')).to.deep.equal({ kind: 'unavailable' });
    });
  });

  describe('DisableTwoFactor', () => {
    it('keeps the recovery codes when a passkey remains, and says so', async () => {
      const f = await passkeyOnly();
      const codes = await turnAppOn(f);
      expect(await f.disableTwoFactor.execute({ userId: 1, request: testRequest() })).to.deep.equal({ kind: 'ok', passkeysRemain: true, recoveryCodesKept: true });
      expect(await f.totp.find(1)).to.equal(null);
      expect(await f.recoveryCodes.countUnused(1)).to.equal(10);
      expect(await f.verify(codes[0] ?? '')).to.deep.equal({ kind: 'ok', via: 'recovery-code' });
    });

    it('deletes them when no second factor remains', async () => {
      const f = await twoFactorFixture();
      await turnAppOn(f);
      expect(await f.disableTwoFactor.execute({ userId: 1, request: testRequest() })).to.deep.equal({ kind: 'ok', passkeysRemain: false, recoveryCodesKept: false });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(0);
    });
  });

  describe('ConfirmTotpEnrolment', () => {
    it('replaces the codes a passkey-only user made with a fresh set', async () => {
      const f = await passkeyOnly();
      const fresh = await turnAppOn(f);
      expect(fresh).to.have.length(10);
      expect(fresh).not.to.include(f.codes[0]);
      expect(await f.recoveryCodes.countUnused(1)).to.equal(10);
      expect(await f.verify(f.codes[0] ?? '')).to.deep.equal({ kind: 'wrong-recovery-code' });
      expect(await f.verify(fresh[0] ?? '')).to.deep.equal({ kind: 'ok', via: 'recovery-code' });
    });
  });

  describe('DeletePasskey', () => {
    it('removing the last passkey while the app is off removes the recovery codes too', async () => {
      const f = await passkeyOnly();
      expect(await f.remove(f.passkeyId)).to.deep.equal({ kind: 'ok', lastSecondFactor: true, recoveryCodesRemoved: 10 });
      expect(await f.passkeys.countOfUser(1)).to.equal(0);
      expect(await f.recoveryCodes.countUnused(1)).to.equal(0);
    });

    it('counts only unused codes among those that go with the last passkey', async () => {
      const f = await passkeyOnly();
      expect((await f.verify(f.codes[0] ?? '')).kind).to.equal('ok');
      expect(await f.remove(f.passkeyId)).to.deep.equal({ kind: 'ok', lastSecondFactor: true, recoveryCodesRemoved: 9 });
    });

    it('keeps the codes while another passkey remains', async () => {
      const f = await passkeyOnly();
      await addPasskey(f.passkeys, 1, 'Phone');
      expect(await f.remove(f.passkeyId)).to.deep.equal({ kind: 'ok', lastSecondFactor: false, recoveryCodesRemoved: 0 });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(10);
    });

    it('keeps the codes when the authenticator app is on', async () => {
      const f = await passkeyOnly();
      await turnAppOn(f);
      expect(await f.remove(f.passkeyId)).to.deep.equal({ kind: 'ok', lastSecondFactor: false, recoveryCodesRemoved: 0 });
      expect(await f.recoveryCodes.countUnused(1)).to.equal(10);
    });

    it("removes nothing for another user's passkey", async () => {
      const f = await passkeyOnly();
      await f.users.create({ email: Email.parse('grace@example.com') as Email, passwordHash: 'x', phone: null });
      const graces = await addPasskey(f.passkeys, 2);
      expect(await f.remove(graces)).to.deep.equal({ kind: 'not-found' });
      expect([await f.passkeys.countOfUser(2), await f.recoveryCodes.countUnused(1)]).to.deep.equal([1, 10]);
    });

    it('keeps the passkey when the codes cannot be removed: one transaction', async () => {
      const container = testContainer();
      const recoveryCodes = new FailingDeletes();
      container.replace(twoFactorIds.recoveryCodes, recoveryCodes);
      const { users, passkeys, audit } = memoryTransactions(container).stores;
      const ada = await users.create({ email: Email.parse('ada@example.com') as Email, passwordHash: 'x', phone: null });
      const passkeyId = await addPasskey(passkeys, ada.id);
      await recoveryCodes.replace(ada.id, ['hash-1', 'hash-2']);
      const deletePasskey = container.get(passkeysIds.delete);

      const outcome = await deletePasskey
        .execute({ userId: ada.id, passkeyId, request: testRequest(), passwordConfirmed: true })
        .catch((error: Error) => error.message);

      expect(outcome).to.equal('database unavailable');
      expect([await passkeys.countOfUser(ada.id), await recoveryCodes.countUnused(ada.id)]).to.deep.equal([1, 2]);
      expect(await audit.listOfUser(ada.id, { before: null, limit: 10 })).to.deep.equal([]);
    });
  });

  describe('ShowTwoFactor', () => {
    it('shows a passkey-only user the app off, with their passkeys and recovery codes counted', async () => {
      const f = await passkeyOnly();
      expect(await f.showTwoFactor.execute(1)).to.deep.equal({ kind: 'off', passkeys: 1, recoveryCodesLeft: 10 });
    });
  });
});
