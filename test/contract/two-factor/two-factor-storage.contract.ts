import { expect } from 'chai';
import type { RecoveryCodes } from '../../../src/application/two-factor/ports/recovery-codes.js';
import type { TotpCredentials } from '../../../src/application/two-factor/ports/totp-credentials.js';
import type { Transactions } from '../../../src/application/shared/ports/transactions.js';
import { recoveryCodeStore } from '../../../src/application/two-factor/ports/recovery-codes.js';
import { totpStore } from '../../../src/application/two-factor/ports/totp-credentials.js';

/** Fresh, empty stores for one test, the transactions over them, and how to release them. */
export interface TwoFactorStorageUnderTest {
  readonly totp: TotpCredentials;
  readonly recoveryCodes: RecoveryCodes;
  readonly transactions: Transactions;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const STEP = 60_000_000;
const hash = (name: string) => name.padEnd(64, '0');

/** What every `TotpCredentials` and `RecoveryCodes` adapter must do. */
export function twoFactorStorageContract(make: () => Promise<TwoFactorStorageUnderTest>): void {
  let subject: TwoFactorStorageUnderTest;
  let totp: TotpCredentials;
  let codes: RecoveryCodes;

  beforeEach(async () => {
    subject = await make();
    ({ totp, recoveryCodes: codes } = subject);
  });
  afterEach(async () => {
    await subject.close();
  });

  describe('TotpCredentials', () => {
    it('stores a credential being set up, and finds it; none for another user', async () => {
      expect(await totp.savePending(7, 'sealed-a')).to.equal(true);
      expect(await totp.find(7)).to.deep.equal({ userId: 7, sealedSecret: 'sealed-a', enabledAt: null, lastUsedStep: null });
      expect(await totp.find(8)).to.equal(null);
    });

    it('replaces a credential being set up, but never one switched on', async () => {
      await totp.savePending(7, 'sealed-a');
      expect(await totp.savePending(7, 'sealed-b')).to.equal(true);
      expect((await totp.find(7))?.sealedSecret).to.equal('sealed-b');
      expect(await totp.enable(7, 'sealed-b', STEP, NOW)).to.equal(true);
      expect(await totp.savePending(7, 'sealed-c')).to.equal(false);
      expect(await totp.find(7)).to.deep.equal({ userId: 7, sealedSecret: 'sealed-b', enabledAt: NOW, lastUsedStep: STEP });
    });

    it('keeps one of two racing setups, and says both are being set up', async () => {
      const answers = await Promise.all([totp.savePending(7, 'sealed-a'), totp.savePending(7, 'sealed-b')]);
      expect(answers).to.deep.equal([true, true]);
      expect(['sealed-a', 'sealed-b']).to.include((await totp.find(7))?.sealedSecret);
    });

    it('switches on only the credential being set up with that very secret, once', async () => {
      await totp.savePending(7, 'sealed-a');
      expect(await totp.enable(7, 'sealed-old', STEP, NOW)).to.equal(false);
      expect(await totp.enable(8, 'sealed-a', STEP, NOW)).to.equal(false);
      expect(await totp.enable(7, 'sealed-a', STEP, NOW)).to.equal(true);
      expect(await totp.enable(7, 'sealed-a', STEP + 1, NOW)).to.equal(false);
    });

    it('accepts a step only when later than the last one used, and only when switched on', async () => {
      await totp.savePending(7, 'sealed-a');
      expect(await totp.acceptStep(7, STEP)).to.equal(false);
      await totp.enable(7, 'sealed-a', STEP, NOW);
      expect(await totp.acceptStep(7, STEP)).to.equal(false);
      expect(await totp.acceptStep(7, STEP - 1)).to.equal(false);
      expect(await totp.acceptStep(7, STEP + 1)).to.equal(true);
      expect(await totp.acceptStep(7, STEP + 1)).to.equal(false);
      expect((await totp.find(7))?.lastUsedStep).to.equal(STEP + 1);
    });

    it('lets one of many requests with the same step through', async () => {
      await totp.savePending(7, 'sealed-a');
      await totp.enable(7, 'sealed-a', STEP, NOW);
      const answers = await Promise.all(Array.from({ length: 5 }, () => totp.acceptStep(7, STEP + 2)));
      expect(answers.filter(Boolean)).to.have.length(1);
    });

    it('re-seals only when the stored secret is still the one read', async () => {
      await totp.savePending(7, 'sealed-a');
      expect(await totp.reseal(7, 'sealed-x', 'sealed-b')).to.equal(false);
      expect(await totp.reseal(7, 'sealed-a', 'sealed-b')).to.equal(true);
      expect((await totp.find(7))?.sealedSecret).to.equal('sealed-b');
    });

    it('lists credentials after a user id, by user id, a page at a time', async () => {
      for (const id of [9, 3, 5, 7]) await totp.savePending(id, `sealed-${id}`);
      expect((await totp.listAfter(0, 2)).map((c) => c.userId)).to.deep.equal([3, 5]);
      expect((await totp.listAfter(5, 10)).map((c) => c.userId)).to.deep.equal([7, 9]);
      expect(await totp.listAfter(9, 10)).to.deep.equal([]);
    });

    it("deletes a user's credential, and says whether there was one", async () => {
      await totp.savePending(7, 'sealed-a');
      await totp.savePending(8, 'sealed-b');
      expect(await totp.deleteOfUser(7)).to.equal(true);
      expect(await totp.deleteOfUser(7)).to.equal(false);
      expect(await totp.find(7)).to.equal(null);
      expect(await totp.find(8)).not.to.equal(null);
    });
  });

  describe('RecoveryCodes', () => {
    it('replaces a set, counts the unused codes, and leaves other users alone', async () => {
      await codes.replace(7, [hash('a'), hash('b'), hash('c')]);
      await codes.replace(8, [hash('a')]);
      expect(await codes.countUnused(7)).to.equal(3);
      await codes.replace(7, [hash('d')]);
      expect(await codes.countUnused(7)).to.equal(1);
      expect(await codes.use(7, hash('a'), NOW)).to.equal(false);
      expect(await codes.countUnused(8)).to.equal(1);
    });

    it("uses a code once; a wrong code or another user's never", async () => {
      await codes.replace(7, [hash('a'), hash('b')]);
      expect(await codes.use(8, hash('a'), NOW)).to.equal(false);
      expect(await codes.use(7, hash('z'), NOW)).to.equal(false);
      expect(await codes.use(7, hash('a'), NOW)).to.equal(true);
      expect(await codes.use(7, hash('a'), NOW)).to.equal(false);
      expect(await codes.countUnused(7)).to.equal(1);
    });

    it('lets one of many requests with the same code through', async () => {
      await codes.replace(7, [hash('a')]);
      const answers = await Promise.all(Array.from({ length: 5 }, () => codes.use(7, hash('a'), NOW)));
      expect(answers.filter(Boolean)).to.have.length(1);
    });

    it("lists when each of a user's codes was used, earliest first and the unused last, never another user's", async () => {
      expect(await codes.usesOfUser(7)).to.deep.equal([]);
      await codes.replace(7, [hash('a'), hash('b'), hash('c')]);
      await codes.replace(8, [hash('a')]);
      await codes.use(7, hash('c'), NOW + 5);
      await codes.use(7, hash('a'), NOW);
      await codes.use(8, hash('a'), NOW - 1);
      expect(await codes.usesOfUser(7)).to.deep.equal([NOW, NOW + 5, null]);
      expect(await codes.usesOfUser(8)).to.deep.equal([NOW - 1]);
    });

    it("deletes every code of a user, and says how many", async () => {
      await codes.replace(7, [hash('a'), hash('b')]);
      await codes.replace(8, [hash('c')]);
      expect(await codes.deleteAllOfUser(7)).to.equal(2);
      expect(await codes.countUnused(7)).to.equal(0);
      expect(await codes.countUnused(8)).to.equal(1);
    });
  });

  describe('on a transaction', () => {
    it('keeps nothing of a transaction that failed', async () => {
      await totp.savePending(7, 'sealed-a');
      await codes.replace(7, [hash('a')]);
      const failing = subject.transactions.run(async (tx) => {
        await tx.get(totpStore).enable(7, 'sealed-a', STEP, NOW);
        await tx.get(recoveryCodeStore).replace(7, [hash('b'), hash('c')]);
        throw new Error('rolled back');
      });
      const error = await failing.then(() => null, (reason: unknown) => reason);
      expect(error).to.be.instanceOf(Error).with.property('message', 'rolled back');
      expect((await totp.find(7))?.enabledAt).to.equal(null);
      expect(await codes.countUnused(7)).to.equal(1);
    });
  });
}
