import { expect } from 'chai';
import { LogIn } from '../../../../src/application/accounts/log-in.js';
import { ADA_PASSWORD, accountFixture, FIXTURE_FAILURES_PER_EMAIL } from '../../../support/accounts/account-fixture.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';

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
    const { check, ada, address, users, hasher, throttle } = await accountFixture();
    for (let n = 0; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await check.check(ada.id, 'guess', address);

    const logIn = await new LogIn(users, hasher, throttle, testSecurityEvents().events).execute({
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
});
