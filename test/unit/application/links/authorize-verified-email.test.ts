import { expect } from 'chai';
import { AuthorizeVerifiedEmail } from '../../../../src/application/links/authorize-verified-email.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { linkFixture } from '../../../support/links/link-fixture.js';

const request = testRequest();

describe('AuthorizeVerifiedEmail', () => {
  it('allows every logged-in user, reading nothing and recording nothing, when verification is optional', async () => {
    const users = new InMemoryUserRepository();
    users.findById = () => Promise.reject(new Error('read'));
    const events = new RecordedEvents();
    expect(await new AuthorizeVerifiedEmail(users, 'optional', events).execute({ userId: 1, request })).to.deep.equal({
      kind: 'allowed',
    });
    expect(events.recorded).to.deep.equal([]);
  });

  it('when required, refuses an unverified or missing user and allows a verified one, read afresh', async () => {
    const fixture = await linkFixture();
    const authorize = new AuthorizeVerifiedEmail(fixture.users, 'required', new RecordedEvents());

    expect(await authorize.execute({ userId: 1, request })).to.deep.equal({ kind: 'unverified' });
    expect(await authorize.execute({ userId: 42, request })).to.deep.equal({ kind: 'unverified' });
    await fixture.users.markEmailVerified(1);
    expect(await authorize.execute({ userId: 1, request })).to.deep.equal({ kind: 'allowed' });
  });

  it('records email.unverified-refused, with the user and the request, for each refusal', async () => {
    const fixture = await linkFixture();
    const events = new RecordedEvents();
    const authorize = new AuthorizeVerifiedEmail(fixture.users, 'required', events);

    await authorize.execute({ userId: 1, request });
    await authorize.execute({ userId: 42, request });
    await fixture.users.markEmailVerified(1);
    await authorize.execute({ userId: 1, request });

    expect(events.recorded).to.deep.equal([
      { type: 'email.unverified-refused', userId: 1, request },
      { type: 'email.unverified-refused', userId: 42, request },
    ]);
  });

  it('refuses a request with no user, whatever the policy, and records it without a user', async () => {
    const events = new RecordedEvents();
    for (const policy of ['optional', 'required'] as const) {
      const authorize = new AuthorizeVerifiedEmail(new InMemoryUserRepository(), policy, events);
      expect(await authorize.execute({ userId: undefined, request })).to.deep.equal({ kind: 'unverified' });
    }
    const refused = { type: 'email.unverified-refused', request };
    expect(events.recorded).to.deep.equal([refused, refused]);
  });
});
