import { expect } from 'chai';
import { RequestLoginCode } from '../../../../src/application/accounts/request-login-code.js';
import type { LoginCodeSecrets } from '../../../../src/application/accounts/ports/login-codes.js';
import { keyedLoginCodes } from '../../../../src/infrastructure/accounts/keyed-login-codes.js';
import { captureLog } from '../../../support/captured-log.js';
import { deferred } from '../../../support/deferred.js';
import { linkFixture } from '../../../support/links/link-fixture.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';

const SECRETS = keyedLoginCodes('unit-test-login-code-key');

async function setUp(secrets: LoginCodeSecrets = SECRETS) {
  const fixture = await linkFixture();
  const log = captureLog();
  const { events } = testSecurityEvents({ logger: log.logger, audit: fixture.audit, clock: fixture.clock });
  const request = new RequestLoginCode(fixture.transactions, secrets, fixture.clock, fixture.throttle, log.logger, events);
  return { ...fixture, log, request };
}

const ask = (email: string) => ({ email, request: testRequest() });

describe('RequestLoginCode', () => {
  it('queues a login-code message with an 8-digit code for 10 minutes, and stores only its hash', async () => {
    const { request, outbox, tokens, clock, ada } = await setUp();
    expect(await request.execute(ask(' ADA@example.com '))).to.deep.equal({ kind: 'accepted' });
    await request.idle();
    const mail = outbox.queued.at(-1);
    expect(mail).to.include({ kind: 'login-code', to: 'ada@example.com', expiresInMinutes: 10 });
    const code = mail?.kind === 'login-code' ? mail.code : '';
    expect(code).to.match(/^[0-9]{8}$/);
    const stored = await tokens.listOfUser(ada.id);
    expect(stored.map((token) => [token.purpose, token.expiresAt])).to.deep.equal([['login-code', clock.now() + 600_000]]);
    expect(await tokens.find('login-code', code, clock.now())).to.equal(null);
    expect(await tokens.find('login-code', SECRETS.hashOf(ada.id, code), clock.now())).not.to.equal(null);
  });

  it('answers accepted for an unknown address and a locked account, sending and storing nothing', async () => {
    const { request, outbox, users, ada, tokens, log } = await setUp();
    await users.setLocked(ada.id, true);
    expect(await request.execute(ask('nobody@example.com'))).to.deep.equal({ kind: 'accepted' });
    expect(await request.execute(ask('ada@example.com'))).to.deep.equal({ kind: 'accepted' });
    await request.idle();
    expect(outbox.queued).to.deep.equal([]);
    expect(await tokens.listOfUser(ada.id)).to.deep.equal([]);
    const lines = log.lines().filter((line) => line.event === 'login-code.requested');
    expect(lines.map((line) => line.userId ?? null)).to.deep.equal([null, null]);
  });

  it('answers before it looks the address up', async () => {
    const hold = deferred();
    const { outbox, transactions, clock, throttle, log } = await setUp();
    const held = new RequestLoginCode(
      { run: async (work) => hold.promise.then(() => transactions.run(work)) },
      SECRETS,
      clock,
      throttle,
      log.logger,
      testSecurityEvents().events,
    );
    expect(await held.execute(ask('ada@example.com'))).to.deep.equal({ kind: 'accepted' });
    expect(outbox.queued).to.deep.equal([]);
    hold.resolve();
    await held.idle();
    expect(outbox.queued.map((mail) => mail.kind)).to.deep.equal(['login-code']);
  });

  it('lets a newer code supersede the older one', async () => {
    let next = 0;
    const { request, tokens, ada, clock } = await setUp({ create: () => ['11111111', '22222222'][next++] as string, hashOf: SECRETS.hashOf });
    await request.execute(ask('ada@example.com'));
    await request.idle();
    await request.execute(ask('ada@example.com'));
    await request.idle();
    expect(await tokens.find('login-code', SECRETS.hashOf(ada.id, '11111111'), clock.now())).to.equal(null);
    expect(await tokens.find('login-code', SECRETS.hashOf(ada.id, '22222222'), clock.now())).not.to.equal(null);
  });

  it('refuses a malformed address, and throttles per address with a login-code.refused event', async () => {
    const { request, log } = await setUp();
    expect(await request.execute(ask('not an email'))).to.deep.equal({ kind: 'invalid-email' });
    for (let n = 0; n < 5; n++) expect((await request.execute(ask('ada@example.com'))).kind).to.equal('accepted');
    expect((await request.execute(ask('ada@example.com'))).kind).to.equal('throttled');
    expect(log.lines().filter((line) => line.event === 'login-code.refused').map((line) => line.reason)).to.deep.equal(['throttled']);
  });
});
