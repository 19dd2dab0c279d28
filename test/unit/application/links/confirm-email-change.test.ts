import { expect } from 'chai';
import { ConfirmEmailChange } from '../../../../src/application/links/confirm-email-change.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { EmailTakenError } from '../../../../src/domain/shared/errors.js';
import type { User } from '../../../../src/domain/shared/user.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { accountFixture, FailingOutbox, type FixtureStores } from '../../../support/accounts/account-fixture.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';

const HOUR_MS = 3_600_000;

async function setUp(stores: FixtureStores = {}) {
  const fixture = await accountFixture(stores);
  const { transactions, clock, ada } = fixture;
  const events = new RecordedEvents();
  const useCase = new ConfirmEmailChange(cryptoSecretTokens, transactions, clock, events);
  const request = testRequest(fixture.address);
  /** Follows the link with this token, in `request`. */
  const confirm = { execute: (token: unknown) => useCase.execute({ token, request }) };
  const link = await fixture.issueToken({ purpose: 'email-change', userId: ada.id, newEmail: 'lovelace@example.com' });
  const emailOf = async () => (await fixture.users.findById(ada.id))?.email.value;
  return { ...fixture, confirm, link, emailOf, events, request };
}

/** A user store where another account takes the address between the look-up and the write. */
class RacedUsers extends InMemoryUserRepository {
  override async findByEmail(email: Email): Promise<User | null> {
    return email.value === 'lovelace@example.com' ? null : super.findByEmail(email);
  }

  override async changeEmail(): Promise<boolean> {
    throw new EmailTakenError();
  }
}

const MALFORMED: [string, unknown][] = [
  ['missing', undefined],
  ['empty', ''],
  ['too short', 'a'.repeat(42)],
  ['too long', 'a'.repeat(44)],
  ['non-ASCII', `${'a'.repeat(42)}é`],
  ['sent twice', ['a'.repeat(43), 'b'.repeat(43)]],
];

describe('ConfirmEmailChange', () => {
  it('changes the email to the new address, which counts as verified', async () => {
    const { confirm, link, users, ada } = await setUp();

    expect(await confirm.execute(link)).to.deep.equal({ kind: 'ok', userId: ada.id, newEmail: 'lovelace@example.com' });

    const changed = await users.findById(ada.id);
    expect(changed?.email.value).to.equal('lovelace@example.com');
    expect(changed?.emailVerified).to.equal(true);
    expect(await users.findByEmail(Email.fromTrusted('ada@example.com'))).to.equal(null);
  });

  it('tells the old address, naming the new one', async () => {
    const { confirm, link, outbox } = await setUp();
    await confirm.execute(link);
    expect(outbox.queued).to.deep.equal([
      { kind: 'email-changed', to: 'ada@example.com', newEmail: 'lovelace@example.com' },
    ]);
  });

  it('works once: the same link again is invalid', async () => {
    const { confirm, link } = await setUp();
    await confirm.execute(link);
    expect(await confirm.execute(link)).to.deep.equal({ kind: 'invalid-token' });
  });

  it('voids the links that went to the old address', async () => {
    const { confirm, link, issueToken, isLive, ada } = await setUp();
    const reset = await issueToken({ purpose: 'password-reset', userId: ada.id, newEmail: null });
    await confirm.execute(link);
    expect(await isLive('password-reset', reset)).to.equal(false);
  });

  it('fails with email-taken when another account took the address meanwhile, changing nothing', async () => {
    const { confirm, link, addUser, emailOf, outbox, isLive } = await setUp();
    await addUser('lovelace@example.com', 'someone-else');

    expect(await confirm.execute(link)).to.deep.equal({ kind: 'email-taken' });
    expect(await emailOf()).to.equal('ada@example.com');
    expect(outbox.queued).to.deep.equal([]);
    expect(await isLive('email-change', link)).to.equal(true);
  });

  it('fails with email-taken, changing nothing, when the unique index decides after the look-up', async () => {
    const { confirm, link, emailOf, outbox, isLive } = await setUp({ users: new RacedUsers() });

    expect(await confirm.execute(link)).to.deep.equal({ kind: 'email-taken' });
    expect(await emailOf()).to.equal('ada@example.com');
    expect(outbox.queued).to.deep.equal([]);
    // The transaction rolled back, the use of the token with it.
    expect(await isLive('email-change', link)).to.equal(true);
  });

  it('answers invalid-token for an expired link', async () => {
    const { confirm, link, clock, emailOf } = await setUp();
    clock.advance(HOUR_MS);
    expect(await confirm.execute(link)).to.deep.equal({ kind: 'invalid-token' });
    expect(await emailOf()).to.equal('ada@example.com');
  });

  it('answers invalid-token for an unknown link, and for a link of another purpose', async () => {
    const { confirm, issueToken, ada } = await setUp();
    const reset = await issueToken({ purpose: 'password-reset', userId: ada.id, newEmail: null });
    expect(await confirm.execute(cryptoSecretTokens.create().token)).to.deep.equal({ kind: 'invalid-token' });
    expect(await confirm.execute(reset)).to.deep.equal({ kind: 'invalid-token' });
  });

  for (const [name, token] of MALFORMED) {
    it(`answers invalid-token for a token that is ${name}`, async () => {
      const { confirm } = await setUp();
      expect(await confirm.execute(token)).to.deep.equal({ kind: 'invalid-token' });
    });
  }

  it('keeps the link usable and the email unchanged when the notice cannot be queued', async () => {
    const { confirm, link, emailOf, isLive } = await setUp({ outbox: new FailingOutbox() });

    let caught: unknown;
    await confirm.execute(link).catch((error: unknown) => (caught = error));

    expect((caught as Error).message).to.equal('outbox unavailable');
    expect(await emailOf()).to.equal('ada@example.com');
    expect(await isLive('email-change', link)).to.equal(true);
  });

  describe('its security events', () => {
    it('records account.email-changed, with the request, once the address changed', async () => {
      const { confirm, link, events, ada, request } = await setUp();
      await confirm.execute(link);
      expect(events.recorded).to.deep.equal([{ type: 'account.email-changed', userId: ada.id, request }]);
    });

    it('records nothing for a link that does not work, an address taken meanwhile, or a change that could not be saved', async () => {
      const { confirm, link, events, addUser } = await setUp();
      await confirm.execute(cryptoSecretTokens.create().token);
      await addUser('lovelace@example.com', 'taken-1234');
      await confirm.execute(link);
      expect(events.recorded).to.deep.equal([]);

      const failing = await setUp({ outbox: new FailingOutbox() });
      await failing.confirm.execute(failing.link).catch(() => undefined);
      expect(failing.events.recorded).to.deep.equal([]);
    });
  });
});
