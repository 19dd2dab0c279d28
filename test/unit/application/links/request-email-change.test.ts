import { expect } from 'chai';
import type { OutgoingMail } from '../../../../src/application/mail/outgoing-mail.js';
import { RequestEmailChange } from '../../../../src/application/links/request-email-change.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { accountLinks } from '../../../../src/web/links/account-links.js';
import { ADA_PASSWORD, accountFixture, FailingOutbox, type FixtureStores } from '../../../support/accounts/account-fixture.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;

async function setUp(stores: FixtureStores = {}) {
  const fixture = await accountFixture(stores);
  const { check, throttle, transactions, clock, ada } = fixture;
  const links = accountLinks('https://auth.example.com');
  const events = new RecordedEvents();
  const useCase = new RequestEmailChange(check, throttle, cryptoSecretTokens, links, transactions, clock, DAY_MS, events);
  const request = testRequest(fixture.address);
  const ask = (newEmail: string, currentPassword = ADA_PASSWORD) =>
    useCase.execute({ userId: ada.id, newEmail, currentPassword, request });
  return { ...fixture, ask, events, request };
}

/** The token carried by the link of a queued confirmation. */
function tokenOf(mail: OutgoingMail | undefined): string {
  if (mail?.kind !== 'email-change-confirmation') throw new Error(`not a confirmation: ${JSON.stringify(mail)}`);
  return new URL(mail.link).searchParams.get('token') ?? '';
}

describe('RequestEmailChange', () => {
  it('sends a link to the new address, normalised, and changes nothing yet', async () => {
    const { ask, outbox, users, ada } = await setUp();

    const result = await ask('  Ada.Lovelace@Example.com ');

    expect(result).to.deep.equal({ kind: 'ok', newEmail: 'ada.lovelace@example.com' });
    expect(outbox.queued).to.have.length(1);
    const [mail] = outbox.queued;
    expect(mail).to.include({ kind: 'email-change-confirmation', to: 'ada.lovelace@example.com', expiresInMinutes: 1440 });
    expect((mail as { link: string }).link).to.match(/^https:\/\/auth\.example\.com\/email\/change\?token=[\w-]{43}$/);
    expect((await users.findById(ada.id))?.email.value).to.equal('ada@example.com');
  });

  it('stores only a hash of the link\'s token, for the new address, expiring after the TTL', async () => {
    const { ask, outbox, tokens, clock, ada } = await setUp();
    await ask('lovelace@example.com');
    const token = tokenOf(outbox.queued[0]);

    expect(await tokens.find('email-change', token, clock.now())).to.equal(null);
    expect(await tokens.find('email-change', cryptoSecretTokens.hashOf(token), clock.now())).to.deep.equal({
      purpose: 'email-change',
      userId: ada.id,
      newEmail: 'lovelace@example.com',
      expiresAt: clock.now() + DAY_MS,
    });
  });

  it('answers an address another account has exactly as a free one, and sends it nothing', async () => {
    const { ask, outbox, addUser } = await setUp();
    await addUser('grace@example.com', 'compiler-1952');

    expect(await ask('grace@example.com')).to.deep.equal({ kind: 'ok', newEmail: 'grace@example.com' });
    expect(outbox.queued).to.deep.equal([]);
  });

  it('supersedes the link of an earlier request', async () => {
    const { ask, outbox, isLive } = await setUp();
    await ask('first@example.com');
    await ask('second@example.com');

    expect(await isLive('email-change', tokenOf(outbox.queued[0]))).to.equal(false);
    expect(await isLive('email-change', tokenOf(outbox.queued[1]))).to.equal(true);
  });

  it('refuses a malformed address before checking the password', async () => {
    const { ask, hasher } = await setUp();
    const verifies = hasher.calls.verify;
    expect(await ask('not an email')).to.deep.equal({ kind: 'invalid-email' });
    expect(await ask(`${'a'.repeat(250)}@example.com`)).to.deep.equal({ kind: 'invalid-email' });
    expect(hasher.calls.verify).to.equal(verifies);
  });

  it('answers same-email for the current address, whatever its case', async () => {
    const { ask, outbox } = await setUp();
    expect(await ask('ADA@example.com')).to.deep.equal({ kind: 'same-email' });
    expect(outbox.queued).to.deep.equal([]);
  });

  it('refuses a wrong current password, issuing nothing', async () => {
    const { ask, outbox, tokens, clock } = await setUp();
    expect(await ask('lovelace@example.com', 'guess')).to.deep.equal({ kind: 'wrong-password' });
    expect(outbox.queued).to.deep.equal([]);
    expect(await tokens.purgeExpired(clock.now() + 2 * DAY_MS)).to.equal(0);
  });

  it('saves no token when the message cannot be queued', async () => {
    const { ask, tokens, clock } = await setUp({ outbox: new FailingOutbox() });
    await ask('lovelace@example.com').catch(() => undefined);
    expect(await tokens.purgeExpired(clock.now() + 2 * DAY_MS)).to.equal(0);
  });

  it('sends at most 5 links an hour, then answers too-many-requests with the wait, queuing nothing', async () => {
    const { ask, outbox } = await setUp();
    for (let n = 1; n <= 5; n += 1) expect((await ask(`new${n}@example.com`)).kind).to.equal('ok');

    const refused = await ask('new6@example.com');

    expect(refused.kind).to.equal('too-many-requests');
    expect(refused.kind === 'too-many-requests' && refused.retryAfterSeconds).to.be.within(1, 3600);
    expect(outbox.queued.map((mail) => mail.to)).to.not.include('new6@example.com');
    expect(outbox.queued).to.have.length(5);
  });

  describe('its security events', () => {
    it('records account.email-change-requested, with the request, also for an address another account has', async () => {
      const { ask, addUser, events, ada, request } = await setUp();
      await addUser('grace@example.com', 'compiler-1952');
      await ask('lovelace@example.com');
      await ask('grace@example.com');
      const requested = { type: 'account.email-change-requested', userId: ada.id, request };
      expect(events.recorded).to.deep.equal([requested, requested]);
    });

    it('records account.refused for too many requests and for a wrong current password', async () => {
      const { ask, events, ada, request } = await setUp();
      for (let n = 1; n <= 5; n += 1) await ask(`new${n}@example.com`);
      await ask('new6@example.com');
      await ask('new7@example.com', 'guess');
      expect(events.of('account.refused')).to.deep.equal([
        { type: 'account.refused', userId: ada.id, reason: 'too-many-requests', request },
        { type: 'account.refused', userId: ada.id, reason: 'wrong-password', request },
      ]);
    });

    it('records nothing for a malformed or unchanged address, or when the link could not be saved', async () => {
      const { ask, events } = await setUp();
      await ask('not an email');
      await ask('ADA@example.com');
      expect(events.recorded).to.deep.equal([]);

      const failing = await setUp({ outbox: new FailingOutbox() });
      await failing.ask('lovelace@example.com').catch(() => undefined);
      expect(failing.events.recorded).to.deep.equal([]);
    });
  });
});
