import { expect } from 'chai';
import { PASSKEYS_PER_USER_MAX } from '../../../../src/application/passkeys/finish-passkey-registration.js';
import type { OutgoingMail } from '../../../../src/application/mail/outgoing-mail.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { TEST_APP_URL } from '../../../support/accounts.js';
import { storedPasskey } from '../../../support/passkeys/passkeys.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { SoftAuthenticator } from '../../../support/passkeys/soft-authenticator.js';
import { passkeysFixture } from './fixture.js';

/** Ada (1) and Grace (2) on in-memory stores, and the passkey use cases that change them. */
async function adaAndGrace() {
  const { users, passkeys, outbox, startRegistration, finishRegistration, deletePasskey } = passkeysFixture();
  for (const email of ['ada@example.com', 'grace@example.com']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: 'x', phone: null });
  }

  /** Registers a passkey of `authenticator` for the user under `name`, as the page does; `between` runs before the answer. */
  async function add(userId: number, name: string, authenticator = new SoftAuthenticator(), credentialId?: string, between = async () => {}) {
    const started = await startRegistration.execute({ userId });
    if (started.kind !== 'ok') throw new Error('no options');
    const response = authenticator.register(started.optionsJSON, credentialId === undefined ? {} : { credentialId });
    await between();
    return finishRegistration.execute({ userId, pending: started.challenge, response, name, request: testRequest() });
  }

  const removePasskey = (userId: number, passkeyId: number) => deletePasskey.execute({ userId, passkeyId, request: testRequest(), passwordConfirmed: true });
  return { users, passkeys, outbox, add, removePasskey };
}

/** The notice to Ada of a passkey added or removed under this name. */
const notice = (kind: 'passkey-added' | 'passkey-removed', passkeyName: string): OutgoingMail => ({
  kind: 'second-factor-changed',
  to: 'ada@example.com',
  change: kind === 'passkey-added' ? { kind, passkeyName } : { kind, passkeyName, lastSecondFactor: false },
});

describe('the notices of passkeys added and removed', () => {
  describe('FinishPasskeyRegistration', () => {
    it('of two registrations at once past the limit, stores and announces one, and answers too-many to the other', async () => {
      const f = await adaAndGrace();
      for (let n = 1; n < PASSKEYS_PER_USER_MAX; n += 1) await f.passkeys.add(storedPasskey(1, `key-${n}`));
      const outcomes = await Promise.all([f.add(1, 'Phone'), f.add(1, 'Laptop')]);
      expect(outcomes.map((outcome) => outcome.kind).sort()).to.deep.equal(['ok', 'too-many']);
      expect(await f.passkeys.countOfUser(1)).to.equal(PASSKEYS_PER_USER_MAX);
      expect(f.outbox.queued).to.have.length(1);
    });

    it('queues "passkey added" to the owner, naming the passkey by its name and nothing else', async () => {
      const f = await adaAndGrace();
      await f.add(1, '  Work   laptop ');
      await f.add(1, '');
      expect(f.outbox.queued).to.deep.equal([notice('passkey-added', 'Work laptop'), notice('passkey-added', 'Passkey 2')]);
    });

    it('queues nothing for a refused registration', async () => {
      const f = await adaAndGrace();
      await f.add(1, 'first', new SoftAuthenticator(), 'same-credential');
      const before = f.outbox.queued.length;
      expect(await f.add(1, 'again', new SoftAuthenticator(), 'same-credential')).to.deep.equal({ kind: 'already-registered' });
      expect(await f.add(1, 'x'.repeat(65))).to.deep.equal({ kind: 'name-too-long' });
      expect(await f.add(2, 'Grace', new SoftAuthenticator(TEST_APP_URL.replace('gatehouse', 'phish')))).to.deep.equal({ kind: 'invalid-response' });
      expect(f.outbox.queued).to.have.length(before);
    });

    it('stores nothing, and queues nothing, for a user deleted meanwhile', async () => {
      const f = await adaAndGrace();
      const deleted = async () => {
        await f.users.delete(2);
      };
      expect(await f.add(2, 'Grace', new SoftAuthenticator(), undefined, deleted)).to.deep.equal({ kind: 'challenge-expired' });
      expect(await f.passkeys.countOfUser(2)).to.equal(0);
      expect(f.outbox.queued).to.deep.equal([]);
    });

    it('stores no passkey when the notice cannot be queued', async () => {
      const f = await adaAndGrace();
      f.outbox.enqueue = () => Promise.reject(new Error('outbox unavailable'));
      const failure = await f.add(1, 'laptop').then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).to.have.property('message', 'outbox unavailable');
      expect(await f.passkeys.countOfUser(1)).to.equal(0);
    });
  });

  describe('DeletePasskey', () => {
    it('queues "passkey removed" to the owner, naming the passkey removed', async () => {
      const f = await adaAndGrace();
      await f.add(1, 'phone');
      await f.add(1, 'laptop');
      const [phone] = await f.passkeys.listOfUser(1);
      expect(await f.removePasskey(1, phone?.id ?? 0)).to.deep.equal({ kind: 'ok', lastSecondFactor: false, recoveryCodesRemoved: 0 });
      expect(f.outbox.queued.slice(2)).to.deep.equal([notice('passkey-removed', 'phone')]);
    });

    it("queues nothing for an unknown passkey or another user's, which stays", async () => {
      const f = await adaAndGrace();
      await f.add(2, 'Grace key');
      const [graces] = await f.passkeys.listOfUser(2);
      const before = f.outbox.queued.length;
      expect(await f.removePasskey(1, graces?.id ?? 0)).to.deep.equal({ kind: 'not-found' });
      expect(await f.removePasskey(1, 999)).to.deep.equal({ kind: 'not-found' });
      expect(f.outbox.queued).to.have.length(before);
      expect(await f.passkeys.countOfUser(2)).to.equal(1);
    });

    it('keeps the passkey when the notice cannot be queued', async () => {
      const f = await adaAndGrace();
      await f.add(1, 'phone');
      const [phone] = await f.passkeys.listOfUser(1);
      f.outbox.enqueue = () => Promise.reject(new Error('outbox unavailable'));
      const failure = await f.removePasskey(1, phone?.id ?? 0).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).to.have.property('message', 'outbox unavailable');
      expect(await f.passkeys.countOfUser(1)).to.equal(1);
    });
  });
});
