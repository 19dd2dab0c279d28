import { expect } from 'chai';
import { ResetTwoFactor } from '../../../../src/application/administration/reset-two-factor.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { ManualClock } from '../../../support/throttle.js';
import { rootAndAda } from './fixture.js';
import { storedPasskey } from '../../../support/passkeys/passkeys.js';
import { testRequest } from '../../../support/audit/security-events.js';


/** Root and Ada; Ada with an authenticator app on, three recovery codes (one used) and two passkeys. */
async function setUp() {
  const stores = await rootAndAda();
  const { totp, recoveryCodes, passkeys } = stores.transactions.stores;
  await totp.savePending(2, 'sealed-ada');
  await totp.enable(2, 'sealed-ada', 1, 0);
  await recoveryCodes.replace(2, ['a', 'b', 'c']);
  await recoveryCodes.use(2, 'a', 0);
  await passkeys.add(storedPasskey(2, 'phone'));
  await passkeys.add(storedPasskey(2, 'laptop'));
  await passkeys.add(storedPasskey(1, 'root-key'));
  return { ...stores, totp, recoveryCodes, passkeys, reset: new ResetTwoFactor(stores.transactions, new ManualClock(), stores.events) };
}

describe('ResetTwoFactor', () => {
  it("removes the user's authenticator app, recovery codes and passkeys, and says what it removed", async () => {
    const { reset, totp, recoveryCodes, passkeys, getSecondFactors } = await setUp();

    expect(await reset.execute({ user: { id: 2 }, by: 'administrator' })).to.deep.equal({
      kind: 'ok',
      userId: 2,
      email: 'ada@example.com',
      removed: { totp: true, recoveryCodes: 2, passkeys: 2 },
    });
    expect(await totp.find(2)).to.equal(null);
    expect(await recoveryCodes.countUnused(2)).to.equal(0);
    expect(await passkeys.countOfUser(2)).to.equal(0);
    expect(await getSecondFactors.execute(2)).to.deep.equal({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
  });

  it("leaves everyone else's second factors and the user's sessions alone", async () => {
    const { reset, passkeys, sessions, now } = await setUp();
    await reset.execute({ user: { email: 'ADA@example.com' }, by: 'administrator' });
    expect(await passkeys.countOfUser(1)).to.equal(1);
    expect(await sessions.countOfUser(2, now)).to.equal(1);
  });

  it('answers none for a user without a second factor, and a second reset finds none', async () => {
    const { reset } = await setUp();
    await reset.execute({ user: { id: 2 }, by: 'administrator' });
    expect(await reset.execute({ user: { id: 2 }, by: 'administrator' })).to.deep.equal({ kind: 'none', userId: 2, email: 'ada@example.com' });
  });

  it('keeps an authenticator app still being set up when there is nothing to reset', async () => {
    const { reset, totp } = await setUp();
    await reset.execute({ user: { id: 2 }, by: 'administrator' });
    await totp.savePending(2, 'sealed-again');
    expect((await reset.execute({ user: { id: 2 }, by: 'administrator' })).kind).to.equal('none');
    expect(await totp.find(2)).to.include({ sealedSecret: 'sealed-again', enabledAt: null });
  });

  it('removes a passkey alone, as the only second factor', async () => {
    const { reset, passkeys, users } = await setUp();
    await users.create({ email: Email.parse('bob@example.org') as Email, passwordHash: 'h', phone: null });
    await passkeys.add(storedPasskey(3, 'bob-key'));
    expect(await reset.execute({ user: { id: 3 }, by: 'administrator' })).to.deep.include({ kind: 'ok', removed: { totp: false, recoveryCodes: 0, passkeys: 1 } });
  });

  it('answers not-found and invalid-email for a reference that names nobody', async () => {
    const { reset } = await setUp();
    expect(await reset.execute({ user: { id: 99 }, by: 'administrator' })).to.deep.equal({ kind: 'not-found' });
    expect(await reset.execute({ user: { email: 'not an address' }, by: 'administrator' })).to.deep.equal({ kind: 'invalid-email' });
  });

  it('writes nothing when the transaction fails', async () => {
    const { reset, passkeys, totp } = await setUp();
    const deleteAll = passkeys.deleteAllOfUser.bind(passkeys);
    passkeys.deleteAllOfUser = () => Promise.reject(new Error('disk full'));
    const failure = await reset.execute({ user: { id: 2 }, by: 'administrator' }).then(
      () => null,
      (error: unknown) => error,
    );
    passkeys.deleteAllOfUser = deleteAll;
    expect(failure).to.have.property('message', 'disk full');
    expect(await totp.find(2)).to.not.equal(null);
    expect(await passkeys.countOfUser(2)).to.equal(2);
  });

  it('queues a notice to the owner saying an administrator reset their two-factor login', async () => {
    const { reset, outbox } = await setUp();
    await reset.execute({ user: { id: 2 }, by: 'administrator' });
    expect(outbox.queued).to.deep.equal([
      { kind: 'second-factor-changed', to: 'ada@example.com', change: { kind: 'reset-by-administrator' } },
    ]);
  });

  it('says an operator reset it when the command line did', async () => {
    const { reset, outbox } = await setUp();
    await reset.execute({ user: { email: 'ada@example.com' }, by: 'operator' });
    expect(outbox.queued).to.deep.equal([{ kind: 'second-factor-changed', to: 'ada@example.com', change: { kind: 'reset-by-operator' } }]);
  });

  it('answers none, with no notice, for recovery codes left with no factor, and deletes them', async () => {
    const { reset, recoveryCodes, outbox } = await setUp();
    await reset.execute({ user: { id: 2 }, by: 'administrator' });
    await recoveryCodes.replace(2, ['left-1', 'left-2']);
    const queued = outbox.queued.length;
    expect(await reset.execute({ user: { id: 2 }, by: 'administrator' })).to.have.property('kind', 'none');
    expect([await recoveryCodes.countUnused(2), outbox.queued.length]).to.deep.equal([0, queued]);
  });

  it('queues no notice when there was nothing to reset, or nobody to reset', async () => {
    const { reset, outbox } = await setUp();
    expect(await reset.execute({ user: { id: 2 }, by: 'administrator' })).to.have.property('kind', 'ok');
    expect(await reset.execute({ user: { id: 2 }, by: 'operator' })).to.have.property('kind', 'none');
    await reset.execute({ user: { id: 99 }, by: 'administrator' });
    expect(outbox.queued.map((mail) => mail.to)).to.deep.equal(['ada@example.com']);
  });

  it('keeps every second factor when the notice cannot be queued', async () => {
    const { reset, outbox, totp, recoveryCodes, passkeys } = await setUp();
    outbox.enqueue = () => Promise.reject(new Error('outbox unavailable'));
    const failure = await reset.execute({ user: { id: 2 }, by: 'administrator' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.have.property('message', 'outbox unavailable');
    expect(await totp.find(2)).to.include({ enabledAt: 0 });
    expect(await recoveryCodes.countUnused(2)).to.equal(2);
    expect(await passkeys.countOfUser(2)).to.equal(2);
    expect(outbox.queued).to.deep.equal([]);
  });

  it("records the reset on the user's activity, naming the administrator or none for the command line; nothing to reset as refused", async () => {
    const { reset, recorded, audit } = await setUp();
    await reset.execute({ user: { id: 2 }, by: 'administrator', actorId: 1, request: testRequest() });
    await reset.execute({ user: { email: 'ada@example.com' }, by: 'operator' });
    await reset.execute({ user: { id: 99 }, by: 'administrator', actorId: 1, request: testRequest() });

    expect(recorded()).to.deep.equal([
      ['admin.two-factor-reset', 2, 1, null],
      ['admin.action-refused', 2, null, 'reset-two-factor/none'],
      ['admin.action-refused', 99, 1, 'reset-two-factor/not-found'],
    ]);
    expect((await audit.listOfUser(2, { before: null, limit: 10 })).map(({ type, actorId }) => [type, actorId])).to.deep.equal([
      ['admin.two-factor-reset', 1],
    ]);
  });

  it('records nothing when the reset fails', async () => {
    const { reset, passkeys, recorded } = await setUp();
    passkeys.deleteAllOfUser = () => Promise.reject(new Error('disk full'));
    await reset.execute({ user: { id: 2 }, by: 'administrator' }).catch(() => null);
    expect(recorded()).to.deep.equal([]);
  });
});
