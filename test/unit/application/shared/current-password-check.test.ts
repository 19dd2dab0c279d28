import { expect } from 'chai';
import { ADA_PASSWORD, accountFixture, FIXTURE_FAILURES_PER_EMAIL } from '../../../support/accounts/account-fixture.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { accountsIds } from '../../../../src/infrastructure/accounts/accounts-ids.js';
import { CurrentPasswordCheck } from '../../../../src/application/shared/current-password-check.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';

describe('CurrentPasswordCheck', () => {
  it('answers ok with the user for the right password', async () => {
    const { check, ada, address } = await accountFixture();

    const result = await check.check(ada.id, ADA_PASSWORD, address);

    expect(result.kind).to.equal('ok');
    expect(result.kind === 'ok' && result.user.email.value).to.equal('ada@example.com');
  });

  it('answers wrong-password for another password', async () => {
    const { check, ada, address } = await accountFixture();
    expect(await check.check(ada.id, 'not-my-password', address)).to.deep.equal({ kind: 'wrong-password' });
  });

  it('counts a wrong password as a failed login of the email, so the login form is throttled too', async () => {
    const { check, ada, address, container } = await accountFixture();
    for (let n = 0; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await check.check(ada.id, 'guess', address);

    const logIn = await container.get(accountsIds.logIn).execute({
      email: 'ada@example.com',
      password: ADA_PASSWORD,
      request: testRequest('198.51.100.7'),
    });

    expect(logIn.kind).to.equal('throttled');
  });

  it('answers the throttle, checking nothing, once the email failed too often', async () => {
    const { check, ada, address, hasher } = await accountFixture();
    for (let n = 0; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await check.check(ada.id, 'guess', address);
    const verifies = hasher.calls.verify;

    const result = await check.check(ada.id, ADA_PASSWORD, address);

    expect(result.kind).to.equal('throttled');
    expect(result.kind === 'throttled' && result.retryAfterSeconds).to.be.greaterThan(0);
    expect(hasher.calls.verify).to.equal(verifies);
  });

  it('clears the failures of the email after the right password, as a login does', async () => {
    const { check, ada, address } = await accountFixture();
    for (let n = 1; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await check.check(ada.id, 'guess', address);
    await check.check(ada.id, ADA_PASSWORD, address);
    for (let n = 1; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await check.check(ada.id, 'guess', address);

    expect((await check.check(ada.id, ADA_PASSWORD, address)).kind).to.equal('ok');
  });

  it('answers current-password-missing for an empty password, without counting it', async () => {
    const { check, ada, address, counter, clock } = await accountFixture();

    expect(await check.check(ada.id, '', address)).to.deep.equal({ kind: 'current-password-missing' });
    expect(await counter.get('login:email:ada@example.com', clock.now())).to.equal(null);
  });

  it('refuses a password over 72 bytes without hashing it', async () => {
    const { check, ada, address, hasher } = await accountFixture();
    const verifies = hasher.calls.verify;

    expect(await check.check(ada.id, 'a'.repeat(10_000), address)).to.deep.equal({ kind: 'wrong-password' });
    expect(hasher.calls.verify).to.equal(verifies);
  });

  it('answers not-found for a user deleted while the session lived', async () => {
    const { check, ada, address, users } = await accountFixture();
    await users.delete(ada.id);
    expect(await check.check(ada.id, ADA_PASSWORD, address)).to.deep.equal({ kind: 'not-found' });
  });

  describe('the check of an account form (checkChange)', () => {
    const WINDOW_MS = 5 * 60 * 1000;

    /** A check that knows Ada as an account without a password. */
    async function passwordlessAda() {
      const fixture = await accountFixture();
      const { container, clock, ada } = fixture;
      const check = new CurrentPasswordCheck(
        container.get(sharedIds.users),
        container.get(sharedIds.hasher),
        container.get(sharedIds.throttle),
        container.get(sharedIds.passwordLimits),
        { accounts: [{ isPasswordless: async (userId) => userId === ada.id }], clock, windowMs: WINDOW_MS },
      );
      return { ...fixture, check };
    }

    it('asks an account without a password for a fresh sign-in, whatever password is typed', async () => {
      const { check, ada, address, clock } = await passwordlessAda();
      expect(await check.checkChange(ada.id, '', address, null)).to.deep.equal({ kind: 'fresh-sign-in-needed' });
      expect(await check.checkChange(ada.id, ADA_PASSWORD, address, null)).to.deep.equal({ kind: 'fresh-sign-in-needed' });
      const stale = clock.now() - WINDOW_MS;
      expect(await check.checkChange(ada.id, '', address, stale)).to.deep.equal({ kind: 'fresh-sign-in-needed' });
      const future = clock.now() + 1;
      expect(await check.checkChange(ada.id, '', address, future)).to.deep.equal({ kind: 'fresh-sign-in-needed' });
    });

    it('lets an account without a password go on within the sudo window', async () => {
      const { check, ada, address, clock } = await passwordlessAda();
      const result = await check.checkChange(ada.id, '', address, clock.now() - WINDOW_MS + 1);
      expect(result.kind).to.equal('ok');
      expect(await check.isPasswordless(ada.id)).to.equal(true);
    });

    it('checks the password of an account that has one, a fresh sign-in or not', async () => {
      const { check, ada, address, clock } = await accountFixture();
      expect(await check.isPasswordless(ada.id)).to.equal(false);
      expect(await check.checkChange(ada.id, '', address, clock.now())).to.deep.equal({ kind: 'current-password-missing' });
      expect(await check.checkChange(ada.id, 'guess', address, clock.now())).to.deep.equal({ kind: 'wrong-password' });
      expect((await check.checkChange(ada.id, ADA_PASSWORD, address, null)).kind).to.equal('ok');
    });
  });
});
